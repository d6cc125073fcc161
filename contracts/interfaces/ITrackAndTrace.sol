// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev Track and Trace: documents identified by a caller-chosen `bytes32` hash, created by
 * whitelisted did:core DIDs, the events written to them, and the accounts allowed to write them.
 *
 * Accounts are bytes with a type: a `DidCore` account is the UTF-8 text of a did:core DID and acts
 * through the linked DID Registry (`checkController`); a `DidKey` account is a raw secp256k1 public
 * key (64 bytes X‖Y, or 65 bytes with the 0x04 prefix, stored without it) and acts as that key's
 * Ethereum address. On a document the creator holds `Creator`; the creator grants `Delegate` and
 * `Write`, a delegate grants `Write` (to at most {MAX_DELEGATED_CHILDREN} accounts), and only the
 * granter of a permission revokes it; revoking `Delegate` also revokes every `Write` the delegate
 * granted. `createDocument` is the reveal leg of a commit–reveal pair (see `CommitReveal`).
 */
interface ITrackAndTrace {
    /// @dev How an account authenticates: through the DID Registry, or as the address of its key.
    enum AccountType {
        DidCore,
        DidKey
    }

    /// @dev A permission on a document (numbered as in EBSI Track and Trace v2).
    enum AccessType {
        Delegate,
        Write,
        Creator
    }

    /// @dev Where a timestamp comes from: the block that recorded it, or the caller.
    enum TimestampSource {
        Block,
        External
    }

    /// @dev A point in time. `Block`: `timestamp` is the block time, `proof` the block number.
    struct Timestamp {
        uint256 timestamp;
        TimestampSource source;
        bytes32 proof;
    }

    /// @dev A document as {getDocument} returns it; its events and accesses are paginated apart.
    struct Document {
        string metadata;
        Timestamp timestamp;
        string creator;
        uint256 eventCount;
        uint256 accessCount;
    }

    /// @dev An event of a document. `eventId` is `keccak256(bytes(externalHash))`.
    struct DocumentEvent {
        bytes32 eventId;
        string externalHash;
        bytes sender;
        AccountType senderType;
        string origin;
        string metadata;
        Timestamp timestamp;
    }

    /**
     * @dev One permission of one subject on one document. The creator's entry is `Creator`, granted
     * by the creator itself.
     */
    struct Access {
        bytes32 documentHash;
        bytes subject;
        AccountType subjectType;
        AccessType permission;
        bytes grantedBy;
        AccountType grantedByType;
    }

    /// @dev The arguments of {writeEvent}: `sender` is the account (creator or writer) writing it.
    struct WriteEventArgs {
        bytes32 documentHash;
        string externalHash;
        bytes sender;
        string origin;
        string metadata;
    }

