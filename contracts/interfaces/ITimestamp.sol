// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev Timestamp registry: proves that a hash existed at a block, and groups timestamped hashes
 * into versioned records owned by accounts.
 *
 * - A *timestamp* is the first registration of a hash value, identified by
 *   `timestampId = sha256(hashValue)`; later registrations of the same value leave it unchanged.
 * - A *record* is created by {timestampRecordHashes} with
 *   `recordId = sha256(abi.encode(creator, block.number, hashValues[0]))`; its versions are numbered
 *   from 0, each holds up to {MAX_TIMESTAMPS_PER_VERSION} timestamps and any number of version
 *   infos (content-addressed by `sha256(versionInfo)`).
 * - *Owners* of a record are strings; an account acts as owner when the lowercase `0x` hex form of
 *   its address is an owner that is not revoked and whose window `[notBefore, notAfter]` contains
 *   the block time (`notAfter = 0`: no end). The creator becomes owner from the creation time on.
 * - The five functions that timestamp hashes are reveal legs of a commit–reveal: each needs a
 *   {commitTimestampHashes} of {computeTimestampCommitment} by the same sender at least
 *   {TIMESTAMP_COMMITMENT_MATURITY} blocks earlier, and reverts `CommitmentUnknown()` or
 *   `CommitmentNotMatured(readyAt)` (see `CommitReveal`) otherwise.
 *
 * Events carry complete data, so that an indexer needs no calldata; block number, time, sender and
 * transaction hash come from the log itself.
 */
interface ITimestamp {
    /// @dev Lifecycle of a hash algorithm; only `Active` ones can timestamp.
    enum HashAlgorithmStatus {
        Undefined,
        Active,
        Revoked
    }

    /// @dev A hash algorithm as views return it. `hashAlgorithmId` is 0-based, in insertion order.
    struct HashAlgorithm {
        uint256 hashAlgorithmId;
        /// Output length in bits; every timestamped value of this algorithm has exactly this length.
        uint256 outputLength;
        /// IANA "Named Information Hash Algorithm" name, e.g. `sha-256`; unique among algorithms.
        string ianaName;
        string oid;
        HashAlgorithmStatus status;
        /// Multihash (multicodec) name, e.g. `sha2-256`.
        string multiHash;
    }

    /// @dev A timestamp as views return it.
    struct TimestampDetails {
        bytes32 timestampId;
        uint256 hashAlgorithmId;
        bytes hashValue;
        address timestampedBy;
        uint256 blockNumber;
        uint256 blockTimestamp;
        bytes data;
    }

    /// @dev An owner of a record. `revokedAt` is the block time of the revocation, 0 if not revoked;
    /// `active` says whether the owner can act at the block time of the call.
    struct RecordOwner {
        string ownerId;
        uint256 notBefore;
        uint256 notAfter;
        uint256 revokedAt;
        bool active;
    }

    /// @dev A record as views return it: current owners (not revoked, whatever their window), revoked
    /// owners, and the number of versions (their ids are `0 .. totalVersions - 1`).
    struct Record {
        bytes32 recordId;
        RecordOwner[] owners;
        RecordOwner[] revokedOwners;
        uint256 totalVersions;
    }

    /// @dev A record version: its timestamps (with each one's hash value and algorithm, same order)
    /// and its version infos (ids and contents, same order).
    struct RecordVersion {
        bytes32 recordId;
        uint256 versionId;
        bytes32[] timestampIds;
        uint256[] hashAlgorithmIds;
        bytes[] hashValues;
        bytes32[] infoIds;
        bytes[] infos;
    }

    /// @dev `outputLength` is zero.
    error HashAlgorithmOutputLengthZero();
    /// @dev `status` is `Undefined`.
    error HashAlgorithmStatusInvalid(HashAlgorithmStatus status);
    /// @dev `ianaName` is empty.
    error HashAlgorithmIanaNameEmpty();
    /// @dev Another hash algorithm has the name `ianaName` already.
    error HashAlgorithmIanaNameExists(string ianaName);
    /// @dev No hash algorithm has id `hashAlgorithmId`.
    error HashAlgorithmNotFound(uint256 hashAlgorithmId);
    /// @dev The hash algorithm `hashAlgorithmId` is not active.
    error HashAlgorithmNotActive(uint256 hashAlgorithmId);

