// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {IPolicyCheck} from "./IPolicyCheck.sol";

/**
 * @dev Policies Registry: named policies (switches that can be active or not) and, per subject
 * address, a set of attribute strings. A subject "holds" a policy when it has the attribute of the
 * policy's name and the policy is active. Every registry gates its admin functions this way, this
 * one included (`TPR:<function>`).
 */
interface IPoliciesRegistry is IPolicyCheck {
    /// @dev A policy as views return it. `policyId` is 1-based, in insertion order.
    struct Policy {
        uint256 policyId;
        string policyName;
        string description;
        bool active;
    }

    /// @dev `policyName` is empty.
    error PolicyNameEmpty();
    /// @dev `description` is empty.
    error PolicyDescriptionEmpty();
    /// @dev A policy named `policyName` exists already.
    error PolicyExists(string policyName);
    /// @dev No policy is named `policyName`.
    error PolicyNotFound(string policyName);
    /// @dev No policy has id `policyId`.
    error PolicyIdNotFound(uint256 policyId);
    /// @dev The policy is inactive (it cannot be updated, or deactivated again).
    error PolicyInactive(string policyName);
    /// @dev The policy is active already.
    error PolicyAlreadyActive(string policyName);
    /// @dev The subject is the zero address.
    error SubjectInvalid(address subject);
    /// @dev The attribute list is empty.
    error AttributeListEmpty();
    /// @dev An attribute is the empty string.
    error AttributeEmpty();
    /// @dev `subject` has `attribute` already.
    error AttributeExists(address subject, string attribute);
    /// @dev `subject` does not have `attribute`.
    error AttributeNotFound(address subject, string attribute);
    /// @dev `subject` has no attributes.
    error SubjectNotFound(address subject);

    event PolicyInserted(uint256 indexed policyId, string policyName, string description);
    event PolicyUpdated(uint256 indexed policyId, string policyName, string oldDescription, string newDescription);
    event PolicyActivated(uint256 indexed policyId, string policyName);
    event PolicyDeactivated(uint256 indexed policyId, string policyName);
    event UserAttributeInserted(address indexed subject, string attribute);
    event UserAttributeDeleted(address indexed subject, string attribute);

    /**
     * @dev Inserts an active policy. Emits a {PolicyInserted} event.
     *
     * Requirements:
     * - the sender holds `TPR:insertPolicy`.
     * - `policyName` and `description` are not empty; no policy has that name.
     */
    function insertPolicy(string calldata policyName, string calldata description) external;

    /**
     * @dev Replaces the description of an active policy. Emits a {PolicyUpdated} event.
     *
     * Requirements:
     * - the sender holds `TPR:updatePolicy`.
     * - the policy exists and is active; `description` is not empty.
     */
    function updatePolicy(string calldata policyName, string calldata description) external;

    /**
     * @dev Activates an inactive policy. Emits a {PolicyActivated} event.
     *
     * Requirements:
     * - the sender holds `TPR:activatePolicy`.
     * - the policy exists and is inactive.
     */
    function activatePolicy(string calldata policyName) external;

    /**
     * @dev Deactivates an active policy: nobody holds it until it is activated again. Emits a
     * {PolicyDeactivated} event.
     *
     * Requirements:
     * - the sender holds `TPR:deactivatePolicy`.
     * - the policy exists and is active.
     */
    function deactivatePolicy(string calldata policyName) external;

    /**
     * @dev Gives `subject` the attributes. Emits a {UserAttributeInserted} event per attribute.
     *
     * Requirements:
     * - the sender holds `TPR:insertUserAttributes`.
     * - `subject` is not zero; `attributes` is not empty; none is empty or held already.
     */
    function insertUserAttributes(address subject, string[] calldata attributes) external;

    /**
     * @dev Takes the attributes from `subject`; a subject left without attributes is no longer
     * listed. Emits a {UserAttributeDeleted} event per attribute.
     *
     * Requirements:
     * - the sender holds `TPR:deleteUserAttributes`.
     * - `subject` is not zero; `attributes` is not empty; `subject` holds each of them.
     */
    function deleteUserAttributes(address subject, string[] calldata attributes) external;

    /// @dev The policy named `policyName`. Reverts {PolicyNotFound}.
    function getPolicy(string calldata policyName) external view returns (Policy memory);

    /// @dev The policy with id `policyId`. Reverts {PolicyIdNotFound}.
    function getPolicyById(uint256 policyId) external view returns (Policy memory);

    /// @dev A page of policy names in insertion order, and their total.
    function getPolicies(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total);

    /// @dev A page of the subjects that hold at least one attribute, and their total.
    function getSubjects(uint256 page, uint256 pageSize) external view returns (address[] memory items, uint256 total);

    /// @dev A page of `subject`'s attributes, and their total. Reverts {SubjectNotFound}.
    function getSubjectAttributes(address subject, uint256 page, uint256 pageSize)
        external
        view
        returns (string[] memory items, uint256 total);

    /// @dev Whether `subject` has `attribute` (whatever the state of a policy of that name).
    function hasAttribute(address subject, string calldata attribute) external view returns (bool);
}