    /// @dev `account` is not the registry admin.
    error AdminUnauthorised(address account);
    /// @dev The admin cannot be the zero address.
    error AdminInvalid(address admin);
    /// @dev `account` is neither the admin nor a holder of the policy `TNT:setLinks`.
    error RegistryLinksUnauthorised(address account);
    /// @dev `registry` is not zero and does not report the registry type `expectedType`.
    error RegistryLinkInvalid(address registry, bytes32 expectedType);
    /// @dev `account` is not a well-formed account of type `accountType` (a did:core DID, or a
    /// 64-byte public key, or 65 bytes starting with 0x04).
    error AccountInvalid(bytes account, AccountType accountType);
    /// @dev `account` is known on the document with type `recordedType`, not `givenType`.
    error AccountTypeMismatch(bytes account, AccountType recordedType, AccountType givenType);
    /// @dev `sender` cannot act for `account` (it does not control the DID, or is not the key's address).
    error AccountUnauthorised(bytes account, AccountType accountType, address sender);
    /// @dev `did` is not a whitelisted document creator.
    error CreatorNotAuthorised(string did);
    /// @dev The document hash is zero.
    error DocumentHashInvalid(bytes32 documentHash);
    /// @dev A document `documentHash` exists already.
    error DocumentExists(bytes32 documentHash);
    /// @dev No document `documentHash` exists.
    error DocumentNotFound(bytes32 documentHash);
    /// @dev The document metadata is `length` bytes long, over `maxLength`.
    error DocumentMetadataTooLong(uint256 length, uint256 maxLength);
    /// @dev An external timestamp is zero.
    error TimestampInvalid(uint256 timestamp);
    /// @dev `permission` cannot be granted or revoked (`Creator` belongs to the document's creator).
    error AccessPermissionInvalid(AccessType permission);
    /// @dev Only the creator of `documentHash` grants `Delegate`; `account` is not it.
    error AccessNotCreator(bytes32 documentHash, bytes account);
    /// @dev Only the creator or a delegate of `documentHash` grants `Write`; `account` is neither.
    error AccessNotCreatorOrDelegate(bytes32 documentHash, bytes account);
    /// @dev The creator of `documentHash` holds every permission already; nothing is granted to it.
    error AccessSubjectIsCreator(bytes32 documentHash, bytes subject);
    /// @dev `subject` holds `permission` on `documentHash` already.
    error AccessExists(bytes32 documentHash, bytes subject, AccessType permission);
    /// @dev `subject` does not hold `permission` on `documentHash`.
    error AccessNotFound(bytes32 documentHash, bytes subject, AccessType permission);
    /// @dev `account` did not grant the permission it tries to revoke (`grantedBy` did).
    error AccessNotGranter(bytes32 documentHash, bytes account, bytes grantedBy);
    /// @dev `delegate` has granted `Write` to {MAX_DELEGATED_CHILDREN} accounts already.
    error DelegateTooManyChildren(bytes32 documentHash, bytes delegate, uint256 maxChildren);
    /// @dev `sender` is neither the creator of `documentHash` nor holds `Write` on it.
    error EventSenderNotWriter(bytes32 documentHash, bytes sender);
    /// @dev The event's external hash is empty.
    error EventExternalHashEmpty();
    /// @dev The event metadata is `length` bytes long, over `maxLength`.
    error EventMetadataTooLong(uint256 length, uint256 maxLength);
    /// @dev `documentHash` has an event `eventId` (the same external hash) already.
    error EventExists(bytes32 documentHash, bytes32 eventId);
    /// @dev `documentHash` has no event `eventId`.
    error EventNotFound(bytes32 documentHash, bytes32 eventId);

    /// @dev The admin changed (from zero at initialisation).
    event AdminTransferred(address indexed previousAdmin, address indexed newAdmin);
    /// @dev `admin` offered the admin role to `pendingAdmin` (zero: offer withdrawn).
    event AdminTransferStarted(address indexed admin, address indexed pendingAdmin);
    /// @dev `senderDid` whitelisted `did` as a document creator (`whiteListed`) or removed it.
    event DidAuthorised(string did, bool whiteListed, string senderDid);
    /// @dev `creator` created the document. The creator's own `Creator` access comes with it.
    event DocumentCreated(
        bytes32 indexed documentHash,
        string metadata,
        string creator,
        uint256 timestamp,
        TimestampSource source,
        bytes32 proof
    );
    /// @dev The creator removed the document, with its events and every access to it.
    event DocumentRemoved(bytes32 indexed documentHash, string creator);
    /// @dev `grantedBy` gave `subject` `permission` on the document.
    event AccessGranted(
        bytes32 indexed documentHash,
        bytes subject,
        AccountType subjectType,
        AccessType indexed permission,
        bytes grantedBy,
        AccountType grantedByType
    );
    /// @dev `revokedBy` (the granter) took `permission` from `subject`; a revoked `Delegate` is
    /// followed by one such event per `Write` that the delegate had granted (revoked by it).
    event AccessRevoked(
        bytes32 indexed documentHash,
        bytes subject,
        AccountType subjectType,
        AccessType indexed permission,
        bytes revokedBy,
        AccountType revokedByType
    );
    /// @dev `sender` wrote the event `eventId` (= `keccak256(bytes(externalHash))`) to the document.
    event EventWritten(
        bytes32 indexed documentHash,
        bytes32 indexed eventId,
        string externalHash,
        bytes sender,
        AccountType senderType,
        string origin,
        string metadata,
        uint256 timestamp,
        TimestampSource source,
        bytes32 proof
    );

