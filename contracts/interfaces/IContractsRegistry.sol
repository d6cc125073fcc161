// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev Contracts Registry: one template per registry type, each an `UpgradeableBeacon` owned by this
 * registry, and a factory that deploys `BeaconProxy` instances of them and records every deployment.
 * Upgrading a template's beacon upgrades all its instances in one transaction. It also records the
 * environment's default instance of each registry type.
 *
 * Until its links are set, the registry is in bootstrap: only the bootstrap admin manages it and
 * deployer DIDs are not checked (the DID Registry does not exist yet). Afterwards every function is
 * gated by policies of the linked Policies Registry (`TCR:manageTemplates`, `TCR:deployProxy`,
 * `TCR:manageInstances`) and deployers must control the DID they deploy under.
 */
interface IContractsRegistry {
    /// @dev A template. `templateId` is the registry type of its implementation.
    struct Template {
        bytes32 templateId;
        string name;
        string version;
        address beacon;
        address implementation;
        bool active;
        uint256 createdAt;
        uint256 updatedAt;
    }

    /// @dev A deployed instance.
    struct Deployment {
        address instance;
        address deployer;
        string deployerDid;
        bytes32 templateId;
        uint256 deployedAt;
        bool active;
    }

    /// @dev Only the bootstrap admin may act before the registry links are set.
    error NotBootstrapAdmin(address account);
    /// @dev The template name or version is empty.
    error TemplateFieldEmpty();
    /// @dev `implementation` has no code or is not a registry (no {ICoreRegistry-registryType}).
    error ImplementationInvalid(address implementation);
    /// @dev The new implementation is of another registry type than the template.
    error ImplementationTypeMismatch(bytes32 templateId, bytes32 registryType);
    /// @dev A template exists already for this registry type.
    error TemplateExists(bytes32 templateId);
    /// @dev No template has this id.
    error TemplateNotFound(bytes32 templateId);
    /// @dev The template is deactivated: no new instances.
    error TemplateInactive(bytes32 templateId);
    /// @dev The deployer DID is empty.
    error DeployerDidEmpty();
    /// @dev No instance was deployed at this address by this registry.
    error InstanceNotFound(address instance);
    /// @dev The instance is deactivated and cannot be an environment default.
    error InstanceInactive(address instance);
    /// @dev A link is the zero address.
    error RegistryLinkInvalid();

    event TemplateAdded(
        bytes32 indexed templateId, string name, string version, address beacon, address implementation
    );
    event TemplateUpgraded(bytes32 indexed templateId, string version, address implementation);
    event TemplateActivationChanged(bytes32 indexed templateId, bool active);
    event InstanceDeployed(
        address indexed instance,
        bytes32 indexed templateId,
        address indexed deployer,
        string deployerDid,
        bytes initData,
        uint256 deployedAt
    );
    event InstanceActivationChanged(address indexed instance, bool active);
    event DefaultInstanceSet(bytes32 indexed registryType, address instance);

    /**
     * @dev Adds a template for the registry type of `implementation`, with a new beacon owned by this
     * registry. Emits a {TemplateAdded} event.
     *
     * Requirements:
     * - the sender holds `TCR:manageTemplates` (the bootstrap admin before the links are set).
     * - `name` and `version` are not empty; `implementation` is a registry; no template exists for its type.
     */
    function addTemplate(string calldata name, string calldata version, address implementation)
        external
        returns (bytes32 templateId);

    /**
     * @dev Points the template's beacon at `implementation`, upgrading every instance at once. Emits
     * a {TemplateUpgraded} event.
     *
     * Requirements:
     * - the sender holds `TCR:manageTemplates`.
     * - the template exists; `version` is not empty; `implementation` is a registry of the same type.
     */
    function upgradeTemplate(bytes32 templateId, string calldata version, address implementation) external;

    /**
     * @dev Activates or deactivates a template (inactive ones deploy no new instances). Emits a
     * {TemplateActivationChanged} event.
     *
     * Requirements:
     * - the sender holds `TCR:manageTemplates`; the template exists.
     */
    function setTemplateActive(bytes32 templateId, bool active) external;

    /**
     * @dev Deploys a `BeaconProxy` of the template, initialised with `initData` (the full calldata of
     * the implementation's `initialize`), and records it under `deployerDid`. Emits an
     * {InstanceDeployed} event.
     *
     * Requirements:
     * - the sender holds `TCR:deployProxy` (the bootstrap admin before the links are set).
     * - `deployerDid` is not empty and, once the DID Registry is linked, the sender controls it.
     * - the template exists and is active; `initData` initialises the instance without reverting.
     */
    function deployInstance(bytes32 templateId, bytes calldata initData, string calldata deployerDid)
        external
        returns (address instance);

    /**
     * @dev Activates or deactivates a deployed instance. Emits an {InstanceActivationChanged} event.
     *
     * Requirements:
     * - the sender holds `TCR:manageInstances`; the instance was deployed here.
     */
    function setInstanceActive(address instance, bool active) external;

    /**
     * @dev Makes `instance` the environment default of its registry type. Emits a {DefaultInstanceSet} event.
     *
     * Requirements:
     * - the sender holds `TCR:manageTemplates`; the instance was deployed here and is active.
     */
    function setDefaultInstance(address instance) external;

    /**
     * @dev Links the Policies Registry and the DID Registry, which ends the bootstrap phase. Emits a
     * {RegistryBase-RegistryLinksUpdated} event.
     *
     * Requirements:
     * - the sender is the bootstrap admin before the links are set, then holds `TCR:manageTemplates`.
     * - neither address is zero.
     */
    function setRegistryLinks(address policiesRegistry, address didRegistry) external;

    /// @dev The template `templateId`. Reverts {TemplateNotFound}.
    function getTemplate(bytes32 templateId) external view returns (Template memory);

    /// @dev A page of template ids in insertion order, and their total.
    function getTemplates(uint256 page, uint256 pageSize) external view returns (bytes32[] memory items, uint256 total);

    /// @dev The deployment record of `instance`. Reverts {InstanceNotFound}.
    function getDeployment(address instance) external view returns (Deployment memory);

    /// @dev A page of deployed instances in deployment order, and their total.
    function getDeployments(uint256 page, uint256 pageSize) external view returns (address[] memory items, uint256 total);

    /// @dev Whether `instance` was deployed by this registry (active or not).
    function isRegisteredInstance(address instance) external view returns (bool);

    /// @dev The environment default instance of `registryType`, or zero.
    function defaultInstance(bytes32 registryType) external view returns (address);

    /// @dev The bootstrap admin set at initialisation.
    function bootstrapAdmin() external view returns (address);

    /// @dev The linked DID Registry (zero during bootstrap).
    function didRegistry() external view returns (address);
}
