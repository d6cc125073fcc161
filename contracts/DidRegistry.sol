// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {RegistryBase} from "./common/RegistryBase.sol";
import {Pagination} from "./common/Pagination.sol";
import {DID_REGISTRY_TYPE} from "./common/RegistryTypes.sol";
import {IControllerCheck} from "./interfaces/IControllerCheck.sol";
import {IDidRegistry} from "./interfaces/IDidRegistry.sol";

/**
 * @dev See {IDidRegistry}. The instance links the Policies Registry given to `initialize` and
 * itself as DID Registry.
 *
 * Differences from the prior art (reference/ebsi-contracts.md §3): the first key proves
 * possession (the sender is its address); every `vMethodId` is the key's JWK thumbprint, checked
 * here; validity windows are inclusive everywhere; a rolled-in secp256k1 key gets controller power;
 * an expired key keeps its power until its end date; revoke and expire only ever shorten windows.
 */
contract DidRegistry is RegistryBase, IDidRegistry {
    /// @inheritdoc IDidRegistry
    uint256 public constant MAX_CONTROLLERS = 10;

    // Relationship kinds: bit positions in `StoredMethod.relationships` and indexes of its windows.
    uint256 private constant AUTHENTICATION = 0;
    uint256 private constant CAPABILITY_INVOCATION = 3;
    uint256 private constant RELATIONSHIP_KINDS = 5;

    // Field primes of secp256k1 and P-256, and P-256's `b` (its `a` is p - 3; secp256k1 has a = 0, b = 7).
    uint256 private constant SECP256K1_P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F;
    uint256 private constant P256_P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF;
    uint256 private constant P256_B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B;

    struct Window {
        uint256 notBefore;
        uint256 notAfter;
    }

    struct StoredMethod {
        uint256 x; // the key is 0x04 ‖ x ‖ y
        uint256 y;
        bool exists;
        bool isSecp256k1;
        bool revoked;
        uint8 relationships; // bit k set = holds relationship kind k, valid during windows[k]
        Window[RELATIONSHIP_KINDS] windows;
    }

    struct StoredDocument {
        string baseDocument; // empty = not registered
        string[] controllers;
        mapping(string controller => uint256 position) controllerPositions; // 1-based; 0 = none
        string[] methodIds; // insertion order
        mapping(string vMethodId => StoredMethod) methods;
        mapping(address keyAddress => uint256 position) methodOfAddress; // 1-based in methodIds; secp256k1 only
    }

    /// @custom:storage-location erc7201:core.storage.DidRegistry
    struct DidRegistryStorage {
        string[] dids;
        mapping(string did => StoredDocument) documents;
        mapping(string controller => string[] dids) controlled;
        mapping(string controller => mapping(string did => uint256 position)) controlledPositions; // 1-based
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.DidRegistry")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant DID_REGISTRY_STORAGE_LOCATION =
        0x976b2e24da2e83604a2502fe0c913f501992173e48490e66e39c634424978900;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @dev Initialises an instance linked to `policiesRegistry` (and to itself as DID Registry).
    function initialize(address policiesRegistry) external initializer {
        __RegistryBase_init(policiesRegistry, address(this));
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return DID_REGISTRY_TYPE;
    }

    /// @dev See {IERC165-supportsInterface}.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(IDidRegistry).interfaceId || interfaceId == type(IControllerCheck).interfaceId
            || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc IDidRegistry
    function insertDidDocument(
        string calldata did,
        string calldata baseDocument,
        string calldata vMethodId,
        bytes calldata publicKey,
        bool isSecp256k1,
        uint256 notBefore,
        uint256 notAfter
    ) external {
        if (bytes(did).length == 0) revert DidEmpty();
        if (bytes(baseDocument).length == 0) revert DidBaseDocumentEmpty();
        if (!isSecp256k1) revert DidFirstKeyNotSecp256k1();
        _checkWindow(notBefore, notAfter);
        DidRegistryStorage storage $ = _getDidRegistryStorage();
        StoredDocument storage doc = $.documents[did];
        if (bytes(doc.baseDocument).length != 0) revert DidExists(did);
        (StoredMethod storage method, address keyAddress) = _addMethod(doc, did, vMethodId, publicKey, true);
        if (keyAddress != msg.sender) revert DidKeyPossessionUnproven(keyAddress, msg.sender);
        method.relationships = uint8((1 << AUTHENTICATION) | (1 << CAPABILITY_INVOCATION));
        method.windows[AUTHENTICATION] = Window(notBefore, notAfter);
        method.windows[CAPABILITY_INVOCATION] = Window(notBefore, notAfter);
        doc.baseDocument = baseDocument;
        $.dids.push(did);
        _addController(doc, did, did);
        emit DidDocumentInserted(
            keccak256(bytes(did)), did, baseDocument, vMethodId, publicKey, true, notBefore, notAfter
        );
    }

    /// @inheritdoc IDidRegistry
    function updateBaseDocument(string calldata did, string calldata baseDocument) external {
        StoredDocument storage doc = _checkAccess(did, "DID:updateBaseDocument");
        if (bytes(baseDocument).length == 0) revert DidBaseDocumentEmpty();
        doc.baseDocument = baseDocument;
        emit BaseDocumentUpdated(keccak256(bytes(did)), did, baseDocument);
    }

    /// @inheritdoc IDidRegistry
    function addController(string calldata did, string calldata controller) external {
        StoredDocument storage doc = _checkAccess(did, "DID:addController");
        if (bytes(_getDidRegistryStorage().documents[controller].baseDocument).length == 0) {
            revert DidControllerNotRegistered(controller);
        }
        if (doc.controllerPositions[controller] != 0) revert DidControllerExists(did, controller);
        if (doc.controllers.length >= MAX_CONTROLLERS) revert DidControllerLimitReached(did, MAX_CONTROLLERS);
        _addController(doc, did, controller);
        emit ControllerAdded(keccak256(bytes(did)), did, controller);
    }

    /// @inheritdoc IDidRegistry
    function revokeController(string calldata did, string calldata controller) external {
        StoredDocument storage doc = _checkAccess(did, "DID:revokeController");
        if (doc.controllerPositions[controller] == 0) revert DidControllerNotFound(did, controller);
        DidRegistryStorage storage $ = _getDidRegistryStorage();
        _remove(doc.controllers, doc.controllerPositions, controller);
        _remove($.controlled[controller], $.controlledPositions[controller], did);
        emit ControllerRevoked(keccak256(bytes(did)), did, controller);
    }

    /// @inheritdoc IDidRegistry
    function addVerificationMethod(
        string calldata did,
        string calldata vMethodId,
        bytes calldata publicKey,
        bool isSecp256k1
    ) external {
        StoredDocument storage doc = _checkAccess(did, "DID:addVerificationMethod");
        _addMethod(doc, did, vMethodId, publicKey, isSecp256k1);
        emit VerificationMethodAdded(keccak256(bytes(did)), did, vMethodId, publicKey, isSecp256k1);
    }

    /// @inheritdoc IDidRegistry
    function addVerificationRelationship(
        string calldata did,
        string calldata name,
        string calldata vMethodId,
        uint256 notBefore,
        uint256 notAfter
    ) external {
        StoredDocument storage doc = _checkAccess(did, "DID:addVerificationRelationship");
        uint256 kind = _relationshipKind(name);
        _checkWindow(notBefore, notAfter);
        StoredMethod storage method = _activeMethod(doc, did, vMethodId);
        if (method.relationships & (1 << kind) != 0) revert DidRelationshipExists(did, name, vMethodId);
        method.relationships |= uint8(1 << kind);
        method.windows[kind] = Window(notBefore, notAfter);
        emit VerificationRelationshipAdded(keccak256(bytes(did)), did, name, vMethodId, notBefore, notAfter);
    }

    /// @inheritdoc IDidRegistry
    function revokeVerificationMethod(string calldata did, string calldata vMethodId, uint256 notAfter)
        external
    {
        StoredDocument storage doc = _checkAccess(did, "DID:revokeVerificationMethod");
        if (notAfter > block.timestamp) revert DidVerificationMethodNotAfterInvalid(notAfter, block.timestamp);
        StoredMethod storage method = _activeMethod(doc, did, vMethodId);
        _endRelationships(method, notAfter);
        method.revoked = true;
        emit VerificationMethodRevoked(keccak256(bytes(did)), did, vMethodId, notAfter);
    }

    /// @inheritdoc IDidRegistry
    function expireVerificationMethod(string calldata did, string calldata vMethodId, uint256 notAfter)
        external
    {
        StoredDocument storage doc = _checkAccess(did, "DID:expireVerificationMethod");
        if (notAfter <= block.timestamp) revert DidVerificationMethodNotAfterInvalid(notAfter, block.timestamp);
        // The address mapping stays: the window check ends the key's controller power at `notAfter`.
        _endRelationships(_activeMethod(doc, did, vMethodId), notAfter);
        emit VerificationMethodExpired(keccak256(bytes(did)), did, vMethodId, notAfter);
    }

    /// @inheritdoc IDidRegistry
    function rollVerificationMethod(RollArgs calldata args) external {
        StoredDocument storage doc = _checkAccess(args.did, "DID:rollVerificationMethod");
        _checkWindow(args.notBefore, args.notAfter);
        StoredMethod storage old = _activeMethod(doc, args.did, args.oldVMethodId);
        (StoredMethod storage rolled,) = _addMethod(doc, args.did, args.vMethodId, args.publicKey, args.isSecp256k1);
        // Saturating: a huge `duration` means "the old key never ends earlier than it does now".
        uint256 oldEnd = args.duration > type(uint256).max - args.notBefore
            ? type(uint256).max
            : args.notBefore + args.duration;
        _endRelationships(old, oldEnd);
        uint8 held = old.relationships;
        rolled.relationships = held;
        for (uint256 kind = 0; kind < RELATIONSHIP_KINDS; ++kind) {
            if (held & (1 << kind) != 0) rolled.windows[kind] = Window(args.notBefore, args.notAfter);
        }
        emit VerificationMethodRolled(
            keccak256(bytes(args.did)),
            args.did,
            args.vMethodId,
            args.publicKey,
            args.isSecp256k1,
            args.notBefore,
            args.notAfter,
            args.oldVMethodId,
            args.duration
        );
    }

    /// @inheritdoc IControllerCheck
    function checkController(string calldata did, address account) external view returns (bool) {
        StoredDocument storage doc = _getDidRegistryStorage().documents[did];
        return bytes(doc.baseDocument).length != 0 && _isControlledBy(doc, account);
    }

    /// @inheritdoc IDidRegistry
    function didExists(string calldata did) external view returns (bool) {
        return bytes(_getDidRegistryStorage().documents[did].baseDocument).length != 0;
    }

    /// @inheritdoc IDidRegistry
    function getDids(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total) {
        return Pagination.slice(_getDidRegistryStorage().dids, page, pageSize);
    }

    /// @inheritdoc IDidRegistry
    function getDidsByController(string calldata controller, uint256 page, uint256 pageSize)
        external
        view
        returns (string[] memory items, uint256 total)
    {
        _document(controller);
        return Pagination.slice(_getDidRegistryStorage().controlled[controller], page, pageSize);
    }

    /// @inheritdoc IDidRegistry
    function getDidDocument(string calldata did) external view returns (DidDocument memory) {
        return getDidDocumentByTimestamp(did, block.timestamp);
    }

    /// @inheritdoc IDidRegistry
    function getDidDocumentByTimestamp(string calldata did, uint256 timestamp)
        public
        view
        returns (DidDocument memory document)
    {
        StoredDocument storage doc = _document(did);
        document.baseDocument = doc.baseDocument;
        document.controllers = doc.controllers;
        string[] storage ids = doc.methodIds;
        VerificationMethod[] memory methods = new VerificationMethod[](ids.length);
        uint256 count = 0;
        for (uint256 i = 0; i < ids.length; ++i) {
            StoredMethod storage method = doc.methods[ids[i]];
            VerificationRelationship[] memory relationships = _relationshipsAt(method, timestamp);
            if (relationships.length != 0) {
                bytes memory publicKey = abi.encodePacked(bytes1(0x04), method.x, method.y);
                methods[count++] = VerificationMethod(ids[i], publicKey, method.isSecp256k1, relationships);
            }
        }
        assembly {
            mstore(methods, count)
        }
        document.verificationMethods = methods;
    }

    function _getDidRegistryStorage() private pure returns (DidRegistryStorage storage $) {
        assembly {
            $.slot := DID_REGISTRY_STORAGE_LOCATION
        }
    }

    /// @dev The registered document of `did`, or revert {DidNotFound}.
    function _document(string calldata did) private view returns (StoredDocument storage doc) {
        doc = _getDidRegistryStorage().documents[did];
        if (bytes(doc.baseDocument).length == 0) revert DidNotFound(did);
    }

    /// @dev The document of `did` if the sender controls it or holds `policyName`, or revert.
    function _checkAccess(string calldata did, string memory policyName)
        private
        view
        returns (StoredDocument storage doc)
    {
        doc = _document(did);
        if (!_isControlledBy(doc, msg.sender) && !_hasPolicy(policyName, msg.sender)) {
            revert DidUnauthorizedAccount(did, msg.sender, policyName);
        }
    }

    /// @dev Whether a controller of `doc` has an unrevoked `capabilityInvocation` key of address `account`, valid now.
    function _isControlledBy(StoredDocument storage doc, address account) private view returns (bool) {
        DidRegistryStorage storage $ = _getDidRegistryStorage();
        string[] storage controllers = doc.controllers;
        for (uint256 i = 0; i < controllers.length; ++i) {
            StoredDocument storage controller = $.documents[controllers[i]];
            uint256 position = controller.methodOfAddress[account];
            if (position == 0) continue;
            StoredMethod storage method = controller.methods[controller.methodIds[position - 1]];
            if (
                !method.revoked && method.relationships & (1 << CAPABILITY_INVOCATION) != 0
                    && _isWithin(method.windows[CAPABILITY_INVOCATION], block.timestamp)
            ) return true;
        }
        return false;
    }

    /// @dev The method `vMethodId` of `doc` if it exists and is not revoked, or revert.
    function _activeMethod(StoredDocument storage doc, string calldata did, string calldata vMethodId)
        private
        view
        returns (StoredMethod storage method)
    {
        method = doc.methods[vMethodId];
        if (!method.exists) revert DidVerificationMethodNotFound(did, vMethodId);
        if (method.revoked) revert DidVerificationMethodAlreadyRevoked(did, vMethodId);
    }

    /**
     * @dev Stores a new method without relationships, mapping its address if it is a secp256k1 key,
     * and returns it with that address (zero for P-256). Reverts unless the key is a valid point,
     * `vMethodId` is its thumbprint, and `doc` has no method of that id.
     */
    function _addMethod(
        StoredDocument storage doc,
        string calldata did,
        string calldata vMethodId,
        bytes calldata publicKey,
        bool isSecp256k1
    ) private returns (StoredMethod storage method, address keyAddress) {
        (uint256 x, uint256 y) = _checkPublicKey(publicKey, isSecp256k1);
        string memory thumbprint = _thumbprint(x, y, isSecp256k1);
        if (keccak256(bytes(thumbprint)) != keccak256(bytes(vMethodId))) {
            revert DidVerificationMethodIdMismatch(vMethodId, thumbprint);
        }
        method = doc.methods[vMethodId];
        if (method.exists) revert DidVerificationMethodExists(did, vMethodId);
        (method.x, method.y, method.exists, method.isSecp256k1) = (x, y, true, isSecp256k1);
        doc.methodIds.push(vMethodId);
        if (isSecp256k1) {
            keyAddress = address(uint160(uint256(keccak256(abi.encodePacked(x, y)))));
            // A key's thumbprint fixes its address, so an address can never be mapped twice per DID.
            doc.methodOfAddress[keyAddress] = doc.methodIds.length;
        }
    }

    /// @dev Makes `controller` a controller of `doc` (the document of `did`), in both indexes.
    function _addController(StoredDocument storage doc, string calldata did, string calldata controller) private {
        DidRegistryStorage storage $ = _getDidRegistryStorage();
        doc.controllers.push(controller);
        doc.controllerPositions[controller] = doc.controllers.length;
        string[] storage controlled = $.controlled[controller];
        controlled.push(did);
        $.controlledPositions[controller][did] = controlled.length;
    }

    /// @dev Swap-and-pop of `item`, present in `list` at the 1-based `positions[item]`.
    function _remove(string[] storage list, mapping(string => uint256) storage positions, string calldata item)
        private
    {
        uint256 index = positions[item] - 1;
        uint256 lastIndex = list.length - 1;
        if (index != lastIndex) {
            string memory last = list[lastIndex];
            list[index] = last;
            positions[last] = index + 1;
        }
        list.pop();
        delete positions[item];
    }

    /// @dev Ends every relationship of `method` at `notAfter` at the latest.
    function _endRelationships(StoredMethod storage method, uint256 notAfter) private {
        uint8 held = method.relationships;
        for (uint256 kind = 0; kind < RELATIONSHIP_KINDS; ++kind) {
            if (held & (1 << kind) != 0 && method.windows[kind].notAfter > notAfter) {
                method.windows[kind].notAfter = notAfter;
            }
        }
    }

    /// @dev The relationships of `method` valid at `timestamp`, in kind order.
    function _relationshipsAt(StoredMethod storage method, uint256 timestamp)
        private
        view
        returns (VerificationRelationship[] memory relationships)
    {
        relationships = new VerificationRelationship[](RELATIONSHIP_KINDS);
        uint8 held = method.relationships;
        uint256 count = 0;
        for (uint256 kind = 0; kind < RELATIONSHIP_KINDS; ++kind) {
            Window storage window = method.windows[kind];
            if (held & (1 << kind) != 0 && _isWithin(window, timestamp)) {
                relationships[count++] =
                    VerificationRelationship(_relationshipName(kind), window.notBefore, window.notAfter);
            }
        }
        assembly {
            mstore(relationships, count)
        }
    }

    function _isWithin(Window storage window, uint256 timestamp) private view returns (bool) {
        return window.notBefore <= timestamp && timestamp <= window.notAfter;
    }

    function _checkWindow(uint256 notBefore, uint256 notAfter) private pure {
        if (notBefore > notAfter) revert DidRelationshipWindowInvalid(notBefore, notAfter);
    }

    function _relationshipKind(string calldata name) private pure returns (uint256) {
        bytes32 hash = keccak256(bytes(name));
        for (uint256 kind = 0; kind < RELATIONSHIP_KINDS; ++kind) {
            if (hash == keccak256(bytes(_relationshipName(kind)))) return kind;
        }
        revert DidRelationshipNameInvalid(name);
    }

    function _relationshipName(uint256 kind) private pure returns (string memory) {
        if (kind == 0) return "authentication";
        if (kind == 1) return "assertionMethod";
        if (kind == 2) return "keyAgreement";
        if (kind == 3) return "capabilityInvocation";
        return "capabilityDelegation";
    }

    /**
     * @dev The coordinates of `publicKey` if it is `0x04 ‖ X ‖ Y` with `(X, Y)` on the curve
     * (secp256k1: y² = x³ + 7; P-256: y² = x³ - 3x + b), or revert {DidPublicKeyInvalid}. An
     * off-curve key would yield a JWK that no verifier can import.
     */
    function _checkPublicKey(bytes calldata publicKey, bool isSecp256k1) private pure returns (uint256 x, uint256 y) {
        if (publicKey.length != 65 || publicKey[0] != 0x04) revert DidPublicKeyInvalid(publicKey, isSecp256k1);
        x = uint256(bytes32(publicKey[1:33]));
        y = uint256(bytes32(publicKey[33:65]));
        uint256 p = isSecp256k1 ? SECP256K1_P : P256_P;
        if (x >= p || y >= p) revert DidPublicKeyInvalid(publicKey, isSecp256k1);
        uint256 rhs = mulmod(mulmod(x, x, p), x, p);
        rhs = isSecp256k1 ? addmod(rhs, 7, p) : addmod(addmod(rhs, mulmod(p - 3, x, p), p), P256_B, p);
        if (mulmod(y, y, p) != rhs) revert DidPublicKeyInvalid(publicKey, isSecp256k1);
    }

    /// @dev RFC 7638 SHA-256 thumbprint of the public JWK `{"crv","kty","x","y"}` (members in that order, no spaces).
    function _thumbprint(uint256 x, uint256 y, bool isSecp256k1) private pure returns (string memory) {
        bytes memory jwk = abi.encodePacked(
            '{"crv":"',
            isSecp256k1 ? "secp256k1" : "P-256",
            '","kty":"EC","x":"',
            Base64.encodeURL(abi.encodePacked(x)),
            '","y":"',
            Base64.encodeURL(abi.encodePacked(y)),
            '"}'
        );
        return Base64.encodeURL(abi.encodePacked(sha256(jwk)));
    }
}
