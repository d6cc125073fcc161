// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {RegistryBase} from "./common/RegistryBase.sol";
import {Pagination} from "./common/Pagination.sol";
import {POLICIES_REGISTRY_TYPE} from "./common/RegistryTypes.sol";
import {IPoliciesRegistry} from "./interfaces/IPoliciesRegistry.sol";
import {IPolicyCheck} from "./interfaces/IPolicyCheck.sol";

/**
 * @dev See {IPoliciesRegistry}. The registry gates itself: `initialize(admin)` inserts the six
 * `TPR:<function>` policies and gives them to `admin`, who can then manage everything else.
 */
contract PoliciesRegistry is RegistryBase, IPoliciesRegistry {
    struct StoredPolicy {
        string name;
        string description;
        bool active;
    }

    /// @custom:storage-location erc7201:core.storage.PoliciesRegistry
    struct PoliciesRegistryStorage {
        StoredPolicy[] policies;
        mapping(string name => uint256 id) policyIds; // 1-based; 0 = none
        address[] subjects;
        mapping(address subject => uint256 position) subjectPositions; // 1-based; 0 = none
        mapping(address subject => string[] attributes) attributes;
        mapping(address subject => mapping(string attribute => uint256 position)) attributePositions; // 1-based
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.PoliciesRegistry")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant POLICIES_REGISTRY_STORAGE_LOCATION =
        0xb8311d6d94c082fc28979e773d185f1600d387c72e86c8f68387cfb4d9b95b00;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /**
     * @dev Initialises an instance whose `admin` holds every `TPR:<function>` policy. Emits
     * {PolicyInserted} and {UserAttributeInserted} events for them.
     */
    function initialize(address admin) external initializer {
        if (admin == address(0)) revert SubjectInvalid(admin);
        __RegistryBase_init(address(this), address(0));
        string[6] memory names = [
            "TPR:insertPolicy",
            "TPR:updatePolicy",
            "TPR:activatePolicy",
            "TPR:deactivatePolicy",
            "TPR:insertUserAttributes",
            "TPR:deleteUserAttributes"
        ];
        for (uint256 i = 0; i < names.length; ++i) {
            _insertPolicy(names[i], "Policies Registry administration");
            _insertAttribute(admin, names[i]);
        }
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return POLICIES_REGISTRY_TYPE;
    }

    /// @inheritdoc IPoliciesRegistry
    function insertPolicy(string calldata policyName, string calldata description) external {
        _checkPolicy("TPR:insertPolicy");
        _insertPolicy(policyName, description);
    }

    /// @inheritdoc IPoliciesRegistry
    function updatePolicy(string calldata policyName, string calldata description) external {
        _checkPolicy("TPR:updatePolicy");
        (uint256 id, StoredPolicy storage policy) = _activePolicy(policyName);
        if (bytes(description).length == 0) revert PolicyDescriptionEmpty();
        string memory old = policy.description;
        policy.description = description;
        emit PolicyUpdated(id, policyName, old, description);
    }

    /// @inheritdoc IPoliciesRegistry
    function activatePolicy(string calldata policyName) external {
        _checkPolicy("TPR:activatePolicy");
        (uint256 id, StoredPolicy storage policy) = _policy(policyName);
        if (policy.active) revert PolicyAlreadyActive(policyName);
        policy.active = true;
        emit PolicyActivated(id, policyName);
    }

    /// @inheritdoc IPoliciesRegistry
    function deactivatePolicy(string calldata policyName) external {
        _checkPolicy("TPR:deactivatePolicy");
        (uint256 id, StoredPolicy storage policy) = _activePolicy(policyName);
        policy.active = false;
        emit PolicyDeactivated(id, policyName);
    }

    /// @inheritdoc IPoliciesRegistry
    function insertUserAttributes(address subject, string[] calldata attributes) external {
        _checkPolicy("TPR:insertUserAttributes");
        _checkAttributeList(subject, attributes.length);
        for (uint256 i = 0; i < attributes.length; ++i) {
            _insertAttribute(subject, attributes[i]);
        }
    }

    /// @inheritdoc IPoliciesRegistry
    function deleteUserAttributes(address subject, string[] calldata attributes) external {
        _checkPolicy("TPR:deleteUserAttributes");
        _checkAttributeList(subject, attributes.length);
        for (uint256 i = 0; i < attributes.length; ++i) {
            _deleteAttribute(subject, attributes[i]);
        }
    }

    /// @inheritdoc IPolicyCheck
    function checkPolicy(string calldata policyName, address account) external view returns (bool) {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        uint256 id = $.policyIds[policyName];
        return id != 0 && $.policies[id - 1].active && $.attributePositions[account][policyName] != 0;
    }

    /// @inheritdoc IPoliciesRegistry
    function getPolicy(string calldata policyName) external view returns (Policy memory) {
        (uint256 id, StoredPolicy storage policy) = _policy(policyName);
        return Policy(id, policy.name, policy.description, policy.active);
    }

    /// @inheritdoc IPoliciesRegistry
    function getPolicyById(uint256 policyId) external view returns (Policy memory) {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        if (policyId == 0 || policyId > $.policies.length) revert PolicyIdNotFound(policyId);
        StoredPolicy storage policy = $.policies[policyId - 1];
        return Policy(policyId, policy.name, policy.description, policy.active);
    }

    /// @inheritdoc IPoliciesRegistry
    function getPolicies(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total) {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        total = $.policies.length;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        items = new string[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = $.policies[i].name;
        }
    }

    /// @inheritdoc IPoliciesRegistry
    function getSubjects(uint256 page, uint256 pageSize) external view returns (address[] memory items, uint256 total) {
        return Pagination.slice(_getPoliciesRegistryStorage().subjects, page, pageSize);
    }

    /// @inheritdoc IPoliciesRegistry
    function getSubjectAttributes(address subject, uint256 page, uint256 pageSize)
        external
        view
        returns (string[] memory items, uint256 total)
    {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        if ($.subjectPositions[subject] == 0) revert SubjectNotFound(subject);
        return Pagination.slice($.attributes[subject], page, pageSize);
    }

    /// @inheritdoc IPoliciesRegistry
    function hasAttribute(address subject, string calldata attribute) external view returns (bool) {
        return _getPoliciesRegistryStorage().attributePositions[subject][attribute] != 0;
    }

    function _getPoliciesRegistryStorage() private pure returns (PoliciesRegistryStorage storage $) {
        assembly {
            $.slot := POLICIES_REGISTRY_STORAGE_LOCATION
        }
    }

    function _insertPolicy(string memory policyName, string memory description) private {
        if (bytes(policyName).length == 0) revert PolicyNameEmpty();
        if (bytes(description).length == 0) revert PolicyDescriptionEmpty();
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        if ($.policyIds[policyName] != 0) revert PolicyExists(policyName);
        $.policies.push(StoredPolicy(policyName, description, true));
        uint256 id = $.policies.length;
        $.policyIds[policyName] = id;
        emit PolicyInserted(id, policyName, description);
    }

    function _policy(string memory policyName) private view returns (uint256 id, StoredPolicy storage policy) {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        id = $.policyIds[policyName];
        if (id == 0) revert PolicyNotFound(policyName);
        policy = $.policies[id - 1];
    }

    function _activePolicy(string memory policyName) private view returns (uint256 id, StoredPolicy storage policy) {
        (id, policy) = _policy(policyName);
        if (!policy.active) revert PolicyInactive(policyName);
    }

    function _checkAttributeList(address subject, uint256 length) private pure {
        if (subject == address(0)) revert SubjectInvalid(subject);
        if (length == 0) revert AttributeListEmpty();
    }

    function _insertAttribute(address subject, string memory attribute) private {
        if (bytes(attribute).length == 0) revert AttributeEmpty();
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        if ($.attributePositions[subject][attribute] != 0) revert AttributeExists(subject, attribute);
        $.attributes[subject].push(attribute);
        $.attributePositions[subject][attribute] = $.attributes[subject].length;
        if ($.subjectPositions[subject] == 0) {
            $.subjects.push(subject);
            $.subjectPositions[subject] = $.subjects.length;
        }
        emit UserAttributeInserted(subject, attribute);
    }

    function _deleteAttribute(address subject, string memory attribute) private {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        uint256 position = $.attributePositions[subject][attribute];
        if (position == 0) revert AttributeNotFound(subject, attribute);
        string[] storage list = $.attributes[subject];
        string memory last = list[list.length - 1];
        list[position - 1] = last;
        $.attributePositions[subject][last] = position;
        list.pop();
        delete $.attributePositions[subject][attribute];
        if (list.length == 0) _removeSubject(subject);
        emit UserAttributeDeleted(subject, attribute);
    }

    function _removeSubject(address subject) private {
        PoliciesRegistryStorage storage $ = _getPoliciesRegistryStorage();
        uint256 position = $.subjectPositions[subject];
        address last = $.subjects[$.subjects.length - 1];
        $.subjects[position - 1] = last;
        $.subjectPositions[last] = position;
        $.subjects.pop();
        delete $.subjectPositions[subject];
    }
}
