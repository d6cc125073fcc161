// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {IControllerCheck} from "./IControllerCheck.sol";

/**
 * @dev DID Registry: DID documents made of a base document (JSON text), a list of controller DIDs
 * and verification methods (public keys) that take part in verification relationships during
 * validity windows `[notBefore, notAfter]` (inclusive, Unix seconds).
 *
 * Keys are 65-byte uncompressed SEC1 points `0x04 ‖ X ‖ Y` on secp256k1 or P-256, and a
 * verification method id (`vMethodId`) is always the RFC 7638 SHA-256 thumbprint of the key's
 * public JWK, checked on-chain. Relationship names are `authentication`, `assertionMethod`,
 * `keyAgreement`, `capabilityInvocation` and `capabilityDelegation`; a method holds each at most once.
 *
 * A DID is controlled by the addresses of the secp256k1 `capabilityInvocation` keys of its
 * controller DIDs (see {checkController}). Every write but {insertDidDocument} is allowed to a
 * controller of the DID, or to a holder of the policy `DID:<function>` in the linked Policies
 * Registry. Every event carries `keccak256(bytes(did))` as its only indexed key, so that the
 * history of one DID can be filtered from logs.
 */
interface IDidRegistry is IControllerCheck {
    /// @dev Arguments of {rollVerificationMethod}.
    struct RollArgs {
        string did;
        string vMethodId;
        bytes publicKey;
        bool isSecp256k1;
        uint256 notBefore;
        uint256 notAfter;
        string oldVMethodId;
        uint256 duration;
    }

    /// @dev One verification relationship of a method, as views return it.
    struct VerificationRelationship {
        string name;
        uint256 notBefore;
        uint256 notAfter;
    }

    /// @dev One verification method with the relationships that views selected.
    struct VerificationMethod {
        string vMethodId;
        bytes publicKey;
        bool isSecp256k1;
        VerificationRelationship[] relationships;
    }

    /**
     * @dev A DID document at a point in time: the base document, the controllers, and the
     * verification methods having at least one relationship valid at that time (in the order the
     * methods were added), each with only those valid relationships (in the order
     * `authentication`, `assertionMethod`, `keyAgreement`, `capabilityInvocation`,
     * `capabilityDelegation`).
     */
    struct DidDocument {
        string baseDocument;
        string[] controllers;
        VerificationMethod[] verificationMethods;
    }

    /// @dev `did` is the empty string.
    error DidEmpty();
    /// @dev `did` is registered already.
    error DidExists(string did);
    /// @dev `did` is not registered.
    error DidNotFound(string did);
    /// @dev `account` does not control `did` and does not hold the policy `policyName`.
    error DidUnauthorizedAccount(string did, address account, string policyName);
    /// @dev The base document is the empty string.
    error DidBaseDocumentEmpty();
    /// @dev The first key of a DID is not a secp256k1 key.
    error DidFirstKeyNotSecp256k1();
    /// @dev The sender of {insertDidDocument} is not `keyAddress`, the address of the key it registers.
    error DidKeyPossessionUnproven(address keyAddress, address sender);
    /// @dev `publicKey` is not a 65-byte uncompressed point (`0x04 ‖ X ‖ Y`) on the stated curve.
    error DidPublicKeyInvalid(bytes publicKey, bool isSecp256k1);
    /// @dev `vMethodId` is not `thumbprint`, the RFC 7638 SHA-256 thumbprint of the key.
    error DidVerificationMethodIdMismatch(string vMethodId, string thumbprint);
    /// @dev `did` has a verification method `vMethodId` already.
    error DidVerificationMethodExists(string did, string vMethodId);
    /// @dev `did` has no verification method `vMethodId`.
    error DidVerificationMethodNotFound(string did, string vMethodId);
    /// @dev The verification method `vMethodId` of `did` is revoked.
    error DidVerificationMethodAlreadyRevoked(string did, string vMethodId);
    /// @dev `notAfter` is not allowed at block time `timestamp` (revocation: after it; expiry: not after it).
    error DidVerificationMethodNotAfterInvalid(uint256 notAfter, uint256 timestamp);
    /// @dev `name` is not one of the five verification relationship names.
    error DidRelationshipNameInvalid(string name);
    /// @dev The validity window ends before it starts.
    error DidRelationshipWindowInvalid(uint256 notBefore, uint256 notAfter);
    /// @dev The verification method `vMethodId` of `did` holds the relationship `name` already.
    error DidRelationshipExists(string did, string name, string vMethodId);
    /// @dev `controller` is not a registered DID.
    error DidControllerNotRegistered(string controller);
    /// @dev `controller` is a controller of `did` already.
    error DidControllerExists(string did, string controller);
    /// @dev `controller` is not a controller of `did`.
    error DidControllerNotFound(string did, string controller);
    /// @dev `did` has {MAX_CONTROLLERS} controllers already.
    error DidControllerLimitReached(string did, uint256 maxControllers);

