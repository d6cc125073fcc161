// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev Schemas Registry: JSON Schemas identified by a 32-byte `schemaId` (the SHA-256 of the
 * canonical schema, computed off-chain), each with a chronological list of revisions, and each
 * revision with a chronological list of metadata documents.
 *
 * Identifiers are content addresses: a revision id is `sha256(schema)`, a metadata id is
 * `sha256(metadata)`. They are unique within their parent only: the same schema bytes may be a
 * revision of two schemas, and the same metadata may describe two revisions. Storing the same
 * revision twice in one schema, or the same metadata twice in one revision, is rejected
 * ({SchemaRevisionExists}, {SchemaMetadataExists}).
 *
 * Writes are admin-only, gated by the Policies Registry: `TSR:insertSchema`, `TSR:updateSchema`,
 * `TSR:updateMetadata`.
 */
interface ISchemasRegistry {
    /// @dev `schemaId` is zero.
    error SchemaIdEmpty();
    /// @dev The schema document is empty.
    error SchemaEmpty();
    /// @dev The metadata document is empty.
    error SchemaMetadataEmpty();
    /// @dev A schema with id `schemaId` is registered already.
    error SchemaExists(bytes32 schemaId);
    /// @dev No schema has id `schemaId`.
    error SchemaNotFound(bytes32 schemaId);
    /// @dev Schema `schemaId` has a revision `revisionId` (the same schema document) already.
    error SchemaRevisionExists(bytes32 schemaId, bytes32 revisionId);
    /// @dev Schema `schemaId` has no revision `revisionId`.
    error SchemaRevisionNotFound(bytes32 schemaId, bytes32 revisionId);
    /// @dev Revision `revisionId` of schema `schemaId` has the metadata `metadataId` already.
    error SchemaMetadataExists(bytes32 schemaId, bytes32 revisionId, bytes32 metadataId);
    /// @dev Revision `revisionId` of schema `schemaId` has no metadata `metadataId`.
    error SchemaMetadataNotFound(bytes32 schemaId, bytes32 revisionId, bytes32 metadataId);

    /// @dev Schema `schemaId` was registered with its first revision `revisionId` (`schema`) and that
    /// revision's first metadata `metadataId` (`metadata`).
    event SchemaInserted(
        bytes32 indexed schemaId, bytes32 indexed revisionId, bytes32 indexed metadataId, bytes schema, bytes metadata
    );
    /// @dev Schema `schemaId` got a new latest revision `revisionId` (`schema`) with its first metadata
    /// `metadataId` (`metadata`).
    event SchemaUpdated(
        bytes32 indexed schemaId, bytes32 indexed revisionId, bytes32 indexed metadataId, bytes schema, bytes metadata
    );
    /// @dev Revision `revisionId` of schema `schemaId` got a new latest metadata `metadataId` (`metadata`).
    event MetadataUpdated(
        bytes32 indexed schemaId, bytes32 indexed revisionId, bytes32 indexed metadataId, bytes metadata
    );

    /**
     * @dev Registers schema `schemaId` with its first revision and that revision's first metadata.
     * Returns the revision id, `sha256(schema)`; the metadata id is `sha256(metadata)`.
     * Emits a {SchemaInserted} event.
     *
     * Requirements:
     * - the sender holds `TSR:insertSchema`.
     * - `schemaId` is not zero; `schema` and `metadata` are not empty.
     * - no schema has id `schemaId`.
     */
    function insertSchema(bytes32 schemaId, bytes calldata schema, bytes calldata metadata)
        external
        returns (bytes32 revisionId);

    /**
     * @dev Appends a revision to schema `schemaId`, which becomes its latest, with a first metadata.
     * Returns the revision id, `sha256(schema)`; the metadata id is `sha256(metadata)`.
     * Emits a {SchemaUpdated} event.
     *
     * Requirements:
     * - the sender holds `TSR:updateSchema`.
     * - `schema` and `metadata` are not empty.
     * - schema `schemaId` exists, and has no revision with the same `schema` bytes.
     */
    function updateSchema(bytes32 schemaId, bytes calldata schema, bytes calldata metadata)
        external
        returns (bytes32 revisionId);

    /**
     * @dev Appends `metadata` to revision `revisionId` of schema `schemaId`, where it becomes the
     * latest. Returns the metadata id, `sha256(metadata)`. Emits a {MetadataUpdated} event.
     *
     * Requirements:
     * - the sender holds `TSR:updateMetadata`.
     * - `metadata` is not empty.
     * - schema `schemaId` exists and has revision `revisionId`, which does not hold the same
     *   `metadata` bytes yet.
     */
    function updateMetadata(bytes32 schemaId, bytes32 revisionId, bytes calldata metadata)
        external
        returns (bytes32 metadataId);

    /// @dev Whether a schema has id `schemaId`.
    function schemaExists(bytes32 schemaId) external view returns (bool);

    /// @dev A page of schema ids in registration order, and their total.
    function getSchemas(uint256 page, uint256 pageSize) external view returns (bytes32[] memory items, uint256 total);

    /**
     * @dev Schema `schemaId`: its latest revision id and document, and its number of revisions.
     *
     * Requirements:
     * - schema `schemaId` exists ({SchemaNotFound}).
     */
    function getSchema(bytes32 schemaId)
        external
        view
        returns (bytes32 latestRevisionId, bytes memory schema, uint256 totalRevisions);

    /**
     * @dev A page of the revision ids of schema `schemaId`, oldest first, and their total.
     *
     * Requirements:
     * - schema `schemaId` exists ({SchemaNotFound}).
     */
    function getSchemaRevisions(bytes32 schemaId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /**
     * @dev Revision `revisionId` of schema `schemaId`: its schema document, its latest metadata id,
     * its number of metadata documents, and the block timestamp at which it was stored.
     *
     * Requirements:
     * - schema `schemaId` exists ({SchemaNotFound}) and has revision `revisionId`
     *   ({SchemaRevisionNotFound}).
     */
    function getSchemaRevision(bytes32 schemaId, bytes32 revisionId)
        external
        view
        returns (bytes memory schema, bytes32 latestMetadataId, uint256 totalMetadata, uint256 timestamp);

    /**
     * @dev A page of the metadata ids of revision `revisionId` of schema `schemaId`, oldest first,
     * and their total.
     *
     * Requirements:
     * - schema `schemaId` exists ({SchemaNotFound}) and has revision `revisionId`
     *   ({SchemaRevisionNotFound}).
     */
    function getRevisionMetadataIds(bytes32 schemaId, bytes32 revisionId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /**
     * @dev The metadata document `metadataId` of revision `revisionId` of schema `schemaId`.
     *
     * Requirements:
     * - schema `schemaId` exists ({SchemaNotFound}), has revision `revisionId`
     *   ({SchemaRevisionNotFound}), and that revision has metadata `metadataId`
     *   ({SchemaMetadataNotFound}).
     */
    function getRevisionMetadata(bytes32 schemaId, bytes32 revisionId, bytes32 metadataId)
        external
        view
        returns (bytes memory metadata);
}