    /// @dev `count` hashes were given: between 1 and {MAX_HASHES_PER_CALL} are allowed.
    error TimestampHashCountInvalid(uint256 count);
    /// @dev `hashAlgorithmIds` and `hashValues` differ in length.
    error TimestampHashAlgorithmCountMismatch(uint256 hashAlgorithmCount, uint256 hashValueCount);
    /// @dev More `timestampData` entries than hash values (data is optional, one per hash at most).
    error TimestampDataCountInvalid(uint256 dataCount, uint256 hashValueCount);
    /// @dev `hashValue` does not have the output length (in bits) of its algorithm.
    error TimestampHashLengthInvalid(bytes hashValue, uint256 outputLength);
    /// @dev `timestampId` was timestamped with algorithm `storedHashAlgorithmId`, not `hashAlgorithmId`.
    error TimestampHashAlgorithmMismatch(bytes32 timestampId, uint256 hashAlgorithmId, uint256 storedHashAlgorithmId);
    /// @dev No timestamp has id `timestampId`.
    error TimestampNotFound(bytes32 timestampId);
    /// @dev `timestampId` belongs to {MAX_RECORDS_PER_TIMESTAMP} records already.
    error TimestampRecordLimitExceeded(bytes32 timestampId);

    /// @dev A record with id `recordId` exists already (same creator, block and first hash).
    error RecordExists(bytes32 recordId);
    /// @dev No record has id `recordId`.
    error RecordNotFound(bytes32 recordId);
    /// @dev `account` is not an active owner of `recordId`.
    error RecordNotOwner(bytes32 recordId, address account);
    /// @dev `recordCount` records, not exactly one, hold the version hash whose id is `timestampId`.
    error RecordLookupNotUnique(bytes32 timestampId, uint256 recordCount);
    /// @dev `recordId` has no version `versionId`.
    error RecordVersionNotFound(bytes32 recordId, uint256 versionId);
    /// @dev The version would hold more than {MAX_TIMESTAMPS_PER_VERSION} timestamps.
    error RecordVersionHashLimitExceeded(bytes32 recordId, uint256 versionId);
    /// @dev The version holds `timestampId` already.
    error RecordVersionHashExists(bytes32 recordId, uint256 versionId, bytes32 timestampId);
    /// @dev The version does not hold `timestampId`.
    error RecordVersionHashNotFound(bytes32 recordId, uint256 versionId, bytes32 timestampId);
    /// @dev `versionInfo` is empty.
    error RecordVersionInfoEmpty();
    /// @dev The version holds the version info `infoId` already.
    error RecordVersionInfoExists(bytes32 recordId, uint256 versionId, bytes32 infoId);
    /// @dev No version info has id `infoId`.
    error RecordVersionInfoNotFound(bytes32 infoId);
    /// @dev `ownerId` is empty.
    error RecordOwnerIdEmpty();
    /// @dev The window is invalid: `notBefore` must be > 0, and `notAfter` 0 or > `notBefore`.
    error RecordOwnerWindowInvalid(uint256 notBefore, uint256 notAfter);
    /// @dev `ownerId` is an owner of `recordId` already (and not revoked).
    error RecordOwnerExists(bytes32 recordId, string ownerId);
    /// @dev `ownerId` is not a current owner of `recordId` (never one, or revoked).
    error RecordOwnerNotFound(bytes32 recordId, string ownerId);

