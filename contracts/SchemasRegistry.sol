// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {RegistryBase} from "./common/RegistryBase.sol";
import {Pagination} from "./common/Pagination.sol";
import {SCHEMAS_REGISTRY_TYPE} from "./common/RegistryTypes.sol";
import {ISchemasRegistry} from "./interfaces/ISchemasRegistry.sol";

/**
 * @dev See {ISchemasRegistry}. Follows the storage-based `SchemaSCRegistry` of the reference, with
 * a `bytes32` schema id, revision and metadata ids unique within their parent, and complete events.
 */
contract SchemasRegistry is RegistryBase, ISchemasRegistry {
    struct Revision {
        bytes schema; // never empty once stored: marks existence
        uint64 timestamp;
        bytes32[] metadataIds;
        mapping(bytes32 metadataId => bytes metadata) metadata; // never empty once stored
    }

    struct Schema {
        bytes32[] revisionIds; // never empty once registered: marks existence
        mapping(bytes32 revisionId => Revision) revisions;
    }

    /// @custom:storage-location erc7201:core.storage.SchemasRegistry
    struct SchemasRegistryStorage {
        bytes32[] schemaIds;
        mapping(bytes32 schemaId => Schema) schemas;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.SchemasRegistry")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant SCHEMAS_REGISTRY_STORAGE_LOCATION =
        0x3499955ad92945e0033d6bd1d66f23636af088326e178c6af7d37e9e1655c000;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @dev Initialises an instance gated by the Policies Registry at `policiesRegistry_`.
    function initialize(address policiesRegistry_) external initializer {
        __RegistryBase_init(policiesRegistry_, address(0));
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return SCHEMAS_REGISTRY_TYPE;
    }

    /// @dev See {IERC165-supportsInterface}; also true for {ISchemasRegistry}.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(ISchemasRegistry).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc ISchemasRegistry
    function insertSchema(bytes32 schemaId, bytes calldata schema, bytes calldata metadata)
        external
        returns (bytes32 revisionId)
    {
        _checkPolicy("TSR:insertSchema");
        if (schemaId == bytes32(0)) revert SchemaIdEmpty();
        _checkDocuments(schema, metadata);
        SchemasRegistryStorage storage $ = _getSchemasRegistryStorage();
        if ($.schemas[schemaId].revisionIds.length != 0) revert SchemaExists(schemaId);
        $.schemaIds.push(schemaId);
        bytes32 metadataId;
        (revisionId, metadataId) = _addRevision($.schemas[schemaId], schemaId, schema, metadata);
        emit SchemaInserted(schemaId, revisionId, metadataId, schema, metadata);
    }

    /// @inheritdoc ISchemasRegistry
    function updateSchema(bytes32 schemaId, bytes calldata schema, bytes calldata metadata)
        external
        returns (bytes32 revisionId)
    {
        _checkPolicy("TSR:updateSchema");
        _checkDocuments(schema, metadata);
        Schema storage stored = _schema(schemaId);
        bytes32 metadataId;
        (revisionId, metadataId) = _addRevision(stored, schemaId, schema, metadata);
        emit SchemaUpdated(schemaId, revisionId, metadataId, schema, metadata);
    }

    /// @inheritdoc ISchemasRegistry
    function updateMetadata(bytes32 schemaId, bytes32 revisionId, bytes calldata metadata)
        external
        returns (bytes32 metadataId)
    {
        _checkPolicy("TSR:updateMetadata");
        if (metadata.length == 0) revert SchemaMetadataEmpty();
        Revision storage revision = _revision(schemaId, revisionId);
        metadataId = _addMetadata(revision, schemaId, revisionId, metadata);
        emit MetadataUpdated(schemaId, revisionId, metadataId, metadata);
    }

    /// @inheritdoc ISchemasRegistry
    function schemaExists(bytes32 schemaId) external view returns (bool) {
        return _getSchemasRegistryStorage().schemas[schemaId].revisionIds.length != 0;
    }

    /// @inheritdoc ISchemasRegistry
    function getSchemas(uint256 page, uint256 pageSize) external view returns (bytes32[] memory items, uint256 total) {
        return Pagination.slice(_getSchemasRegistryStorage().schemaIds, page, pageSize);
    }

    /// @inheritdoc ISchemasRegistry
    function getSchema(bytes32 schemaId)
        external
        view
        returns (bytes32 latestRevisionId, bytes memory schema, uint256 totalRevisions)
    {
        Schema storage stored = _schema(schemaId);
        totalRevisions = stored.revisionIds.length;
        latestRevisionId = stored.revisionIds[totalRevisions - 1];
        schema = stored.revisions[latestRevisionId].schema;
    }

    /// @inheritdoc ISchemasRegistry
    function getSchemaRevisions(bytes32 schemaId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_schema(schemaId).revisionIds, page, pageSize);
    }

    /// @inheritdoc ISchemasRegistry
    function getSchemaRevision(bytes32 schemaId, bytes32 revisionId)
        external
        view
        returns (bytes memory schema, bytes32 latestMetadataId, uint256 totalMetadata, uint256 timestamp)
    {
        Revision storage revision = _revision(schemaId, revisionId);
        totalMetadata = revision.metadataIds.length;
        return (revision.schema, revision.metadataIds[totalMetadata - 1], totalMetadata, revision.timestamp);
    }

    /// @inheritdoc ISchemasRegistry
    function getRevisionMetadataIds(bytes32 schemaId, bytes32 revisionId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_revision(schemaId, revisionId).metadataIds, page, pageSize);
    }

    /// @inheritdoc ISchemasRegistry
    function getRevisionMetadata(bytes32 schemaId, bytes32 revisionId, bytes32 metadataId)
        external
        view
        returns (bytes memory metadata)
    {
        metadata = _revision(schemaId, revisionId).metadata[metadataId];
        if (metadata.length == 0) revert SchemaMetadataNotFound(schemaId, revisionId, metadataId);
    }

    function _getSchemasRegistryStorage() private pure returns (SchemasRegistryStorage storage $) {
        assembly {
            $.slot := SCHEMAS_REGISTRY_STORAGE_LOCATION
        }
    }

    /// @dev Reverts with {SchemaEmpty} or {SchemaMetadataEmpty} for an empty document.
    function _checkDocuments(bytes calldata schema, bytes calldata metadata) private pure {
        if (schema.length == 0) revert SchemaEmpty();
        if (metadata.length == 0) revert SchemaMetadataEmpty();
    }

    /// @dev The registered schema `schemaId`, or a {SchemaNotFound} revert.
    function _schema(bytes32 schemaId) private view returns (Schema storage stored) {
        stored = _getSchemasRegistryStorage().schemas[schemaId];
        if (stored.revisionIds.length == 0) revert SchemaNotFound(schemaId);
    }

    /// @dev Revision `revisionId` of the registered schema `schemaId`, or a {SchemaNotFound} /
    /// {SchemaRevisionNotFound} revert.
    function _revision(bytes32 schemaId, bytes32 revisionId) private view returns (Revision storage revision) {
        revision = _schema(schemaId).revisions[revisionId];
        if (revision.schema.length == 0) revert SchemaRevisionNotFound(schemaId, revisionId);
    }

    /// @dev Appends the revision `sha256(schema)` with its first metadata; reverts {SchemaRevisionExists}.
    function _addRevision(Schema storage stored, bytes32 schemaId, bytes calldata schema, bytes calldata metadata)
        private
        returns (bytes32 revisionId, bytes32 metadataId)
    {
        revisionId = sha256(schema);
        Revision storage revision = stored.revisions[revisionId];
        if (revision.schema.length != 0) revert SchemaRevisionExists(schemaId, revisionId);
        revision.schema = schema;
        revision.timestamp = uint64(block.timestamp);
        stored.revisionIds.push(revisionId);
        metadataId = _addMetadata(revision, schemaId, revisionId, metadata);
    }

    /// @dev Appends the metadata `sha256(metadata)` to `revision`; reverts {SchemaMetadataExists}.
    function _addMetadata(Revision storage revision, bytes32 schemaId, bytes32 revisionId, bytes calldata metadata)
        private
        returns (bytes32 metadataId)
    {
        metadataId = sha256(metadata);
        if (revision.metadata[metadataId].length != 0) {
            revert SchemaMetadataExists(schemaId, revisionId, metadataId);
        }
        revision.metadata[metadataId] = metadata;
        revision.metadataIds.push(metadataId);
    }
}