    /**
     * @dev Replaces the links to the Policies Registry and the DID Registry (either may be zero,
     * which disables policy checks or DID-based authorisation). Emits a {RegistryLinksUpdated} event.
     *
     * Requirements:
     * - the sender is the admin or holds `TNT:setLinks` in the currently linked Policies Registry.
     * - each non-zero link reports the matching `registryType()`.
     */
    function setRegistryLinks(address policiesRegistryAddress, address didRegistryAddress) external;

    /**
     * @dev Offers the admin role to `newAdmin`, who takes it with {acceptAdmin}; zero withdraws
     * the offer. Emits an {AdminTransferStarted} event.
     *
     * Requirements:
     * - the sender is the admin.
     */
    function transferAdmin(address newAdmin) external;

    /**
     * @dev Takes the admin role offered by {transferAdmin}. Emits an {AdminTransferred} event.
     *
     * Requirements:
     * - the sender is the pending admin.
     */
    function acceptAdmin() external;

    /**
     * @dev Whitelists `authorisedDid` as a document creator (`whiteList` true) or removes it.
     * Documents it created stay its own. Emits a {DidAuthorised} event.
     *
     * Requirements:
     * - the sender holds `TNT:authoriseDid` and controls `senderDid`.
     * - `authorisedDid` is a did:core DID.
     */
    function authoriseDid(string calldata senderDid, string calldata authorisedDid, bool whiteList) external;

    /**
     * @dev Commits to a later {createDocument} (see {computeCreateDocumentCommitment}). Emits a
     * {CommitmentRecorded} event.
     *
     * Requirements:
     * - `commitment` is not zero.
     */
    function commitCreateDocument(bytes32 commitment) external;

    /**
     * @dev Creates a document timestamped by the current block, with the creator's `Creator`
     * access. Reveal leg: consumes the sender's commitment from {computeCreateDocumentCommitment}
     * of the same arguments. Emits {CommitmentRevealed} and {DocumentCreated} events.
     *
     * Requirements:
     * - the sender committed to these arguments at least {CREATE_DOCUMENT_COMMITMENT_MATURITY}
     *   blocks ago and has not revealed them yet.
     * - `documentHash` is not zero and no document has it.
     * - `documentMetadata` is at most {MAX_METADATA_LENGTH} bytes long.
     * - `didCreator` is whitelisted and the sender controls it.
     */
    function createDocument(
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        bytes32 salt
    ) external;

    /**
     * @dev Like {createDocument} above, with a caller-provided timestamp and proof (source
     * `External`). Emits {CommitmentRevealed} and {DocumentCreated} events.
     *
     * Requirements:
     * - as {createDocument} above, with this overload's commitment.
     * - `timestamp` is not zero.
     */
    function createDocument(
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        uint256 timestamp,
        bytes32 timestampProof,
        bytes32 salt
    ) external;

    /**
     * @dev Removes a document with its events and accesses; its hash can be used again. Emits a
     * {DocumentRemoved} event (and no {AccessRevoked} events).
     *
     * Requirements:
     * - the document exists and the sender controls its creator.
     */
    function removeDocument(bytes32 documentHash) external;

    /**
     * @dev Gives `subjectAccount` `permission` on the document. A `Write` granted by a delegate
     * counts among that delegate's children. Emits an {AccessGranted} event.
     *
     * Requirements:
     * - the document exists; `permission` is not `Creator`.
     * - both accounts are well formed for their types, and match the types recorded for them on
     *   the document.
     * - `Delegate` is granted by the creator; `Write` by the creator or a delegate.
     * - the sender can act for `grantedByAccount`.
     * - the subject is not the creator and does not hold `permission` yet.
     * - a delegate has granted `Write` to fewer than {MAX_DELEGATED_CHILDREN} accounts.
     */
    function grantAccess(
        bytes32 documentHash,
        bytes calldata grantedByAccount,
        bytes calldata subjectAccount,
        AccountType grantedByAccountType,
        AccountType subjectAccountType,
        AccessType permission
    ) external;

    /**
     * @dev Takes `permission` from `subjectAccount`. Revoking `Delegate` also revokes each `Write`
     * the delegate granted. Emits an {AccessRevoked} event per revoked permission.
     *
     * Requirements:
     * - the document exists; `permission` is not `Creator`; the subject holds it.
     * - `revokedByAccount` granted it, and the sender can act for `revokedByAccount`.
     */
    function revokeAccess(
        bytes32 documentHash,
        bytes calldata revokedByAccount,
        bytes calldata subjectAccount,
        AccessType permission
    ) external;