    /// @dev Hash algorithm `hashAlgorithmId` was inserted with these fields.
    event HashAlgorithmInserted(
        uint256 indexed hashAlgorithmId,
        uint256 outputLength,
        string ianaName,
        string oid,
        HashAlgorithmStatus status,
        string multiHash
    );
    /// @dev Hash algorithm `hashAlgorithmId` now has these fields.
    event HashAlgorithmUpdated(
        uint256 indexed hashAlgorithmId,
        uint256 outputLength,
        string ianaName,
        string oid,
        HashAlgorithmStatus status,
        string multiHash
    );
    /// @dev `hashValue` was timestamped for the first time, by `timestampedBy`, with `data`.
    event HashTimestamped(
        bytes32 indexed timestampId,
        uint256 indexed hashAlgorithmId,
        address indexed timestampedBy,
        bytes hashValue,
        bytes data
    );
    /// @dev `creator` created record `recordId` (followed by its owner and version 0 events).
    event RecordCreated(bytes32 indexed recordId, address indexed creator);
    /// @dev Version `versionId` of `recordId` was created with `timestampIds`.
    event RecordVersionCreated(bytes32 indexed recordId, uint256 indexed versionId, bytes32[] timestampIds);
    /// @dev `timestampIds` were added to version `versionId` of `recordId`.
    event RecordVersionHashesAppended(bytes32 indexed recordId, uint256 indexed versionId, bytes32[] timestampIds);
    /// @dev `timestampId` was removed from version `versionId` of `recordId` (the timestamp remains).
    event RecordVersionHashDetached(bytes32 indexed recordId, uint256 indexed versionId, bytes32 indexed timestampId);
    /// @dev `versionInfo`, of id `infoId = sha256(versionInfo)`, was added to version `versionId` of `recordId`.
    event RecordVersionInfoInserted(
        bytes32 indexed recordId,
        uint256 indexed versionId,
        bytes32 indexed infoId,
        bytes versionInfo
    );
    /// @dev `ownerId` became an owner of `recordId` for the window `[notBefore, notAfter]` (0: no end).
    event RecordOwnerInserted(bytes32 indexed recordId, string ownerId, uint256 notBefore, uint256 notAfter);
    /// @dev `ownerId` is no longer an owner of `recordId` (from the block time of the log on).
    event RecordOwnerRevoked(bytes32 indexed recordId, string ownerId);

    /// @dev Blocks between a commitment and its earliest reveal (5).
    function TIMESTAMP_COMMITMENT_MATURITY() external view returns (uint256);

    /// @dev Most hashes one call can timestamp (3).
    function MAX_HASHES_PER_CALL() external view returns (uint256);

    /// @dev Most timestamps one record version can hold (10).
    function MAX_TIMESTAMPS_PER_VERSION() external view returns (uint256);

    /// @dev Most records one timestamp can belong to (10).
    function MAX_RECORDS_PER_TIMESTAMP() external view returns (uint256);

    /**
     * @dev Commits to a later reveal leg. `commitment` is {computeTimestampCommitment} of that leg;
     * committing it again restarts its maturity. Emits a `CommitmentRecorded` event.
     *
     * Requirements:
     * - `commitment` is not zero (`CommitmentInvalid`).
     */
    function commitTimestampHashes(bytes32 commitment) external;

    /**
     * @dev Timestamps up to three hashes. A value timestamped before keeps its first timestamp.
     * `timestampData[i]` (optional) is stored with a new timestamp of `hashValues[i]`. Anyone may
     * call it. Emits a {HashTimestamped} event per new timestamp.
     *
     * Requirements:
     * - a matured commitment of the sender to these arguments (reveal leg).
     * - 1 to 3 hashes, as many algorithm ids as hash values, no more data entries than hash values.
     * - each algorithm exists and is active; each value has its algorithm's output length.
     * - a value timestamped before was timestamped with the same algorithm.
     */
    function timestampHashes(
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes32 salt
    ) external returns (bytes32[] memory timestampIds);