    /// @dev `did` was registered, controlled by itself, with one key holding `capabilityInvocation`
    /// and `authentication` during `[notBefore, notAfter]`.
    event DidDocumentInserted(
        bytes32 indexed didHash,
        string did,
        string baseDocument,
        string vMethodId,
        bytes publicKey,
        bool isSecp256k1,
        uint256 notBefore,
        uint256 notAfter
    );
    /// @dev The base document of `did` was replaced by `baseDocument`.
    event BaseDocumentUpdated(bytes32 indexed didHash, string did, string baseDocument);
    /// @dev `controller` became a controller of `did`.
    event ControllerAdded(bytes32 indexed didHash, string did, string controller);
    /// @dev `controller` stopped being a controller of `did`.
    event ControllerRevoked(bytes32 indexed didHash, string did, string controller);
    /// @dev `did` got the verification method `vMethodId` (with no relationship yet).
    event VerificationMethodAdded(
        bytes32 indexed didHash, string did, string vMethodId, bytes publicKey, bool isSecp256k1
    );
    /// @dev The verification method `vMethodId` of `did` got the relationship `name` during `[notBefore, notAfter]`.
    event VerificationRelationshipAdded(
        bytes32 indexed didHash, string did, string name, string vMethodId, uint256 notBefore, uint256 notAfter
    );
    /// @dev The verification method `vMethodId` of `did` was revoked; its relationships end at
    /// `notAfter` at the latest.
    event VerificationMethodRevoked(bytes32 indexed didHash, string did, string vMethodId, uint256 notAfter);
    /// @dev The relationships of the verification method `vMethodId` of `did` end at `notAfter` at the latest.
    event VerificationMethodExpired(bytes32 indexed didHash, string did, string vMethodId, uint256 notAfter);
    /// @dev `did` got the verification method `vMethodId` with, during `[notBefore, notAfter]`, every
    /// relationship that `oldVMethodId` holds; those of `oldVMethodId` end at `notBefore + duration`
    /// at the latest.
    event VerificationMethodRolled(
        bytes32 indexed didHash,
        string did,
        string vMethodId,
        bytes publicKey,
        bool isSecp256k1,
        uint256 notBefore,
        uint256 notAfter,
        string oldVMethodId,
        uint256 duration
    );

    /**
     * @dev Registers `did`, controlled by itself, with the secp256k1 key `publicKey` holding
     * `capabilityInvocation` and `authentication` during `[notBefore, notAfter]`. The sender proves
     * possession of the key by being its address, so nobody can register someone else's key.
     * Emits a {DidDocumentInserted} event.
     *
     * Requirements:
     * - `did` and `baseDocument` are not empty; `did` is not registered.
     * - `isSecp256k1` is true and `publicKey` is a valid secp256k1 point.
     * - `vMethodId` is the RFC 7638 thumbprint of the key.
     * - `notBefore` <= `notAfter`.
     * - the sender is the address of the key.
     */
    function insertDidDocument(
        string calldata did,
        string calldata baseDocument,
        string calldata vMethodId,
        bytes calldata publicKey,
        bool isSecp256k1,
        uint256 notBefore,
        uint256 notAfter
    ) external;

    /**
     * @dev Replaces the base document of `did`. Emits a {BaseDocumentUpdated} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:updateBaseDocument`.
     * - `baseDocument` is not empty.
     */
    function updateBaseDocument(string calldata did, string calldata baseDocument) external;

    /**
     * @dev Makes `controller` a controller of `did`. Emits a {ControllerAdded} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:addController`.
     * - `controller` is a registered DID and not a controller of `did` yet.
     * - `did` has fewer than {MAX_CONTROLLERS} controllers.
     */
    function addController(string calldata did, string calldata controller) external;

