// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {RegistryBase} from "./common/RegistryBase.sol";
import {CommitReveal} from "./common/CommitReveal.sol";
import {Pagination} from "./common/Pagination.sol";
import {DID_REGISTRY_TYPE, POLICIES_REGISTRY_TYPE, TRACK_AND_TRACE_TYPE} from "./common/RegistryTypes.sol";
import {ICoreRegistry} from "./interfaces/ICoreRegistry.sol";
import {ITrackAndTrace} from "./interfaces/ITrackAndTrace.sol";

/**
 * @dev See {ITrackAndTrace}. Unlike the other registries, its links can change after
 * initialisation ({setRegistryLinks}), by a stored admin (which a fresh or unlinked instance needs,
 * since no policy can be checked without a Policies Registry) or by holders of `TNT:setLinks`.
 *
 * Each creation of a document hash gets fresh storage (a new generation), so a removed document
 * leaves nothing behind for a later document with the same hash. Accounts are stored once, in
 * canonical form, and referred to by their id `keccak256(account)`. The creator's `Creator` access
 * is implied by the document (views show it first); every other access is listed twice, under its
 * document and under its subject, so removing a document costs gas linear in its number of accesses.
 */
contract TrackAndTrace is RegistryBase, CommitReveal, ITrackAndTrace {
    /// @inheritdoc ITrackAndTrace
    uint256 public constant CREATE_DOCUMENT_COMMITMENT_MATURITY = 5;
    /// @inheritdoc ITrackAndTrace
    uint256 public constant MAX_METADATA_LENGTH = 4000;
    /// @inheritdoc ITrackAndTrace
    uint256 public constant MAX_DELEGATED_CHILDREN = 10;

    // Overloads have no `.selector` member, so the reveal legs' selectors are spelled out.
    bytes4 private constant CREATE_DOCUMENT_SELECTOR =
        bytes4(keccak256("createDocument(bytes32,string,string,bytes32)"));
    bytes4 private constant CREATE_DOCUMENT_EXTERNAL_SELECTOR =
        bytes4(keccak256("createDocument(bytes32,string,string,uint256,bytes32,bytes32)"));

    // Positions are 1-based (0 = absent). They are uint64 so that structs pack: no list can hold
    // 2^64 entries.

    /// @dev One permission held on a document.
    struct Grant {
        bytes32 grantedBy; // account id
        AccountType grantedByType;
        uint64 documentPosition; // in StoredDocument.accesses; 0 = not held
        uint64 subjectPosition; // in TrackAndTraceStorage.subjectAccesses[subject]
    }

    /// @dev An account that holds at least one granted permission on a document (never the creator).
    struct Member {
        AccountType accountType; // recorded with its first permission
        uint64 grantCount;
        mapping(AccessType permission => Grant) grants;
        bytes32[] children; // subjects holding a `Write` that this delegate granted
        mapping(bytes32 child => uint256 position) childPositions;
    }

    struct AccessKey {
        bytes32 subject;
        AccessType permission;
    }

    struct SubjectAccessKey {
        bytes32 documentHash;
        AccessType permission;
    }

    struct StoredEvent {
        string externalHash;
        bytes32 sender; // account id; never zero for a written event
        AccountType senderType;
        string origin;
        string metadata;
        Timestamp timestamp;
    }

    struct StoredDocument {
        string metadata;
        Timestamp timestamp;
        bytes32 creator; // account id
        uint256 creatorPosition; // in TrackAndTraceStorage.creatorDocuments[creator]
        bytes32[] eventIds;
        mapping(bytes32 eventId => StoredEvent) events;
        AccessKey[] accesses; // granted ones: the creator's is implied
        mapping(bytes32 accountId => Member) members;
    }

    struct DocumentSlot {
        uint128 generation; // of the latest creation; its storage is documents[hash][generation]
        uint128 position; // in TrackAndTraceStorage.documentHashes; 0 = no live document
    }

    /// @custom:storage-location erc7201:core.storage.TrackAndTrace
    struct TrackAndTraceStorage {
        address admin;
        address pendingAdmin;
        mapping(string did => bool whiteListed) creators;
        mapping(bytes32 accountId => bytes account) accounts;
        bytes32[] documentHashes;
        mapping(bytes32 documentHash => DocumentSlot) slots;
        mapping(bytes32 documentHash => mapping(uint256 generation => StoredDocument)) documents;
        mapping(bytes32 accountId => SubjectAccessKey[]) subjectAccesses;
        mapping(bytes32 creatorId => bytes32[] documentHashes) creatorDocuments;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.TrackAndTrace")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant TRACK_AND_TRACE_STORAGE_LOCATION =
        0x86a8628a964901d71a6dd13194e957e8ed175fc6e907d9af999a6a2e09171600;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /**
     * @dev Initialises an instance administered by `initialAdmin` with the given links (either may
     * be zero). Emits {RegistryLinksUpdated} and {AdminTransferred} events.
     *
     * Requirements:
     * - `initialAdmin` is not zero.
     * - each non-zero link reports the matching `registryType()`.
     */
    function initialize(address initialAdmin, address policiesRegistryAddress, address didRegistryAddress)
        external
        initializer
    {
        if (initialAdmin == address(0)) revert AdminInvalid(initialAdmin);
        _checkLink(policiesRegistryAddress, POLICIES_REGISTRY_TYPE);
        _checkLink(didRegistryAddress, DID_REGISTRY_TYPE);
        __RegistryBase_init(policiesRegistryAddress, didRegistryAddress);
        _getTrackAndTraceStorage().admin = initialAdmin;
        emit AdminTransferred(address(0), initialAdmin);
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return TRACK_AND_TRACE_TYPE;
    }

    /// @dev See {IERC165-supportsInterface}.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(ITrackAndTrace).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc ITrackAndTrace
    function setRegistryLinks(address policiesRegistryAddress, address didRegistryAddress) external {
        if (msg.sender != _getTrackAndTraceStorage().admin && !_hasPolicy("TNT:setLinks", msg.sender)) {
            revert RegistryLinksUnauthorised(msg.sender);
        }
        _checkLink(policiesRegistryAddress, POLICIES_REGISTRY_TYPE);
        _checkLink(didRegistryAddress, DID_REGISTRY_TYPE);
        _setRegistryLinks(policiesRegistryAddress, didRegistryAddress);
    }

    /// @inheritdoc ITrackAndTrace
    function transferAdmin(address newAdmin) external {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        if (msg.sender != $.admin) revert AdminUnauthorised(msg.sender);
        $.pendingAdmin = newAdmin;
        emit AdminTransferStarted(msg.sender, newAdmin);
    }

    /// @inheritdoc ITrackAndTrace
    function acceptAdmin() external {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        if (msg.sender != $.pendingAdmin) revert AdminUnauthorised(msg.sender);
        address previous = $.admin;
        $.admin = msg.sender;
        delete $.pendingAdmin;
        emit AdminTransferred(previous, msg.sender);
    }

    /// @inheritdoc ITrackAndTrace
    function authoriseDid(string calldata senderDid, string calldata authorisedDid, bool whiteList) external {
        _checkPolicy("TNT:authoriseDid");
        _checkController(senderDid);
        _checkAccount(bytes(authorisedDid), AccountType.DidCore);
        _getTrackAndTraceStorage().creators[authorisedDid] = whiteList;
        emit DidAuthorised(authorisedDid, whiteList, senderDid);
    }

    /// @inheritdoc ITrackAndTrace
    function commitCreateDocument(bytes32 commitment) external {
        _commit(commitment);
    }

    /// @inheritdoc ITrackAndTrace
    function createDocument(
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        bytes32 salt
    ) external {
        _reveal(
            computeCreateDocumentCommitment(msg.sender, documentHash, documentMetadata, didCreator, salt),
            CREATE_DOCUMENT_COMMITMENT_MATURITY
        );
        _createDocument(
            documentHash,
            documentMetadata,
            didCreator,
            Timestamp(block.timestamp, TimestampSource.Block, bytes32(block.number))
        );
    }

    /// @inheritdoc ITrackAndTrace
    function createDocument(
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        uint256 timestamp,
        bytes32 timestampProof,
        bytes32 salt
    ) external {
        _reveal(
            computeCreateDocumentCommitment(
                msg.sender, documentHash, documentMetadata, didCreator, timestamp, timestampProof, salt
            ),
            CREATE_DOCUMENT_COMMITMENT_MATURITY
        );
        _createDocument(
            documentHash, documentMetadata, didCreator, Timestamp(timestamp, TimestampSource.External, timestampProof)
        );
    }

    /// @inheritdoc ITrackAndTrace
    function removeDocument(bytes32 documentHash) external {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        StoredDocument storage doc = _document(documentHash);
        bytes32 creatorId = doc.creator;
        string memory creator = string($.accounts[creatorId]);
        _checkController(creator);

        AccessKey[] storage accesses = doc.accesses;
        for (uint256 i = 0; i < accesses.length; ++i) {
            AccessKey storage key = accesses[i];
            _removeSubjectAccess(key.subject, doc.members[key.subject].grants[key.permission].subjectPosition);
        }
        bytes32[] storage created = $.creatorDocuments[creatorId];
        uint256 position = doc.creatorPosition;
        bytes32 last = created[created.length - 1];
        created[position - 1] = last;
        _liveDocument(last).creatorPosition = position;
        created.pop();

        DocumentSlot storage slot = $.slots[documentHash];
        position = slot.position;
        last = $.documentHashes[$.documentHashes.length - 1];
        $.documentHashes[position - 1] = last;
        $.slots[last].position = uint128(position);
        $.documentHashes.pop();
        slot.position = 0;
        emit DocumentRemoved(documentHash, creator);
    }

    /// @inheritdoc ITrackAndTrace
    function grantAccess(
        bytes32 documentHash,
        bytes calldata grantedByAccount,
        bytes calldata subjectAccount,
        AccountType grantedByAccountType,
        AccountType subjectAccountType,
        AccessType permission
    ) external {
        StoredDocument storage doc = _document(documentHash);
        if (permission == AccessType.Creator) revert AccessPermissionInvalid(permission);
        bytes memory granter = _account(grantedByAccount, grantedByAccountType);
        bytes memory subject = _account(subjectAccount, subjectAccountType);
        bytes32 granterId = keccak256(granter);
        bytes32 subjectId = keccak256(subject);
        bool byCreator = granterId == doc.creator;
        Member storage granterMember = doc.members[granterId];
        if (permission == AccessType.Delegate) {
            if (!byCreator) revert AccessNotCreator(documentHash, granter);
        } else if (!byCreator && granterMember.grants[AccessType.Delegate].documentPosition == 0) {
            revert AccessNotCreatorOrDelegate(documentHash, granter);
        }
        AccountType granterType = byCreator ? AccountType.DidCore : granterMember.accountType;
        if (granterType != grantedByAccountType) {
            revert AccountTypeMismatch(granter, granterType, grantedByAccountType);
        }
        _checkAuthorised(granter, grantedByAccountType);

        if (subjectId == doc.creator) revert AccessSubjectIsCreator(documentHash, subject);
        Member storage subjectMember = doc.members[subjectId];
        if (subjectMember.grantCount != 0 && subjectMember.accountType != subjectAccountType) {
            revert AccountTypeMismatch(subject, subjectMember.accountType, subjectAccountType);
        }
        if (subjectMember.grants[permission].documentPosition != 0) {
            revert AccessExists(documentHash, subject, permission);
        }
        if (!byCreator) {
            bytes32[] storage children = granterMember.children;
            if (children.length == MAX_DELEGATED_CHILDREN) {
                revert DelegateTooManyChildren(documentHash, granter, MAX_DELEGATED_CHILDREN);
            }
            children.push(subjectId);
            granterMember.childPositions[subjectId] = children.length;
        }
        _storeAccount(subjectId, subject);
        _addGrant(documentHash, doc, subjectId, subjectAccountType, permission, granterId, grantedByAccountType);
        emit AccessGranted(documentHash, subject, subjectAccountType, permission, granter, grantedByAccountType);
    }

    /// @inheritdoc ITrackAndTrace
    function revokeAccess(
        bytes32 documentHash,
        bytes calldata revokedByAccount,
        bytes calldata subjectAccount,
        AccessType permission
    ) external {
        StoredDocument storage doc = _document(documentHash);
        if (permission == AccessType.Creator) revert AccessPermissionInvalid(permission);
        bytes memory revoker = _canonical(revokedByAccount);
        bytes memory subject = _canonical(subjectAccount);
        bytes32 subjectId = keccak256(subject);
        Grant storage grant = doc.members[subjectId].grants[permission];
        if (grant.documentPosition == 0) revert AccessNotFound(documentHash, subject, permission);
        if (keccak256(revoker) != grant.grantedBy) {
            revert AccessNotGranter(documentHash, revoker, _getTrackAndTraceStorage().accounts[grant.grantedBy]);
        }
        _checkAuthorised(revoker, grant.grantedByType);
        _revokeAccess(documentHash, doc, subjectId, permission);
    }

    /// @inheritdoc ITrackAndTrace
    function writeEvent(WriteEventArgs calldata e) external {
        _writeEvent(e, Timestamp(block.timestamp, TimestampSource.Block, bytes32(block.number)));
    }

    /// @inheritdoc ITrackAndTrace
    function writeEvent(WriteEventArgs calldata e, uint256 timestamp, bytes32 timestampProof) external {
        _writeEvent(e, Timestamp(timestamp, TimestampSource.External, timestampProof));
    }

    /// @inheritdoc ITrackAndTrace
    function admin() external view returns (address) {
        return _getTrackAndTraceStorage().admin;
    }

    /// @inheritdoc ITrackAndTrace
    function pendingAdmin() external view returns (address) {
        return _getTrackAndTraceStorage().pendingAdmin;
    }

    /// @inheritdoc ITrackAndTrace
    function didRegistry() external view returns (address) {
        return _didRegistry();
    }

    /// @inheritdoc ITrackAndTrace
    function computeCreateDocumentCommitment(
        address sender,
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        bytes32 salt
    ) public pure returns (bytes32) {
        return keccak256(
            abi.encode(sender, CREATE_DOCUMENT_SELECTOR, documentHash, documentMetadata, didCreator, salt)
        );
    }

    /// @inheritdoc ITrackAndTrace
    function computeCreateDocumentCommitment(
        address sender,
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        uint256 timestamp,
        bytes32 timestampProof,
        bytes32 salt
    ) public pure returns (bytes32) {
        return keccak256(
            abi.encode(
                sender,
                CREATE_DOCUMENT_EXTERNAL_SELECTOR,
                documentHash,
                documentMetadata,
                didCreator,
                timestamp,
                timestampProof,
                salt
            )
        );
    }

    /// @inheritdoc ITrackAndTrace
    function getDocuments(uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_getTrackAndTraceStorage().documentHashes, page, pageSize);
    }

    /// @inheritdoc ITrackAndTrace
    function getDocument(bytes32 documentHash) external view returns (Document memory) {
        StoredDocument storage doc = _document(documentHash);
        string memory creator = string(_getTrackAndTraceStorage().accounts[doc.creator]);
        return Document(doc.metadata, doc.timestamp, creator, doc.eventIds.length, doc.accesses.length + 1);
    }

    /// @inheritdoc ITrackAndTrace
    function getEvents(bytes32 documentHash, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_document(documentHash).eventIds, page, pageSize);
    }

    /// @inheritdoc ITrackAndTrace
    function getEvent(bytes32 documentHash, bytes32 eventId) external view returns (DocumentEvent memory) {
        StoredEvent storage ev = _document(documentHash).events[eventId];
        if (ev.sender == bytes32(0)) revert EventNotFound(documentHash, eventId);
        bytes memory sender = _getTrackAndTraceStorage().accounts[ev.sender];
        return DocumentEvent(eventId, ev.externalHash, sender, ev.senderType, ev.origin, ev.metadata, ev.timestamp);
    }

    /// @inheritdoc ITrackAndTrace
    function getAccessesByDocument(bytes32 documentHash, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total)
    {
        StoredDocument storage doc = _document(documentHash);
        total = doc.accesses.length + 1;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        items = new Access[](end - start);
        for (uint256 i = start; i < end; ++i) {
            if (i == 0) {
                items[0] = _creatorAccess(documentHash, _getTrackAndTraceStorage().accounts[doc.creator]);
            } else {
                AccessKey storage key = doc.accesses[i - 1];
                items[i - start] = _access(documentHash, doc, key.subject, key.permission);
            }
        }
    }

    /// @inheritdoc ITrackAndTrace
    function getAccessesBySubject(bytes calldata subject, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total)
    {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        bytes memory account = _canonical(subject);
        bytes32 subjectId = keccak256(account);
        bytes32[] storage created = $.creatorDocuments[subjectId];
        SubjectAccessKey[] storage keys = $.subjectAccesses[subjectId];
        total = created.length + keys.length;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        items = new Access[](end - start);
        for (uint256 i = start; i < end; ++i) {
            if (i < created.length) {
                items[i - start] = _creatorAccess(created[i], account);
            } else {
                SubjectAccessKey storage key = keys[i - created.length];
                bytes32 documentHash = key.documentHash;
                items[i - start] = _access(documentHash, _liveDocument(documentHash), subjectId, key.permission);
            }
        }
    }

    /// @inheritdoc ITrackAndTrace
    function getAccessesByCreator(string calldata didCreator, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total)
    {
        bytes32[] storage created = _getTrackAndTraceStorage().creatorDocuments[keccak256(bytes(didCreator))];
        total = created.length;
        (uint256 start, uint256 end) = Pagination.bounds(total, page, pageSize);
        items = new Access[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = _creatorAccess(created[i], bytes(didCreator));
        }
    }

    /// @inheritdoc ITrackAndTrace
    function isCreator(string calldata did) external view returns (bool) {
        return _getTrackAndTraceStorage().creators[did];
    }

    /// @inheritdoc ITrackAndTrace
    function hasAccess(bytes32 documentHash, bytes calldata account, AccessType permission)
        external
        view
        returns (bool)
    {
        if (_getTrackAndTraceStorage().slots[documentHash].position == 0) return false;
        bytes32 accountId = keccak256(_canonical(account));
        StoredDocument storage doc = _liveDocument(documentHash);
        if (permission == AccessType.Creator) return accountId == doc.creator;
        return doc.members[accountId].grants[permission].documentPosition != 0;
    }

    function _getTrackAndTraceStorage() private pure returns (TrackAndTraceStorage storage $) {
        assembly {
            $.slot := TRACK_AND_TRACE_STORAGE_LOCATION
        }
    }

    /// @dev The current storage of `documentHash`, live or not.
    function _liveDocument(bytes32 documentHash) private view returns (StoredDocument storage) {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        return $.documents[documentHash][$.slots[documentHash].generation];
    }

    /// @dev The live document `documentHash`; reverts {DocumentNotFound}.
    function _document(bytes32 documentHash) private view returns (StoredDocument storage) {
        if (_getTrackAndTraceStorage().slots[documentHash].position == 0) revert DocumentNotFound(documentHash);
        return _liveDocument(documentHash);
    }

    function _createDocument(
        bytes32 documentHash,
        string calldata metadata,
        string calldata creator,
        Timestamp memory timestamp
    ) private {
        TrackAndTraceStorage storage $ = _getTrackAndTraceStorage();
        if (documentHash == bytes32(0)) revert DocumentHashInvalid(documentHash);
        DocumentSlot storage slot = $.slots[documentHash];
        if (slot.position != 0) revert DocumentExists(documentHash);
        if (bytes(metadata).length > MAX_METADATA_LENGTH) {
            revert DocumentMetadataTooLong(bytes(metadata).length, MAX_METADATA_LENGTH);
        }
        if (timestamp.timestamp == 0) revert TimestampInvalid(timestamp.timestamp);
        if (!$.creators[creator]) revert CreatorNotAuthorised(creator);
        _checkController(creator);

        $.documentHashes.push(documentHash);
        uint128 generation = slot.generation + 1;
        (slot.generation, slot.position) = (generation, uint128($.documentHashes.length));
        StoredDocument storage doc = $.documents[documentHash][generation];
        doc.metadata = metadata;
        doc.timestamp = timestamp;
        bytes32 creatorId = keccak256(bytes(creator));
        _storeAccount(creatorId, bytes(creator));
        doc.creator = creatorId;
        bytes32[] storage created = $.creatorDocuments[creatorId];
        created.push(documentHash);
        doc.creatorPosition = created.length;
        emit DocumentCreated(documentHash, metadata, creator, timestamp.timestamp, timestamp.source, timestamp.proof);
    }

    function _writeEvent(WriteEventArgs calldata e, Timestamp memory timestamp) private {
        bytes32 documentHash = e.documentHash;
        StoredDocument storage doc = _document(documentHash);
        if (bytes(e.externalHash).length == 0) revert EventExternalHashEmpty();
        if (bytes(e.metadata).length > MAX_METADATA_LENGTH) {
            revert EventMetadataTooLong(bytes(e.metadata).length, MAX_METADATA_LENGTH);
        }
        if (timestamp.timestamp == 0) revert TimestampInvalid(timestamp.timestamp);
        bytes memory sender = _canonical(e.sender);
        bytes32 senderId = keccak256(sender);
        AccountType senderType = AccountType.DidCore;
        if (senderId != doc.creator) {
            Member storage member = doc.members[senderId];
            if (member.grants[AccessType.Write].documentPosition == 0) {
                revert EventSenderNotWriter(documentHash, sender);
            }
            senderType = member.accountType;
        }
        _checkAuthorised(sender, senderType);

        bytes32 eventId = keccak256(bytes(e.externalHash));
        StoredEvent storage ev = doc.events[eventId];
        if (ev.sender != bytes32(0)) revert EventExists(documentHash, eventId);
        ev.externalHash = e.externalHash;
        ev.sender = senderId;
        ev.senderType = senderType;
        ev.origin = e.origin;
        ev.metadata = e.metadata;
        ev.timestamp = timestamp;
        doc.eventIds.push(eventId);
        emit EventWritten(
            documentHash,
            eventId,
            e.externalHash,
            sender,
            senderType,
            e.origin,
            e.metadata,
            timestamp.timestamp,
            timestamp.source,
            timestamp.proof
        );
    }

    /// @dev Records `permission` of `subjectId` on the document, under the document and the subject.
    function _addGrant(
        bytes32 documentHash,
        StoredDocument storage doc,
        bytes32 subjectId,
        AccountType subjectType,
        AccessType permission,
        bytes32 grantedBy,
        AccountType grantedByType
    ) private {
        Member storage member = doc.members[subjectId];
        if (member.grantCount++ == 0) member.accountType = subjectType;
        doc.accesses.push(AccessKey(subjectId, permission));
        SubjectAccessKey[] storage keys = _getTrackAndTraceStorage().subjectAccesses[subjectId];
        keys.push(SubjectAccessKey(documentHash, permission));
        member.grants[permission] =
            Grant(grantedBy, grantedByType, uint64(doc.accesses.length), uint64(keys.length));
    }

    /**
     * @dev Revokes a held `permission` (and, for `Delegate`, every `Write` the delegate granted).
     * Emits an {AccessRevoked} event per revoked permission, the delegate's first.
     */
    function _revokeAccess(bytes32 documentHash, StoredDocument storage doc, bytes32 subjectId, AccessType permission)
        private
    {
        _removeGrant(documentHash, doc, subjectId, permission);
        if (permission == AccessType.Delegate) {
            // Each removal takes the child out of the list (a `Write` has no children to cascade to).
            bytes32[] storage children = doc.members[subjectId].children;
            while (children.length > 0) {
                _removeGrant(documentHash, doc, children[children.length - 1], AccessType.Write);
            }
        }
    }

    /// @dev Revokes one held `permission` (no cascade). Emits an {AccessRevoked} event.
    function _removeGrant(bytes32 documentHash, StoredDocument storage doc, bytes32 subjectId, AccessType permission)
        private
    {
        Member storage member = doc.members[subjectId];
        Grant memory grant = member.grants[permission];
        AccountType subjectType = member.accountType;
        if (permission == AccessType.Write && grant.grantedBy != doc.creator) {
            _removeChild(doc.members[grant.grantedBy], subjectId);
        }
        AccessKey[] storage accesses = doc.accesses;
        AccessKey memory lastKey = accesses[accesses.length - 1];
        accesses[grant.documentPosition - 1] = lastKey;
        doc.members[lastKey.subject].grants[lastKey.permission].documentPosition = grant.documentPosition;
        accesses.pop();
        _removeSubjectAccess(subjectId, grant.subjectPosition);
        delete member.grants[permission];
        if (--member.grantCount == 0) delete member.accountType;
        mapping(bytes32 => bytes) storage accounts = _getTrackAndTraceStorage().accounts;
        emit AccessRevoked(
            documentHash, accounts[subjectId], subjectType, permission, accounts[grant.grantedBy], grant.grantedByType
        );
    }

    /// @dev Removes `child` from the children of `delegate`.
    function _removeChild(Member storage delegate, bytes32 child) private {
        bytes32[] storage children = delegate.children;
        uint256 position = delegate.childPositions[child];
        bytes32 last = children[children.length - 1];
        children[position - 1] = last;
        delegate.childPositions[last] = position;
        children.pop();
        delete delegate.childPositions[child];
    }

    /// @dev Removes the entry at `position` of `subjectId`'s access list.
    function _removeSubjectAccess(bytes32 subjectId, uint64 position) private {
        SubjectAccessKey[] storage keys = _getTrackAndTraceStorage().subjectAccesses[subjectId];
        SubjectAccessKey memory moved = keys[keys.length - 1];
        keys[position - 1] = moved;
        _liveDocument(moved.documentHash).members[subjectId].grants[moved.permission].subjectPosition = position;
        keys.pop();
    }

    /// @dev The {Access} view of a held permission.
    function _access(bytes32 documentHash, StoredDocument storage doc, bytes32 subjectId, AccessType permission)
        private
        view
        returns (Access memory)
    {
        mapping(bytes32 => bytes) storage accounts = _getTrackAndTraceStorage().accounts;
        Member storage member = doc.members[subjectId];
        Grant storage grant = member.grants[permission];
        return Access(
            documentHash,
            accounts[subjectId],
            member.accountType,
            permission,
            accounts[grant.grantedBy],
            grant.grantedByType
        );
    }

    /// @dev The implied `Creator` access of `creator` to `documentHash`.
    function _creatorAccess(bytes32 documentHash, bytes memory creator) private pure returns (Access memory) {
        return Access(documentHash, creator, AccountType.DidCore, AccessType.Creator, creator, AccountType.DidCore);
    }

    /// @dev Stores `account` under its id `keccak256(account)` the first time it is seen.
    function _storeAccount(bytes32 accountId, bytes memory account) private {
        mapping(bytes32 => bytes) storage accounts = _getTrackAndTraceStorage().accounts;
        if (accounts[accountId].length == 0) accounts[accountId] = account;
    }

    /// @dev Reverts {RegistryLinkInvalid} unless `registry` is zero or reports `expectedType`.
    function _checkLink(address registry, bytes32 expectedType) private view {
        if (registry == address(0)) return;
        // A low-level call, so that an account without code or with another ABI fails cleanly.
        (bool ok, bytes memory data) = registry.staticcall(abi.encodeCall(ICoreRegistry.registryType, ()));
        if (!ok || data.length != 32 || abi.decode(data, (bytes32)) != expectedType) {
            revert RegistryLinkInvalid(registry, expectedType);
        }
    }

    /// @dev `account` in canonical form (a 65-byte 0x04-prefixed key loses its prefix), checked for `accountType`.
    function _account(bytes calldata account, AccountType accountType) private pure returns (bytes memory canonical) {
        canonical = _canonical(account);
        _checkAccount(canonical, accountType);
    }

    function _canonical(bytes calldata account) private pure returns (bytes memory) {
        if (account.length == 65 && account[0] == 0x04) return account[1:];
        return account;
    }

    /// @dev Reverts {AccountInvalid} unless `account` is a did:core DID or a 64-byte public key, as `accountType` says.
    function _checkAccount(bytes memory account, AccountType accountType) private pure {
        bool valid = accountType == AccountType.DidKey
            ? account.length == 64
            : account.length > 9 && bytes9(account) == bytes9("did:core:");
        if (!valid) revert AccountInvalid(account, accountType);
    }

    /// @dev Reverts {AccountUnauthorised} unless `msg.sender` can act for `account`.
    function _checkAuthorised(bytes memory account, AccountType accountType) private view {
        bool authorised = accountType == AccountType.DidKey
            ? address(uint160(uint256(keccak256(account)))) == msg.sender
            : _isController(string(account), msg.sender);
        if (!authorised) revert AccountUnauthorised(account, accountType, msg.sender);
    }
}