    /**
     * @dev Writes an event timestamped by the current block. Emits an {EventWritten} event.
     *
     * Requirements:
     * - the document exists; `e.sender` is its creator or holds `Write`, and the sender can act
     *   for it (with its recorded account type).
     * - `e.externalHash` is not empty and new on the document.
     * - `e.metadata` is at most {MAX_METADATA_LENGTH} bytes long.
     */
    function writeEvent(WriteEventArgs calldata e) external;

    /**
     * @dev Like {writeEvent} above, with a caller-provided timestamp and proof (source `External`).
     * Emits an {EventWritten} event.
     *
     * Requirements:
     * - as {writeEvent} above; `timestamp` is not zero.
     */
    function writeEvent(WriteEventArgs calldata e, uint256 timestamp, bytes32 timestampProof) external;

    /// @dev Blocks between {commitCreateDocument} and the matching {createDocument} (5).
    function CREATE_DOCUMENT_COMMITMENT_MATURITY() external view returns (uint256);

    /// @dev Maximum length in bytes of document and event metadata (4000).
    function MAX_METADATA_LENGTH() external view returns (uint256);

    /// @dev Maximum number of accounts a delegate can grant `Write` to on one document (10).
    function MAX_DELEGATED_CHILDREN() external view returns (uint256);

    /// @dev The registry admin (sets links, transfers itself).
    function admin() external view returns (address);

    /// @dev The account offered the admin role, or zero.
    function pendingAdmin() external view returns (address);

    /// @dev The linked DID Registry, or zero.
    function didRegistry() external view returns (address);

    /**
     * @dev The commitment that {createDocument} (block timestamp) recomputes for `sender`:
     * `keccak256(abi.encode(sender, selector, documentHash, documentMetadata, didCreator, salt))`.
     */
    function computeCreateDocumentCommitment(
        address sender,
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        bytes32 salt
    ) external pure returns (bytes32);

    /**
     * @dev The commitment that {createDocument} (external timestamp) recomputes for `sender`:
     * `keccak256(abi.encode(sender, selector, documentHash, documentMetadata, didCreator,
     * timestamp, timestampProof, salt))`.
     */
    function computeCreateDocumentCommitment(
        address sender,
        bytes32 documentHash,
        string calldata documentMetadata,
        string calldata didCreator,
        uint256 timestamp,
        bytes32 timestampProof,
        bytes32 salt
    ) external pure returns (bytes32);

    /// @dev A page of document hashes, and their total. Creation order, except that removing a
    /// document moves the last one into its place.
    function getDocuments(uint256 page, uint256 pageSize) external view returns (bytes32[] memory items, uint256 total);

    /// @dev The document `documentHash`. Reverts {DocumentNotFound}.
    function getDocument(bytes32 documentHash) external view returns (Document memory);

    /// @dev A page of the document's event ids in writing order, and their total. Reverts {DocumentNotFound}.
    function getEvents(bytes32 documentHash, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /// @dev The event `eventId` of the document. Reverts {DocumentNotFound}, {EventNotFound}.
    function getEvent(bytes32 documentHash, bytes32 eventId) external view returns (DocumentEvent memory);

    /// @dev A page of the document's accesses (the creator's first), and their total. Reverts {DocumentNotFound}.
    function getAccessesByDocument(bytes32 documentHash, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total);

    /// @dev A page of the accesses that `subject` holds across documents (the `Creator` ones of the
    /// documents it created first), and their total (0 for an unknown subject).
    function getAccessesBySubject(bytes calldata subject, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total);

    /// @dev A page of the `Creator` accesses of the documents that `didCreator` created, and their total.
    function getAccessesByCreator(string calldata didCreator, uint256 page, uint256 pageSize)
        external
        view
        returns (Access[] memory items, uint256 total);

    /// @dev Whether `did` is a whitelisted document creator.
    function isCreator(string calldata did) external view returns (bool);

    /**
     * @dev Whether `account` holds `permission` on the document itself (false if the document does
     * not exist). `Creator` is the creator alone; the creator's implied right to write is not `Write`.
     */
    function hasAccess(bytes32 documentHash, bytes calldata account, AccessType permission)
        external
        view
        returns (bool);
}
