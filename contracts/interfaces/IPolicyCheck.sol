// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev What other registries ask the Policies Registry: does `account` hold the attribute named
 * `policyName`, and is that policy active?
 */
interface IPolicyCheck {
    /**
     * @dev True iff the policy `policyName` exists, is active, and `account` holds the attribute of
     * that name. Never reverts: an unknown or inactive policy grants nothing.
     */
    function checkPolicy(string calldata policyName, address account) external view returns (bool);
}
