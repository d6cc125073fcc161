// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev What other registries ask the DID Registry: may `account` act for `did`?
 */
interface IControllerCheck {
    /**
     * @dev True iff some controller DID of `did` (itself included) holds a `capabilityInvocation`
     * secp256k1 key whose address is `account` and whose validity window contains the current block
     * time. False for an unknown DID.
     */
    function checkController(string calldata did, address account) external view returns (bool);
}