    /**
     * @dev Timestamps the hashes and creates a record owned by the sender (from now, no end) whose
     * version 0 holds them, with `versionInfo` if not empty. Emits {HashTimestamped} events,
     * {RecordCreated}, {RecordOwnerInserted}, {RecordVersionCreated} and, with an info,
     * {RecordVersionInfoInserted}.
     *
     * Requirements:
     * - those of {timestampHashes}; the hash values are distinct.
     * - no record has the id derived from the sender, the block and `hashValues[0]`.
     * - no hash belongs to {MAX_RECORDS_PER_TIMESTAMP} records already.
     */
    function timestampRecordHashes(
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (bytes32 recordId);

    /**
     * @dev Like {timestampRecordVersionHashes} for the one record that holds `versionHash` in some
     * version. Emits the events of {timestampRecordVersionHashes}.
     *
     * Requirements:
     * - exactly one record holds `sha256(versionHash)`; the sender is an active owner of it.
     * - those of {timestampRecordVersionHashes}.
     */
    function timestampVersionHashes(
        bytes calldata versionHash,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (bytes32 recordId, uint256 versionId);

    /**
     * @dev Timestamps the hashes and adds them as a new version of `recordId`, with `versionInfo` if
     * not empty. Emits {HashTimestamped} events, {RecordVersionCreated} and, with an info,
     * {RecordVersionInfoInserted}.
     *
     * Requirements:
     * - the record exists and the sender is an active owner of it.
     * - those of {timestampHashes}; the hash values are distinct.
     * - no hash belongs to {MAX_RECORDS_PER_TIMESTAMP} other records already.
     */
    function timestampRecordVersionHashes(
        bytes32 recordId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (uint256 versionId);

    /**
     * @dev Timestamps the hashes and adds them to version `versionId` of `recordId`, with
     * `versionInfo` if not empty. Emits {HashTimestamped} events, {RecordVersionHashesAppended} and,
     * with an info, {RecordVersionInfoInserted}.
     *
     * Requirements:
     * - the record and the version exist; the sender is an active owner of the record.
     * - those of {timestampHashes}; the version does not hold any of the hashes yet and ends up with
     *   at most {MAX_TIMESTAMPS_PER_VERSION} of them.
     * - no hash belongs to {MAX_RECORDS_PER_TIMESTAMP} other records already.
     * - the version does not hold `versionInfo` yet.
     */
    function appendRecordVersionHashes(
        bytes32 recordId,
        uint256 versionId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external;

    /**
     * @dev Removes the timestamp of `hashValue` from version `versionId` of `recordId`; the
     * timestamp itself remains. Emits a {RecordVersionHashDetached} event.
     *
     * Requirements:
     * - the record and the version exist; the sender is an active owner of the record.
     * - the version holds `sha256(hashValue)`.
     */
    function detachRecordVersionHash(bytes32 recordId, uint256 versionId, bytes calldata hashValue) external;

    /**
     * @dev Adds `versionInfo` to version `versionId` of `recordId`. Emits a
     * {RecordVersionInfoInserted} event.
     *
     * Requirements:
     * - `versionInfo` is not empty.
     * - the record and the version exist; the sender is an active owner of the record.
     * - the version does not hold `versionInfo` yet.
     */
    function insertRecordVersionInfo(bytes32 recordId, uint256 versionId, bytes calldata versionInfo) external;

    /**
     * @dev Makes `ownerId` an owner of `recordId` for `[notBefore, notAfter]` (`notAfter = 0`: no
     * end). A revoked owner can be inserted again. Emits a {RecordOwnerInserted} event.
     *
     * Requirements:
     * - `ownerId` is not empty; `notBefore` > 0; `notAfter` is 0 or > `notBefore`.
     * - the record exists and the sender is an active owner of it.
     * - `ownerId` is not a current owner.
     */
    function insertRecordOwner(bytes32 recordId, string calldata ownerId, uint256 notBefore, uint256 notAfter)
        external;

    /**
     * @dev Revokes the owner `ownerId` of `recordId` (the sender may revoke itself, and the last
     * owner). Emits a {RecordOwnerRevoked} event.
     *
     * Requirements:
     * - the record exists and the sender is an active owner of it.
     * - `ownerId` is a current owner.
     */
    function revokeRecordOwner(bytes32 recordId, string calldata ownerId) external;

    /**
     * @dev Inserts a hash algorithm with the next id. Emits a {HashAlgorithmInserted} event.
     *
     * Requirements:
     * - the sender holds `TS:insertHashAlgorithm`.
     * - `outputLength` > 0, `status` is not `Undefined`, `ianaName` is not empty and not taken.
     */
    function insertHashAlgorithm(
        uint256 outputLength,
        string calldata ianaName,
        string calldata oid,
        HashAlgorithmStatus status,
        string calldata multiHash
    ) external;

    /**
     * @dev Replaces every field of hash algorithm `hashAlgorithmId`. Emits a {HashAlgorithmUpdated}
     * event.
     *
     * Requirements:
     * - the sender holds `TS:updateHashAlgorithm`.
     * - the algorithm exists.
     * - `outputLength` > 0, `status` is not `Undefined`, `ianaName` is not empty and no other
     *   algorithm has it.
     */
    function updateHashAlgorithm(
        uint256 hashAlgorithmId,
        uint256 outputLength,
        string calldata ianaName,
        string calldata oid,
        HashAlgorithmStatus status,
        string calldata multiHash
    ) external;

    /// @dev The commitment for {timestampHashes}:
    /// `keccak256(abi.encode(sender, timestampHashes.selector, hashAlgorithmIds, hashValues, timestampData, salt))`.
    function computeTimestampCommitment(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes32 salt
    ) external view returns (bytes32);

    /// @dev The commitment for {timestampRecordHashes}: `keccak256(abi.encode(sender, selector, <arguments>, salt))`.
    function computeTimestampCommitment(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external view returns (bytes32);

    /// @dev The commitment for {timestampVersionHashes}: `keccak256(abi.encode(sender, selector, <arguments>, salt))`.
    function computeTimestampCommitment(
        address sender,
        bytes calldata versionHash,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external view returns (bytes32);

    /// @dev The commitment for {timestampRecordVersionHashes}:
    /// `keccak256(abi.encode(sender, selector, <arguments>, salt))`.
    function computeTimestampCommitment(
        address sender,
        bytes32 recordId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external view returns (bytes32);

    /// @dev The commitment for {appendRecordVersionHashes}:
    /// `keccak256(abi.encode(sender, selector, <arguments>, salt))`.
    function computeTimestampCommitment(
        address sender,
        bytes32 recordId,
        uint256 versionId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external view returns (bytes32);

    /// @dev A page of hash algorithm ids (0-based, in insertion order), and their total.
    function getHashAlgorithms(uint256 page, uint256 pageSize)
        external
        view
        returns (uint256[] memory hashAlgorithmIds, uint256 total);

    /// @dev The hash algorithm `hashAlgorithmId`. Reverts {HashAlgorithmNotFound}.
    function getHashAlgorithm(uint256 hashAlgorithmId) external view returns (HashAlgorithm memory);

    /// @dev A page of timestamp ids in timestamping order, and their total.
    function getTimestamps(uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory timestampIds, uint256 total);

    /// @dev The timestamp `timestampId` (`sha256` of its hash value). Reverts {TimestampNotFound}.
    function getTimestamp(bytes32 timestampId) external view returns (TimestampDetails memory);

    /// @dev A page of record ids in creation order, and their total.
    function getRecords(uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total);

    /// @dev A page of the ids of the records of which `ownerId` is a current owner, and their total.
    function getRecordsByOwner(string calldata ownerId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total);

    /// @dev A page of the ids of the records whose version 0 holds `hashValue`, and their total.
    function getRecordsByFirstVersionHash(bytes calldata hashValue, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total);

    /// @dev The record `recordId`. Reverts {RecordNotFound}.
    function getRecord(bytes32 recordId) external view returns (Record memory);

    /// @dev A page of the version ids of `recordId`, and their total. Reverts {RecordNotFound}.
    function getRecordVersions(bytes32 recordId, uint256 page, uint256 pageSize)
        external
        view
        returns (uint256[] memory versionIds, uint256 total);

    /// @dev Version `versionId` of `recordId`. Reverts {RecordNotFound} or {RecordVersionNotFound}.
    function getRecordVersion(bytes32 recordId, uint256 versionId) external view returns (RecordVersion memory);

    /// @dev `ownerId` as a current or revoked owner of `recordId`. Reverts {RecordNotFound} or
    /// {RecordOwnerNotFound} (never an owner).
    function getRecordOwner(bytes32 recordId, string calldata ownerId) external view returns (RecordOwner memory);

    /// @dev The version info of id `infoId`. Reverts {RecordVersionInfoNotFound}.
    function getVersionInfo(bytes32 infoId) external view returns (bytes memory);
}
