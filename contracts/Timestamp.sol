// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {CommitReveal} from "./common/CommitReveal.sol";
import {Pagination} from "./common/Pagination.sol";
import {RegistryBase} from "./common/RegistryBase.sol";
import {TIMESTAMP_TYPE} from "./common/RegistryTypes.sol";
import {ITimestamp} from "./interfaces/ITimestamp.sol";

/**
 * @dev See {ITimestamp}. Hash algorithms are administered through the linked Policies Registry
 * (`TS:insertHashAlgorithm`, `TS:updateHashAlgorithm`); timestamping is open to anyone, behind a
 * commit–reveal; records are administered by their owners.
 */
contract Timestamp is RegistryBase, CommitReveal, ITimestamp {
    using EnumerableSet for EnumerableSet.Bytes32Set;
    using EnumerableSet for EnumerableSet.StringSet;

    /// @inheritdoc ITimestamp
    uint256 public constant TIMESTAMP_COMMITMENT_MATURITY = 5;
    /// @inheritdoc ITimestamp
    uint256 public constant MAX_HASHES_PER_CALL = 3;
    /// @inheritdoc ITimestamp
    uint256 public constant MAX_TIMESTAMPS_PER_VERSION = 10;
    /// @inheritdoc ITimestamp
    uint256 public constant MAX_RECORDS_PER_TIMESTAMP = 10;

    struct StoredHashAlgorithm {
        uint256 outputLength;
        string ianaName;
        string oid;
        HashAlgorithmStatus status;
        string multiHash;
    }

    struct StoredTimestamp {
        uint256 hashAlgorithmId;
        address timestampedBy;
        uint48 blockNumber;
        uint48 blockTimestamp;
        bytes hashValue; // empty = no timestamp
        bytes data;
    }

    struct StoredOwner {
        uint256 notBefore; // 0 = never an owner
        uint256 notAfter; // 0 = no end
        uint256 revokedAt; // 0 = not revoked
    }

    struct StoredVersion {
        EnumerableSet.Bytes32Set timestampIds;
        EnumerableSet.Bytes32Set infoIds;
    }

    struct StoredRecord {
        uint256 totalVersions; // 0 = no record
        EnumerableSet.StringSet owners; // current (not revoked), whatever their window
        EnumerableSet.StringSet revokedOwners;
        mapping(string ownerId => StoredOwner) ownerInfo;
        mapping(uint256 versionId => StoredVersion) versions;
        mapping(bytes32 timestampId => uint256 count) versionsHolding; // versions that hold the timestamp
    }

    /// @custom:storage-location erc7201:core.storage.Timestamp
    struct TimestampStorage {
        StoredHashAlgorithm[] hashAlgorithms;
        mapping(string ianaName => uint256 position) ianaNames; // hashAlgorithmId + 1; 0 = none
        bytes32[] timestampIds;
        mapping(bytes32 timestampId => StoredTimestamp) timestamps;
        bytes32[] recordIds;
        mapping(bytes32 recordId => StoredRecord) records;
        mapping(bytes32 infoId => bytes) versionInfos;
        mapping(bytes32 timestampId => EnumerableSet.Bytes32Set) timestampRecords; // records holding it
        mapping(bytes32 timestampId => EnumerableSet.Bytes32Set) firstVersionRecords; // ... in version 0
        mapping(string ownerId => EnumerableSet.Bytes32Set) ownerRecords; // records it currently owns
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.Timestamp")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant TIMESTAMP_STORAGE_LOCATION =
        0x627633d2e23adf43326a70f530603442061f16e31db47338bcfa0563837f9300;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @dev Initialises an instance linked to `policiesRegistry_` (no DID Registry).
    function initialize(address policiesRegistry_) external initializer {
        __RegistryBase_init(policiesRegistry_, address(0));
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return TIMESTAMP_TYPE;
    }

    /// @dev See {IERC165-supportsInterface}.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(ITimestamp).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc ITimestamp
    function commitTimestampHashes(bytes32 commitment) external {
        _commit(commitment);
    }

    /// @inheritdoc ITimestamp
    function timestampHashes(
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes32 salt
    ) external returns (bytes32[] memory timestampIds) {
        _reveal(
            _commitmentOfHashes(msg.sender, hashAlgorithmIds, hashValues, timestampData, salt),
            TIMESTAMP_COMMITMENT_MATURITY
        );
        return _timestampHashes(hashAlgorithmIds, hashValues, timestampData);
    }

    /// @inheritdoc ITimestamp
    function timestampRecordHashes(
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (bytes32 recordId) {
        _reveal(
            _commitmentOfRecordHashes(msg.sender, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt),
            TIMESTAMP_COMMITMENT_MATURITY
        );
        bytes32[] memory timestampIds = _timestampHashes(hashAlgorithmIds, hashValues, timestampData);
        recordId = sha256(abi.encode(msg.sender, block.number, hashValues[0]));
        StoredRecord storage record = _getTimestampStorage().records[recordId];
        if (record.totalVersions != 0) revert RecordExists(recordId);
        _getTimestampStorage().recordIds.push(recordId);
        emit RecordCreated(recordId, msg.sender);
        _insertOwner(recordId, record, Strings.toHexString(msg.sender), block.timestamp, 0);
        _createVersion(recordId, record, timestampIds, versionInfo);
    }

    /// @inheritdoc ITimestamp
    function timestampVersionHashes(
        bytes calldata versionHash,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (bytes32 recordId, uint256 versionId) {
        _reveal(
            _commitmentOfVersionHashes(
                msg.sender, versionHash, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
            ),
            TIMESTAMP_COMMITMENT_MATURITY
        );
        bytes32 timestampId = sha256(versionHash);
        EnumerableSet.Bytes32Set storage holders = _getTimestampStorage().timestampRecords[timestampId];
        if (holders.length() != 1) revert RecordLookupNotUnique(timestampId, holders.length());
        recordId = holders.at(0);
        StoredRecord storage record = _ownedRecord(recordId);
        bytes32[] memory timestampIds = _timestampHashes(hashAlgorithmIds, hashValues, timestampData);
        versionId = _createVersion(recordId, record, timestampIds, versionInfo);
    }

    /// @inheritdoc ITimestamp
    function timestampRecordVersionHashes(
        bytes32 recordId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external returns (uint256 versionId) {
        _reveal(
            _commitmentOfRecordVersionHashes(
                msg.sender, recordId, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
            ),
            TIMESTAMP_COMMITMENT_MATURITY
        );
        StoredRecord storage record = _ownedRecord(recordId);
        bytes32[] memory timestampIds = _timestampHashes(hashAlgorithmIds, hashValues, timestampData);
        versionId = _createVersion(recordId, record, timestampIds, versionInfo);
    }

    /// @inheritdoc ITimestamp
    function appendRecordVersionHashes(
        bytes32 recordId,
        uint256 versionId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external {
        _reveal(
            _commitmentOfAppendHashes(
                msg.sender, recordId, versionId, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
            ),
            TIMESTAMP_COMMITMENT_MATURITY
        );
        StoredRecord storage record = _ownedVersion(recordId, versionId);
        bytes32[] memory timestampIds = _timestampHashes(hashAlgorithmIds, hashValues, timestampData);
        _attachHashes(recordId, record, versionId, timestampIds);
        emit RecordVersionHashesAppended(recordId, versionId, timestampIds);
        if (versionInfo.length != 0) _insertVersionInfo(recordId, record, versionId, versionInfo);
    }

    /// @inheritdoc ITimestamp
    function detachRecordVersionHash(bytes32 recordId, uint256 versionId, bytes calldata hashValue) external {
        StoredRecord storage record = _ownedVersion(recordId, versionId);
        bytes32 timestampId = sha256(hashValue);
        if (!record.versions[versionId].timestampIds.remove(timestampId)) {
            revert RecordVersionHashNotFound(recordId, versionId, timestampId);
        }
        TimestampStorage storage $ = _getTimestampStorage();
        if (--record.versionsHolding[timestampId] == 0) $.timestampRecords[timestampId].remove(recordId);
        if (versionId == 0) $.firstVersionRecords[timestampId].remove(recordId);
        emit RecordVersionHashDetached(recordId, versionId, timestampId);
    }

    /// @inheritdoc ITimestamp
    function insertRecordVersionInfo(bytes32 recordId, uint256 versionId, bytes calldata versionInfo) external {
        if (versionInfo.length == 0) revert RecordVersionInfoEmpty();
        _insertVersionInfo(recordId, _ownedVersion(recordId, versionId), versionId, versionInfo);
    }

    /// @inheritdoc ITimestamp
    function insertRecordOwner(bytes32 recordId, string calldata ownerId, uint256 notBefore, uint256 notAfter)
        external
    {
        if (bytes(ownerId).length == 0) revert RecordOwnerIdEmpty();
        if (notBefore == 0 || (notAfter != 0 && notAfter <= notBefore)) {
            revert RecordOwnerWindowInvalid(notBefore, notAfter);
        }
        _insertOwner(recordId, _ownedRecord(recordId), ownerId, notBefore, notAfter);
    }

    /// @inheritdoc ITimestamp
    function revokeRecordOwner(bytes32 recordId, string calldata ownerId) external {
        StoredRecord storage record = _ownedRecord(recordId);
        if (!record.owners.remove(ownerId)) revert RecordOwnerNotFound(recordId, ownerId);
        record.revokedOwners.add(ownerId);
        record.ownerInfo[ownerId].revokedAt = block.timestamp;
        _getTimestampStorage().ownerRecords[ownerId].remove(recordId);
        emit RecordOwnerRevoked(recordId, ownerId);
    }

    /// @inheritdoc ITimestamp
    function insertHashAlgorithm(
        uint256 outputLength,
        string calldata ianaName,
        string calldata oid,
        HashAlgorithmStatus status,
        string calldata multiHash
    ) external {
        _checkPolicy("TS:insertHashAlgorithm");
        TimestampStorage storage $ = _getTimestampStorage();
        uint256 id = $.hashAlgorithms.length;
        $.hashAlgorithms.push();
        _setHashAlgorithm(id, outputLength, ianaName, oid, status, multiHash);
        emit HashAlgorithmInserted(id, outputLength, ianaName, oid, status, multiHash);
    }

    /// @inheritdoc ITimestamp
    function updateHashAlgorithm(
        uint256 hashAlgorithmId,
        uint256 outputLength,
        string calldata ianaName,
        string calldata oid,
        HashAlgorithmStatus status,
        string calldata multiHash
    ) external {
        _checkPolicy("TS:updateHashAlgorithm");
        StoredHashAlgorithm storage algorithm = _hashAlgorithm(hashAlgorithmId);
        TimestampStorage storage $ = _getTimestampStorage();
        // Free the old name first, so that an update may keep it.
        delete $.ianaNames[algorithm.ianaName];
        _setHashAlgorithm(hashAlgorithmId, outputLength, ianaName, oid, status, multiHash);
        emit HashAlgorithmUpdated(hashAlgorithmId, outputLength, ianaName, oid, status, multiHash);
    }

    /// @inheritdoc ITimestamp
    function computeTimestampCommitment(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes32 salt
    ) external pure returns (bytes32) {
        return _commitmentOfHashes(sender, hashAlgorithmIds, hashValues, timestampData, salt);
    }

    /// @inheritdoc ITimestamp
    function computeTimestampCommitment(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external pure returns (bytes32) {
        return _commitmentOfRecordHashes(sender, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt);
    }

    /// @inheritdoc ITimestamp
    function computeTimestampCommitment(
        address sender,
        bytes calldata versionHash,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external pure returns (bytes32) {
        return _commitmentOfVersionHashes(
            sender, versionHash, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
        );
    }

    /// @inheritdoc ITimestamp
    function computeTimestampCommitment(
        address sender,
        bytes32 recordId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external pure returns (bytes32) {
        return _commitmentOfRecordVersionHashes(
            sender, recordId, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
        );
    }

    /// @inheritdoc ITimestamp
    function computeTimestampCommitment(
        address sender,
        bytes32 recordId,
        uint256 versionId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) external pure returns (bytes32) {
        return _commitmentOfAppendHashes(
            sender, recordId, versionId, hashAlgorithmIds, hashValues, timestampData, versionInfo, salt
        );
    }

    /// @inheritdoc ITimestamp
    function getHashAlgorithms(uint256 page, uint256 pageSize)
        external
        view
        returns (uint256[] memory hashAlgorithmIds, uint256 total)
    {
        total = _getTimestampStorage().hashAlgorithms.length;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        hashAlgorithmIds = new uint256[](end - start);
        for (uint256 i = start; i < end; ++i) {
            hashAlgorithmIds[i - start] = i;
        }
    }

    /// @inheritdoc ITimestamp
    function getHashAlgorithm(uint256 hashAlgorithmId) external view returns (HashAlgorithm memory) {
        StoredHashAlgorithm storage a = _hashAlgorithm(hashAlgorithmId);
        return HashAlgorithm(hashAlgorithmId, a.outputLength, a.ianaName, a.oid, a.status, a.multiHash);
    }

    /// @inheritdoc ITimestamp
    function getTimestamps(uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory timestampIds, uint256 total)
    {
        return Pagination.slice(_getTimestampStorage().timestampIds, page, pageSize);
    }

    /// @inheritdoc ITimestamp
    function getTimestamp(bytes32 timestampId) external view returns (TimestampDetails memory) {
        StoredTimestamp storage t = _getTimestampStorage().timestamps[timestampId];
        if (t.hashValue.length == 0) revert TimestampNotFound(timestampId);
        return TimestampDetails(
            timestampId, t.hashAlgorithmId, t.hashValue, t.timestampedBy, t.blockNumber, t.blockTimestamp, t.data
        );
    }

    /// @inheritdoc ITimestamp
    function getRecords(uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total)
    {
        return Pagination.slice(_getTimestampStorage().recordIds, page, pageSize);
    }

    /// @inheritdoc ITimestamp
    function getRecordsByOwner(string calldata ownerId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total)
    {
        return _page(_getTimestampStorage().ownerRecords[ownerId], page, pageSize);
    }

    /// @inheritdoc ITimestamp
    function getRecordsByFirstVersionHash(bytes calldata hashValue, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory recordIds, uint256 total)
    {
        return _page(_getTimestampStorage().firstVersionRecords[sha256(hashValue)], page, pageSize);
    }

    /// @inheritdoc ITimestamp
    function getRecord(bytes32 recordId) external view returns (Record memory) {
        StoredRecord storage record = _record(recordId);
        return Record(
            recordId, _owners(record, record.owners), _owners(record, record.revokedOwners), record.totalVersions
        );
    }

    /// @inheritdoc ITimestamp
    function getRecordVersions(bytes32 recordId, uint256 page, uint256 pageSize)
        external
        view
        returns (uint256[] memory versionIds, uint256 total)
    {
        total = _record(recordId).totalVersions;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        versionIds = new uint256[](end - start);
        for (uint256 i = start; i < end; ++i) {
            versionIds[i - start] = i;
        }
    }

    /// @inheritdoc ITimestamp
    function getRecordVersion(bytes32 recordId, uint256 versionId) external view returns (RecordVersion memory v) {
        StoredVersion storage stored = _version(_record(recordId), recordId, versionId);
        TimestampStorage storage $ = _getTimestampStorage();
        v.recordId = recordId;
        v.versionId = versionId;
        v.timestampIds = stored.timestampIds.values();
        v.hashAlgorithmIds = new uint256[](v.timestampIds.length);
        v.hashValues = new bytes[](v.timestampIds.length);
        for (uint256 i = 0; i < v.timestampIds.length; ++i) {
            StoredTimestamp storage t = $.timestamps[v.timestampIds[i]];
            v.hashAlgorithmIds[i] = t.hashAlgorithmId;
            v.hashValues[i] = t.hashValue;
        }
        v.infoIds = stored.infoIds.values();
        v.infos = new bytes[](v.infoIds.length);
        for (uint256 i = 0; i < v.infoIds.length; ++i) {
            v.infos[i] = $.versionInfos[v.infoIds[i]];
        }
    }

    /// @inheritdoc ITimestamp
    function getRecordOwner(bytes32 recordId, string calldata ownerId) external view returns (RecordOwner memory) {
        StoredRecord storage record = _record(recordId);
        if (record.ownerInfo[ownerId].notBefore == 0) revert RecordOwnerNotFound(recordId, ownerId);
        return _owner(record, ownerId);
    }

    /// @inheritdoc ITimestamp
    function getVersionInfo(bytes32 infoId) external view returns (bytes memory info) {
        info = _getTimestampStorage().versionInfos[infoId];
        if (info.length == 0) revert RecordVersionInfoNotFound(infoId);
    }

    function _getTimestampStorage() private pure returns (TimestampStorage storage $) {
        assembly {
            $.slot := TIMESTAMP_STORAGE_LOCATION
        }
    }

    /// @dev Validates and stores the hashes (a known value keeps its first timestamp); returns their ids.
    function _timestampHashes(
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData
    ) private returns (bytes32[] memory timestampIds) {
        uint256 count = hashValues.length;
        if (count == 0 || count > MAX_HASHES_PER_CALL) revert TimestampHashCountInvalid(count);
        if (hashAlgorithmIds.length != count) {
            revert TimestampHashAlgorithmCountMismatch(hashAlgorithmIds.length, count);
        }
        if (timestampData.length > count) revert TimestampDataCountInvalid(timestampData.length, count);
        TimestampStorage storage $ = _getTimestampStorage();
        timestampIds = new bytes32[](count);
        for (uint256 i = 0; i < count; ++i) {
            uint256 algorithmId = hashAlgorithmIds[i];
            StoredHashAlgorithm storage algorithm = _hashAlgorithm(algorithmId);
            if (algorithm.status != HashAlgorithmStatus.Active) revert HashAlgorithmNotActive(algorithmId);
            if (hashValues[i].length * 8 != algorithm.outputLength) {
                revert TimestampHashLengthInvalid(hashValues[i], algorithm.outputLength);
            }
            bytes32 timestampId = sha256(hashValues[i]);
            timestampIds[i] = timestampId;
            StoredTimestamp storage t = $.timestamps[timestampId];
            if (t.hashValue.length != 0) {
                if (t.hashAlgorithmId != algorithmId) {
                    revert TimestampHashAlgorithmMismatch(timestampId, algorithmId, t.hashAlgorithmId);
                }
                continue;
            }
            bytes calldata data = i < timestampData.length ? timestampData[i] : msg.data[0:0];
            t.hashAlgorithmId = algorithmId;
            t.timestampedBy = msg.sender;
            t.blockNumber = uint48(block.number);
            t.blockTimestamp = uint48(block.timestamp);
            t.hashValue = hashValues[i];
            t.data = data;
            $.timestampIds.push(timestampId);
            emit HashTimestamped(timestampId, algorithmId, msg.sender, hashValues[i], data);
        }
    }

    /// @dev Appends version `totalVersions` to the record with the timestamps and the info (if any).
    function _createVersion(
        bytes32 recordId,
        StoredRecord storage record,
        bytes32[] memory timestampIds,
        bytes calldata versionInfo
    ) private returns (uint256 versionId) {
        versionId = record.totalVersions++;
        _attachHashes(recordId, record, versionId, timestampIds);
        emit RecordVersionCreated(recordId, versionId, timestampIds);
        if (versionInfo.length != 0) _insertVersionInfo(recordId, record, versionId, versionInfo);
    }

    /// @dev Adds the timestamps to a version and to the reverse indexes.
    function _attachHashes(
        bytes32 recordId,
        StoredRecord storage record,
        uint256 versionId,
        bytes32[] memory timestampIds
    ) private {
        TimestampStorage storage $ = _getTimestampStorage();
        EnumerableSet.Bytes32Set storage version = record.versions[versionId].timestampIds;
        for (uint256 i = 0; i < timestampIds.length; ++i) {
            bytes32 timestampId = timestampIds[i];
            if (!version.add(timestampId)) revert RecordVersionHashExists(recordId, versionId, timestampId);
            if (record.versionsHolding[timestampId]++ == 0) {
                EnumerableSet.Bytes32Set storage holders = $.timestampRecords[timestampId];
                if (holders.length() >= MAX_RECORDS_PER_TIMESTAMP) revert TimestampRecordLimitExceeded(timestampId);
                holders.add(recordId);
            }
            // A subset of the holders above, so within the same limit.
            if (versionId == 0) $.firstVersionRecords[timestampId].add(recordId);
        }
        if (version.length() > MAX_TIMESTAMPS_PER_VERSION) revert RecordVersionHashLimitExceeded(recordId, versionId);
    }

    function _insertVersionInfo(bytes32 recordId, StoredRecord storage record, uint256 versionId, bytes calldata info)
        private
    {
        bytes32 infoId = sha256(info);
        if (!record.versions[versionId].infoIds.add(infoId)) {
            revert RecordVersionInfoExists(recordId, versionId, infoId);
        }
        bytes storage stored = _getTimestampStorage().versionInfos[infoId];
        if (stored.length == 0) _getTimestampStorage().versionInfos[infoId] = info;
        emit RecordVersionInfoInserted(recordId, versionId, infoId, info);
    }

    /// @dev Makes `ownerId` a current owner; a revoked owner comes back with its new window.
    function _insertOwner(
        bytes32 recordId,
        StoredRecord storage record,
        string memory ownerId,
        uint256 notBefore,
        uint256 notAfter
    ) private {
        if (!record.owners.add(ownerId)) revert RecordOwnerExists(recordId, ownerId);
        record.revokedOwners.remove(ownerId);
        record.ownerInfo[ownerId] = StoredOwner(notBefore, notAfter, 0);
        _getTimestampStorage().ownerRecords[ownerId].add(recordId);
        emit RecordOwnerInserted(recordId, ownerId, notBefore, notAfter);
    }

    function _setHashAlgorithm(
        uint256 id,
        uint256 outputLength,
        string calldata ianaName,
        string calldata oid,
        HashAlgorithmStatus status,
        string calldata multiHash
    ) private {
        if (outputLength == 0) revert HashAlgorithmOutputLengthZero();
        if (status == HashAlgorithmStatus.Undefined) revert HashAlgorithmStatusInvalid(status);
        if (bytes(ianaName).length == 0) revert HashAlgorithmIanaNameEmpty();
        TimestampStorage storage $ = _getTimestampStorage();
        if ($.ianaNames[ianaName] != 0) revert HashAlgorithmIanaNameExists(ianaName);
        $.ianaNames[ianaName] = id + 1;
        $.hashAlgorithms[id] = StoredHashAlgorithm(outputLength, ianaName, oid, status, multiHash);
    }

    function _hashAlgorithm(uint256 hashAlgorithmId) private view returns (StoredHashAlgorithm storage) {
        TimestampStorage storage $ = _getTimestampStorage();
        if (hashAlgorithmId >= $.hashAlgorithms.length) revert HashAlgorithmNotFound(hashAlgorithmId);
        return $.hashAlgorithms[hashAlgorithmId];
    }

    function _record(bytes32 recordId) private view returns (StoredRecord storage record) {
        record = _getTimestampStorage().records[recordId];
        if (record.totalVersions == 0) revert RecordNotFound(recordId);
    }

    function _version(StoredRecord storage record, bytes32 recordId, uint256 versionId)
        private
        view
        returns (StoredVersion storage)
    {
        if (versionId >= record.totalVersions) revert RecordVersionNotFound(recordId, versionId);
        return record.versions[versionId];
    }

    /// @dev The record, after checking that the sender is an active owner of it.
    function _ownedRecord(bytes32 recordId) private view returns (StoredRecord storage record) {
        record = _record(recordId);
        string memory sender = Strings.toHexString(msg.sender);
        if (!record.owners.contains(sender) || !_isActive(record.ownerInfo[sender])) {
            revert RecordNotOwner(recordId, msg.sender);
        }
    }

    /// @dev The record, after checking the sender as {_ownedRecord} does and that the version exists.
    function _ownedVersion(bytes32 recordId, uint256 versionId) private view returns (StoredRecord storage record) {
        record = _ownedRecord(recordId);
        _version(record, recordId, versionId);
    }

    function _isActive(StoredOwner storage owner) private view returns (bool) {
        return owner.revokedAt == 0 && owner.notBefore <= block.timestamp
            && (owner.notAfter == 0 || block.timestamp <= owner.notAfter);
    }

    function _owner(StoredRecord storage record, string memory ownerId) private view returns (RecordOwner memory) {
        StoredOwner storage o = record.ownerInfo[ownerId];
        return RecordOwner(ownerId, o.notBefore, o.notAfter, o.revokedAt, _isActive(o));
    }

    function _owners(StoredRecord storage record, EnumerableSet.StringSet storage set)
        private
        view
        returns (RecordOwner[] memory owners)
    {
        owners = new RecordOwner[](set.length());
        for (uint256 i = 0; i < owners.length; ++i) {
            owners[i] = _owner(record, set.at(i));
        }
    }

    function _page(EnumerableSet.Bytes32Set storage set, uint256 page, uint256 pageSize)
        private
        view
        returns (bytes32[] memory items, uint256 total)
    {
        total = set.length();
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        items = set.values(start, end);
    }

    function _commitmentOfHashes(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes32 salt
    ) private pure returns (bytes32) {
        return keccak256(
            abi.encode(sender, ITimestamp.timestampHashes.selector, hashAlgorithmIds, hashValues, timestampData, salt)
        );
    }

    function _commitmentOfRecordHashes(
        address sender,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                sender,
                ITimestamp.timestampRecordHashes.selector,
                hashAlgorithmIds,
                hashValues,
                timestampData,
                versionInfo,
                salt
            )
        );
    }

    function _commitmentOfVersionHashes(
        address sender,
        bytes calldata versionHash,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                sender,
                ITimestamp.timestampVersionHashes.selector,
                versionHash,
                hashAlgorithmIds,
                hashValues,
                timestampData,
                versionInfo,
                salt
            )
        );
    }

    function _commitmentOfRecordVersionHashes(
        address sender,
        bytes32 recordId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                sender,
                ITimestamp.timestampRecordVersionHashes.selector,
                recordId,
                hashAlgorithmIds,
                hashValues,
                timestampData,
                versionInfo,
                salt
            )
        );
    }

    function _commitmentOfAppendHashes(
        address sender,
        bytes32 recordId,
        uint256 versionId,
        uint256[] calldata hashAlgorithmIds,
        bytes[] calldata hashValues,
        bytes[] calldata timestampData,
        bytes calldata versionInfo,
        bytes32 salt
    ) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                sender,
                ITimestamp.appendRecordVersionHashes.selector,
                recordId,
                versionId,
                hashAlgorithmIds,
                hashValues,
                timestampData,
                versionInfo,
                salt
            )
        );
    }
}