    /**
     * @dev Removes `controller` from the controllers of `did` (the DID itself included; a DID left
     * without controllers can be changed only by policy holders). Emits a {ControllerRevoked} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:revokeController`.
     * - `controller` is a controller of `did`.
     */
    function revokeController(string calldata did, string calldata controller) external;

    /**
     * @dev Adds the verification method `vMethodId` to `did`, with no relationship (the key is inert
     * until {addVerificationRelationship}). Emits a {VerificationMethodAdded} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:addVerificationMethod`.
     * - `publicKey` is a valid point on the curve stated by `isSecp256k1` (else P-256).
     * - `vMethodId` is the RFC 7638 thumbprint of the key and not a method of `did` yet.
     */
    function addVerificationMethod(
        string calldata did,
        string calldata vMethodId,
        bytes calldata publicKey,
        bool isSecp256k1
    ) external;

    /**
     * @dev Gives the verification method `vMethodId` of `did` the relationship `name` during
     * `[notBefore, notAfter]`. Emits a {VerificationRelationshipAdded} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:addVerificationRelationship`.
     * - `name` is one of the five relationship names; `notBefore` <= `notAfter`.
     * - the method exists, is not revoked and does not hold `name` yet.
     */
    function addVerificationRelationship(
        string calldata did,
        string calldata name,
        string calldata vMethodId,
        uint256 notBefore,
        uint256 notAfter
    ) external;

    /**
     * @dev Revokes the verification method `vMethodId` of `did`: it loses controller power at once,
     * and every relationship of it ends at `notAfter` at the latest (a past date backdates the
     * revocation in documents read at earlier timestamps). Emits a {VerificationMethodRevoked} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:revokeVerificationMethod`.
     * - `notAfter` <= the block time.
     * - the method exists and is not revoked.
     */
    function revokeVerificationMethod(string calldata did, string calldata vMethodId, uint256 notAfter)
        external;

    /**
     * @dev Sets a future end date on the verification method `vMethodId` of `did`: every
     * relationship of it ends at `notAfter` at the latest (windows are shortened, never extended),
     * and the key keeps its powers until then. Emits a {VerificationMethodExpired} event.
     *
     * Requirements:
     * - `did` is registered; the sender controls it or holds `DID:expireVerificationMethod`.
     * - `notAfter` > the block time.
     * - the method exists and is not revoked.
     */
    function expireVerificationMethod(string calldata did, string calldata vMethodId, uint256 notAfter)
        external;

    /**
     * @dev Replaces the key `args.oldVMethodId` of `args.did` by a new one: adds the method
     * `args.vMethodId` holding every relationship of the old method during
     * `[args.notBefore, args.notAfter]` (so a secp256k1 key that replaces a `capabilityInvocation`
     * key gets controller power), and ends the old method's relationships at
     * `args.notBefore + args.duration` at the latest (the overlap). Emits a
     * {VerificationMethodRolled} event.
     *
     * Requirements:
     * - `args.did` is registered; the sender controls it or holds `DID:rollVerificationMethod`.
     * - `args.publicKey` is a valid point on the curve stated by `args.isSecp256k1`.
     * - `args.vMethodId` is the RFC 7638 thumbprint of the key and not a method of the DID yet.
     * - `args.notBefore` <= `args.notAfter`.
     * - the method `args.oldVMethodId` exists and is not revoked.
     */
    function rollVerificationMethod(RollArgs calldata args) external;

    /// @dev The maximum number of controllers of a DID (10).
    function MAX_CONTROLLERS() external view returns (uint256);

    /// @dev Whether `did` is registered.
    function didExists(string calldata did) external view returns (bool);

    /// @dev A page of the registered DIDs in registration order, and their total.
    function getDids(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total);

    /**
     * @dev A page of the DIDs that `controller` controls (itself included while it is its own
     * controller), and their total. Reverts {DidNotFound} if `controller` is not registered.
     */
    function getDidsByController(string calldata controller, uint256 page, uint256 pageSize)
        external
        view
        returns (string[] memory items, uint256 total);

    /// @dev The document of `did` at the current block time. Reverts {DidNotFound}.
    function getDidDocument(string calldata did) external view returns (DidDocument memory);

    /// @dev The document of `did` at `timestamp` (Unix seconds). Reverts {DidNotFound}.
    function getDidDocumentByTimestamp(string calldata did, uint256 timestamp)
        external
        view
        returns (DidDocument memory);
}
