// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {RegistryBase} from "./common/RegistryBase.sol";
import {Pagination} from "./common/Pagination.sol";
import {ISSUERS_REGISTRY_TYPE} from "./common/RegistryTypes.sol";
import {IIssuersRegistry} from "./interfaces/IIssuersRegistry.sol";

/**
 * @dev See {IIssuersRegistry}. Follows the reference Trusted Issuers Registry (v5) with these
 * differences: custom errors, complete events, revision and proxy ids namespaced per issuer (an
 * accreditor cannot squat or collide with another issuer's ids), empty inputs rejected, the TAO's
 * attribute recorded in every revision, and a missing `TIR:updateIssuer` policy that does not
 * block DID controllers.
 */
contract IssuersRegistry is RegistryBase, IIssuersRegistry {
    struct Revision {
        bytes32 attributeId; // never zero once stored: marks existence
        IssuerType issuerType;
        uint64 timestamp;
        bytes32 attributeIdTao;
        string taoDid;
        string rootTaoDid;
        bytes data;
    }

    struct Issuer {
        bool hasAttributes;
        bytes32[] attributes; // never empty once an issuer: marks existence
        mapping(bytes32 attributeId => bytes32[] revisionIds) revisionIds;
        mapping(bytes32 revisionId => Revision) revisions;
        bytes32[] proxies;
        mapping(bytes32 proxyId => uint256 position) proxyPositions; // 1-based; 0 = none
        mapping(bytes32 proxyId => string proxyData) proxyData;
    }

    /// @custom:storage-location erc7201:core.storage.IssuersRegistry
    struct IssuersRegistryStorage {
        string[] dids;
        mapping(string did => Issuer) issuers;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.IssuersRegistry")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant ISSUERS_REGISTRY_STORAGE_LOCATION =
        0xf87a38e8359f143a9d0b5f20e2a69da9336fb441a2cea4340a8a6863cc2fcd00;

    string private constant SET_ATTRIBUTE_METADATA_POLICY = "TIR:setAttributeMetadata";
    string private constant UPDATE_ISSUER_POLICY = "TIR:updateIssuer";

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @dev Initialises an instance linked to a Policies Registry and a DID Registry.
    function initialize(address policiesRegistry_, address didRegistry_) external initializer {
        __RegistryBase_init(policiesRegistry_, didRegistry_);
    }

    /// @inheritdoc RegistryBase
    function registryType() public pure override returns (bytes32) {
        return ISSUERS_REGISTRY_TYPE;
    }

    /// @dev See {IERC165-supportsInterface}; also true for {IIssuersRegistry}.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(IIssuersRegistry).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc IIssuersRegistry
    function setAttributeMetadata(
        string calldata did,
        bytes32 revisionId,
        IssuerType issuerType,
        string calldata taoDid,
        bytes32 attributeIdTao
    ) external {
        if (bytes(did).length == 0) revert IssuerDidEmpty();
        if (issuerType == IssuerType.Undefined) revert IssuerTypeInvalid(issuerType);
        if (revisionId == bytes32(0)) revert IssuerRevisionIdInvalid(revisionId);
        IssuersRegistryStorage storage $ = _getIssuersRegistryStorage();
        Issuer storage issuer = $.issuers[did];
        bytes32 attributeId = issuer.revisions[revisionId].attributeId;
        bool isNew = attributeId == bytes32(0);
        if (isNew) attributeId = revisionId;

        (string memory tao, bytes32 taoAttributeId, string memory rootTao) =
            _accreditation(issuer, did, attributeId, isNew, issuerType, taoDid, attributeIdTao);

        if (isNew) {
            if (issuer.attributes.length == 0) {
                $.dids.push(did);
                emit IssuerAdded(keccak256(bytes(did)), did);
            }
            issuer.attributes.push(attributeId);
        } else {
            // The reference derivation: unique per block, chained to the previous revision.
            revisionId = sha256(abi.encode(block.timestamp, did, _latestRevisionId(issuer, attributeId)));
        }
        _addRevision(issuer, did, attributeId, revisionId, issuerType, tao, taoAttributeId, rootTao, "");
    }

    /// @inheritdoc IIssuersRegistry
    function setAttributeData(string calldata did, bytes32 attributeId, bytes calldata attributeData) external {
        if (attributeData.length == 0) revert IssuerAttributeDataEmpty();
        Issuer storage issuer = _issuer(did);
        attributeId = _attributeId(issuer, did, attributeId);
        _checkController(did);
        Revision storage latest = issuer.revisions[_latestRevisionId(issuer, attributeId)];
        issuer.hasAttributes = true;
        _addRevision(
            issuer,
            did,
            attributeId,
            sha256(attributeData),
            latest.issuerType,
            latest.taoDid,
            latest.attributeIdTao,
            latest.rootTaoDid,
            attributeData
        );
    }

    /// @inheritdoc IIssuersRegistry
    function addIssuerProxy(string calldata did, string calldata proxyData) external {
        if (bytes(proxyData).length == 0) revert IssuerProxyDataEmpty();
        Issuer storage issuer = _issuer(did);
        _checkIssuerUpdater(did);
        bytes32 proxyId = sha256(bytes(proxyData));
        if (issuer.proxyPositions[proxyId] != 0) revert IssuerProxyExists(did, proxyId);
        issuer.proxies.push(proxyId);
        issuer.proxyPositions[proxyId] = issuer.proxies.length;
        issuer.proxyData[proxyId] = proxyData;
        emit IssuerProxyAdded(keccak256(bytes(did)), did, proxyId, proxyData);
    }

    /// @inheritdoc IIssuersRegistry
    function updateIssuerProxy(string calldata did, bytes32 proxyId, string calldata proxyData) external {
        if (bytes(proxyData).length == 0) revert IssuerProxyDataEmpty();
        Issuer storage issuer = _issuer(did);
        _checkProxy(issuer, did, proxyId);
        _checkIssuerUpdater(did);
        issuer.proxyData[proxyId] = proxyData;
        emit IssuerProxyUpdated(keccak256(bytes(did)), did, proxyId, proxyData);
    }

    /// @inheritdoc IIssuersRegistry
    function removeIssuerProxy(string calldata did, bytes32 proxyId) external {
        Issuer storage issuer = _issuer(did);
        uint256 position = _checkProxy(issuer, did, proxyId);
        _checkIssuerUpdater(did);
        bytes32 last = issuer.proxies[issuer.proxies.length - 1];
        issuer.proxies[position - 1] = last;
        issuer.proxyPositions[last] = position;
        issuer.proxies.pop();
        delete issuer.proxyPositions[proxyId];
        delete issuer.proxyData[proxyId];
        emit IssuerProxyRemoved(keccak256(bytes(did)), did, proxyId);
    }

    /// @inheritdoc IIssuersRegistry
    function didRegistry() external view returns (address) {
        return _didRegistry();
    }

    /// @inheritdoc IIssuersRegistry
    function issuerExists(string calldata did) external view returns (bool) {
        return _getIssuersRegistryStorage().issuers[did].attributes.length != 0;
    }

    /// @inheritdoc IIssuersRegistry
    function getIssuers(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total) {
        return Pagination.slice(_getIssuersRegistryStorage().dids, page, pageSize);
    }

    /// @inheritdoc IIssuersRegistry
    function getIssuer(string calldata did) external view returns (bool hasAttributes, uint256 totalAttributes) {
        Issuer storage issuer = _issuer(did);
        return (issuer.hasAttributes, issuer.attributes.length);
    }

    /// @inheritdoc IIssuersRegistry
    function getIssuerAttributes(string calldata did, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_issuer(did).attributes, page, pageSize);
    }

    /// @inheritdoc IIssuersRegistry
    function getAttribute(string calldata did, bytes32 attributeId) external view returns (Attribute memory) {
        Issuer storage issuer = _issuer(did);
        bytes32 revisionId = _latestRevisionId(issuer, _attributeId(issuer, did, attributeId));
        return _toAttribute(issuer.revisions[revisionId], revisionId);
    }

    /// @inheritdoc IIssuersRegistry
    function getAttributeRevisions(string calldata did, bytes32 attributeId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        Issuer storage issuer = _issuer(did);
        return Pagination.slice(issuer.revisionIds[_attributeId(issuer, did, attributeId)], page, pageSize);
    }

    /// @inheritdoc IIssuersRegistry
    function getAttributeRevision(string calldata did, bytes32 attributeId, bytes32 revisionId)
        external
        view
        returns (Attribute memory)
    {
        Issuer storage issuer = _issuer(did);
        bytes32 id = _attributeId(issuer, did, attributeId);
        Revision storage revision = issuer.revisions[revisionId];
        if (revision.attributeId != id) revert IssuerRevisionNotFound(did, attributeId, revisionId);
        return _toAttribute(revision, revisionId);
    }

    /// @inheritdoc IIssuersRegistry
    function getIssuerProxies(string calldata did, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total)
    {
        return Pagination.slice(_issuer(did).proxies, page, pageSize);
    }

    /// @inheritdoc IIssuersRegistry
    function getIssuerProxy(string calldata did, bytes32 proxyId) external view returns (string memory proxyData) {
        Issuer storage issuer = _issuer(did);
        _checkProxy(issuer, did, proxyId);
        return issuer.proxyData[proxyId];
    }

    function _getIssuersRegistryStorage() private pure returns (IssuersRegistryStorage storage $) {
        assembly {
            $.slot := ISSUERS_REGISTRY_STORAGE_LOCATION
        }
    }

    /**
     * @dev The accreditation of a new metadata revision (its TAO, the TAO's attribute, its RootTAO),
     * after checking that the sender may write it: see the requirements of {setAttributeMetadata}.
     */
    function _accreditation(
        Issuer storage issuer,
        string calldata did,
        bytes32 attributeId,
        bool isNew,
        IssuerType issuerType,
        string calldata taoDid,
        bytes32 attributeIdTao
    ) private view returns (string memory tao, bytes32 taoAttributeId, string memory rootTao) {
        bool admin = _hasPolicy(SET_ATTRIBUTE_METADATA_POLICY, msg.sender);
        if (issuerType == IssuerType.RootTAO) {
            if (!admin) revert PolicyDenied(SET_ATTRIBUTE_METADATA_POLICY, msg.sender);
            return (did, attributeId, did);
        }
        Issuer storage taoIssuer = _issuer(taoDid);
        taoAttributeId = _attributeId(taoIssuer, taoDid, attributeIdTao);
        Revision storage taoRevision = taoIssuer.revisions[_latestRevisionId(taoIssuer, taoAttributeId)];
        if (!admin) {
            _checkController(taoDid);
            IssuerType taoType = taoRevision.issuerType;
            if (taoType != IssuerType.RootTAO && taoType != IssuerType.TAO) {
                revert IssuerTaoNotAccredited(taoDid, attributeIdTao, taoType);
            }
            if (!isNew) {
                Revision storage current = issuer.revisions[_latestRevisionId(issuer, attributeId)];
                bytes32 taoHash = keccak256(bytes(taoDid));
                if (taoHash != keccak256(bytes(current.taoDid)) && taoHash != keccak256(bytes(current.rootTaoDid))) {
                    revert IssuerAttributeTaoMismatch(did, attributeId, taoDid);
                }
            }
        }
        return (taoDid, taoAttributeId, taoRevision.rootTaoDid);
    }

    /// @dev Stores a revision as the latest of `attributeId`. Emits an {AttributeRevisionAdded} event.
    function _addRevision(
        Issuer storage issuer,
        string calldata did,
        bytes32 attributeId,
        bytes32 revisionId,
        IssuerType issuerType,
        string memory taoDid,
        bytes32 attributeIdTao,
        string memory rootTaoDid,
        bytes memory data
    ) private {
        Revision storage revision = issuer.revisions[revisionId];
        if (revision.attributeId != bytes32(0)) revert IssuerRevisionExists(did, revisionId);
        revision.attributeId = attributeId;
        revision.issuerType = issuerType;
        revision.timestamp = uint64(block.timestamp);
        revision.attributeIdTao = attributeIdTao;
        revision.taoDid = taoDid;
        revision.rootTaoDid = rootTaoDid;
        if (data.length != 0) revision.data = data;
        issuer.revisionIds[attributeId].push(revisionId);
        emit AttributeRevisionAdded(
            keccak256(bytes(did)), did, attributeId, revisionId, issuerType, taoDid, attributeIdTao, rootTaoDid, data
        );
    }

    /// @dev Issuer `did`, or an {IssuerNotFound} revert.
    function _issuer(string calldata did) private view returns (Issuer storage issuer) {
        issuer = _getIssuersRegistryStorage().issuers[did];
        if (issuer.attributes.length == 0) revert IssuerNotFound(did);
    }

    /// @dev The attribute id that `id` (an attribute id or any revision id) stands for, or an
    /// {IssuerAttributeNotFound} revert.
    function _attributeId(Issuer storage issuer, string calldata did, bytes32 id)
        private
        view
        returns (bytes32 attributeId)
    {
        attributeId = issuer.revisions[id].attributeId;
        if (attributeId == bytes32(0)) revert IssuerAttributeNotFound(did, id);
    }

    function _latestRevisionId(Issuer storage issuer, bytes32 attributeId) private view returns (bytes32) {
        bytes32[] storage revisionIds = issuer.revisionIds[attributeId];
        return revisionIds[revisionIds.length - 1];
    }

    /// @dev The 1-based position of proxy `proxyId` of `did`, or an {IssuerProxyNotFound} revert.
    function _checkProxy(Issuer storage issuer, string calldata did, bytes32 proxyId)
        private
        view
        returns (uint256 position)
    {
        position = issuer.proxyPositions[proxyId];
        if (position == 0) revert IssuerProxyNotFound(did, proxyId);
    }

    /// @dev Reverts with {IssuerUpdateDenied} unless the sender holds `TIR:updateIssuer` or controls `did`.
    function _checkIssuerUpdater(string calldata did) private view {
        if (!_hasPolicy(UPDATE_ISSUER_POLICY, msg.sender) && !_isController(did, msg.sender)) {
            revert IssuerUpdateDenied(did, msg.sender);
        }
    }

    function _toAttribute(Revision storage revision, bytes32 revisionId) private view returns (Attribute memory) {
        return Attribute({
            attributeId: revision.attributeId,
            revisionId: revisionId,
            issuerType: revision.issuerType,
            taoDid: revision.taoDid,
            attributeIdTao: revision.attributeIdTao,
            rootTaoDid: revision.rootTaoDid,
            attributeData: revision.data,
            timestamp: revision.timestamp
        });
    }
}
