// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {RegistryBase} from "./common/RegistryBase.sol";
import {Pagination} from "./common/Pagination.sol";
import {CONTRACTS_REGISTRY_TYPE} from "./common/RegistryTypes.sol";
import {ICoreRegistry} from "./interfaces/ICoreRegistry.sol";
import {IContractsRegistry} from "./interfaces/IContractsRegistry.sol";

/**
 * @dev See {IContractsRegistry}. Deployed once per environment behind an `ERC1967Proxy` (UUPS;
 * upgrades need `TCR:manageTemplates`).
 */
contract ContractsRegistry is RegistryBase, UUPSUpgradeable, IContractsRegistry {
    /// @custom:storage-location erc7201:core.storage.ContractsRegistry
    struct ContractsRegistryStorage {
        address bootstrapAdmin;
        bytes32[] templateIds;
        mapping(bytes32 templateId => Template) templates;
        address[] instances;
        mapping(address instance => Deployment) deployments;
        mapping(bytes32 registryType => address instance) defaults;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.ContractsRegistry")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant CONTRACTS_REGISTRY_STORAGE_LOCATION =
        0x15d1d11e39f584790fa518765136bc1dc790187b513fd53c2e9d4ca7bc91d300;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @dev Initialises the registry in bootstrap, managed by `admin` until {setRegistryLinks}.
    function initialize(address admin) external initializer {
        _getContractsRegistryStorage().bootstrapAdmin = admin;
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return CONTRACTS_REGISTRY_TYPE;
    }

    /// @inheritdoc IContractsRegistry
    function addTemplate(string calldata name, string calldata version, address implementation)
        external
        returns (bytes32 templateId)
    {
        _authorise("TCR:manageTemplates");
        if (bytes(name).length == 0 || bytes(version).length == 0) revert TemplateFieldEmpty();
        templateId = _registryTypeOf(implementation);
        ContractsRegistryStorage storage $ = _getContractsRegistryStorage();
        if ($.templates[templateId].beacon != address(0)) revert TemplateExists(templateId);
        address beacon = address(new UpgradeableBeacon(implementation, address(this)));
        $.templates[templateId] =
            Template(templateId, name, version, beacon, implementation, true, block.timestamp, block.timestamp);
        $.templateIds.push(templateId);
        emit TemplateAdded(templateId, name, version, beacon, implementation);
    }

    /// @inheritdoc IContractsRegistry
    function upgradeTemplate(bytes32 templateId, string calldata version, address implementation) external {
        _authorise("TCR:manageTemplates");
        Template storage template = _template(templateId);
        if (bytes(version).length == 0) revert TemplateFieldEmpty();
        bytes32 actual = _registryTypeOf(implementation);
        if (actual != templateId) revert ImplementationTypeMismatch(templateId, actual);
        UpgradeableBeacon(template.beacon).upgradeTo(implementation);
        template.version = version;
        template.implementation = implementation;
        template.updatedAt = block.timestamp;
        emit TemplateUpgraded(templateId, version, implementation);
    }

    /// @inheritdoc IContractsRegistry
    function setTemplateActive(bytes32 templateId, bool active) external {
        _authorise("TCR:manageTemplates");
        _template(templateId).active = active;
        emit TemplateActivationChanged(templateId, active);
    }

    /// @inheritdoc IContractsRegistry
    function deployInstance(bytes32 templateId, bytes calldata initData, string calldata deployerDid)
        external
        returns (address instance)
    {
        _authorise("TCR:deployProxy");
        if (bytes(deployerDid).length == 0) revert DeployerDidEmpty();
        if (_didRegistry() != address(0)) _checkController(deployerDid);
        Template storage template = _template(templateId);
        if (!template.active) revert TemplateInactive(templateId);
        instance = address(new BeaconProxy(template.beacon, initData));
        ContractsRegistryStorage storage $ = _getContractsRegistryStorage();
        $.deployments[instance] = Deployment(instance, msg.sender, deployerDid, templateId, block.timestamp, true);
        $.instances.push(instance);
        emit InstanceDeployed(instance, templateId, msg.sender, deployerDid, initData, block.timestamp);
    }

    /// @inheritdoc IContractsRegistry
    function setInstanceActive(address instance, bool active) external {
        _authorise("TCR:manageInstances");
        _deployment(instance).active = active;
        emit InstanceActivationChanged(instance, active);
    }

    /// @inheritdoc IContractsRegistry
    function setDefaultInstance(address instance) external {
        _authorise("TCR:manageTemplates");
        Deployment storage deployment = _deployment(instance);
        if (!deployment.active) revert InstanceInactive(instance);
        _getContractsRegistryStorage().defaults[deployment.templateId] = instance;
        emit DefaultInstanceSet(deployment.templateId, instance);
    }

    /// @inheritdoc IContractsRegistry
    function setRegistryLinks(address policiesRegistry_, address didRegistry_) external {
        _authorise("TCR:manageTemplates");
        if (policiesRegistry_ == address(0) || didRegistry_ == address(0)) revert RegistryLinkInvalid();
        _setRegistryLinks(policiesRegistry_, didRegistry_);
    }

    /// @inheritdoc IContractsRegistry
    function getTemplate(bytes32 templateId) external view returns (Template memory) {
        return _template(templateId);
    }

    /// @inheritdoc IContractsRegistry
    function getTemplates(uint256 page, uint256 pageSize) external view returns (bytes32[] memory, uint256) {
        return Pagination.slice(_getContractsRegistryStorage().templateIds, page, pageSize);
    }

    /// @inheritdoc IContractsRegistry
    function getDeployment(address instance) external view returns (Deployment memory) {
        return _deployment(instance);
    }

    /// @inheritdoc IContractsRegistry
    function getDeployments(uint256 page, uint256 pageSize) external view returns (address[] memory, uint256) {
        return Pagination.slice(_getContractsRegistryStorage().instances, page, pageSize);
    }

    /// @inheritdoc IContractsRegistry
    function isRegisteredInstance(address instance) external view returns (bool) {
        return _getContractsRegistryStorage().deployments[instance].deployer != address(0);
    }

    /// @inheritdoc IContractsRegistry
    function defaultInstance(bytes32 registryType_) external view returns (address) {
        return _getContractsRegistryStorage().defaults[registryType_];
    }

    /// @inheritdoc IContractsRegistry
    function bootstrapAdmin() external view returns (address) {
        return _getContractsRegistryStorage().bootstrapAdmin;
    }

    /// @inheritdoc IContractsRegistry
    function didRegistry() external view returns (address) {
        return _didRegistry();
    }

    /// @dev Upgrades of the Contracts Registry itself need `TCR:manageTemplates`.
    function _authorizeUpgrade(address) internal view override {
        _authorise("TCR:manageTemplates");
    }

    function _getContractsRegistryStorage() private pure returns (ContractsRegistryStorage storage $) {
        assembly {
            $.slot := CONTRACTS_REGISTRY_STORAGE_LOCATION
        }
    }

    /// @dev The bootstrap admin acts alone until the Policies Registry is linked; policies gate afterwards.
    function _authorise(string memory policyName) private view {
        if (_policiesRegistry() == address(0)) {
            if (msg.sender != _getContractsRegistryStorage().bootstrapAdmin) revert NotBootstrapAdmin(msg.sender);
        } else {
            _checkPolicy(policyName);
        }
    }

    function _template(bytes32 templateId) private view returns (Template storage template) {
        template = _getContractsRegistryStorage().templates[templateId];
        if (template.beacon == address(0)) revert TemplateNotFound(templateId);
    }

    function _deployment(address instance) private view returns (Deployment storage deployment) {
        deployment = _getContractsRegistryStorage().deployments[instance];
        if (deployment.deployer == address(0)) revert InstanceNotFound(instance);
    }

    function _registryTypeOf(address implementation) private view returns (bytes32) {
        if (implementation.code.length == 0) revert ImplementationInvalid(implementation);
        try ICoreRegistry(implementation).registryType() returns (bytes32 type_) {
            return type_;
        } catch {
            revert ImplementationInvalid(implementation);
        }
    }
}
