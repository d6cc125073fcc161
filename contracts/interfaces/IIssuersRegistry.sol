// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev Issuers Registry: the trust chain of credential issuers. An issuer is a DID with one or more
 * attributes; each attribute is a chronological list of revisions, and its latest revision says
 * what the issuer is (RootTAO, TAO, TI or Revoked), which TAO accredited it (`taoDid` and that TAO's
 * attribute `attributeIdTao`) and which RootTAO the chain ends at (`rootTaoDid`).
 *
 * The chain is built with {setAttributeMetadata}: holders of the policy `TIR:setAttributeMetadata`
 * may write anything (this is how RootTAOs are made); otherwise a RootTAO or TAO reserves an
 * attribute for another DID, or re-types one it accredited. The accredited DID then stores its
 * accreditation credential with {setAttributeData}.
 *
 * Identifiers (as in the reference registry, with SHA-256): an attribute id is the revision id
 * chosen by the accreditor in the first {setAttributeMetadata} of that attribute (so the first
 * revision id equals the attribute id); later metadata revisions get
 * `sha256(abi.encode(block.timestamp, did, previousRevisionId))`; data revisions get
 * `sha256(attributeData)`; a proxy id is `sha256(bytes(proxyData))` at insertion and keeps it on
 * update. Revision and proxy ids are unique within their issuer (not across issuers). Wherever an
 * attribute is addressed, any of its revision ids may stand for its attribute id.
 */
interface IIssuersRegistry {
    /// @dev What an attribute makes of its issuer. `Undefined` is never stored.
    enum IssuerType {
        Undefined,
        RootTAO,
        TAO,
        TI,
        Revoked
    }

    /**
     * @dev One revision of an attribute, as views return it.
     *
     * `attributeId` is the attribute's id, `revisionId` this revision's. `taoDid` and
     * `attributeIdTao` name the accrediting TAO and its attribute (a RootTAO names itself and its
     * own attribute); `rootTaoDid` is the RootTAO at the end of the chain. `attributeData` is the
     * data stored by {setAttributeData} (the accreditation credential), empty for a revision made by
     * {setAttributeMetadata}. `timestamp` is the block timestamp of the revision.
     */
    struct Attribute {
        bytes32 attributeId;
        bytes32 revisionId;
        IssuerType issuerType;
        string taoDid;
        bytes32 attributeIdTao;
        string rootTaoDid;
        bytes attributeData;
        uint256 timestamp;
    }

    /// @dev `did` is the empty string.
    error IssuerDidEmpty();
    /// @dev `issuerType` cannot be stored (it is `Undefined`).
    error IssuerTypeInvalid(IssuerType issuerType);
    /// @dev `revisionId` is zero.
    error IssuerRevisionIdInvalid(bytes32 revisionId);
    /// @dev `did` has no attribute, so it is not an issuer.
    error IssuerNotFound(string did);
    /// @dev Issuer `did` has no attribute with id (or revision id) `attributeId`.
    error IssuerAttributeNotFound(string did, bytes32 attributeId);
    /// @dev Attribute `attributeId` of issuer `did` has no revision `revisionId`.
    error IssuerRevisionNotFound(string did, bytes32 attributeId, bytes32 revisionId);
    /// @dev Issuer `did` has a revision with id `revisionId` already (for data revisions: the same
    /// `attributeData` was stored before).
    error IssuerRevisionExists(string did, bytes32 revisionId);
    /// @dev `attributeData` is empty.
    error IssuerAttributeDataEmpty();
    /// @dev The latest revision of the TAO attribute `attributeIdTao` of `taoDid` has type
    /// `issuerType`, which cannot accredit (only RootTAO and TAO can).
    error IssuerTaoNotAccredited(string taoDid, bytes32 attributeIdTao, IssuerType issuerType);
    /// @dev `taoDid` is neither the TAO nor the RootTAO of the latest revision of attribute
    /// `attributeId` of `did`, so it cannot re-type that attribute.
    error IssuerAttributeTaoMismatch(string did, bytes32 attributeId, string taoDid);
    /// @dev `account` neither controls `did` nor holds the policy `TIR:updateIssuer`.
    error IssuerUpdateDenied(string did, address account);
    /// @dev `proxyData` is empty.
    error IssuerProxyDataEmpty();
    /// @dev Issuer `did` has a proxy with id `proxyId` already.
    error IssuerProxyExists(string did, bytes32 proxyId);
    /// @dev Issuer `did` has no proxy with id `proxyId`.
    error IssuerProxyNotFound(string did, bytes32 proxyId);

    /// @dev `did` became an issuer (it got its first attribute). Like every event of this registry
    /// it carries `didHash = keccak256(bytes(did))` as an indexed key, to filter logs by issuer.
    event IssuerAdded(bytes32 indexed didHash, string did);
    /**
     * @dev Attribute `attributeId` of `did` got the revision `revisionId`, now its latest, with all
     * of the revision's content (`attributeData` is empty for a metadata revision).
     */
    event AttributeRevisionAdded(
        bytes32 indexed didHash,
        string did,
        bytes32 indexed attributeId,
        bytes32 indexed revisionId,
        IssuerType issuerType,
        string taoDid,
        bytes32 attributeIdTao,
        string rootTaoDid,
        bytes attributeData
    );
    /// @dev Issuer `did` got the proxy `proxyId` with `proxyData`.
    event IssuerProxyAdded(bytes32 indexed didHash, string did, bytes32 indexed proxyId, string proxyData);
    /// @dev The data of proxy `proxyId` of issuer `did` became `proxyData`.
    event IssuerProxyUpdated(bytes32 indexed didHash, string did, bytes32 indexed proxyId, string proxyData);
    /// @dev Proxy `proxyId` of issuer `did` was removed.
    event IssuerProxyRemoved(bytes32 indexed didHash, string did, bytes32 indexed proxyId);

    /**
     * @dev Adds a metadata revision (type and accreditation, no data) to an attribute of `did`,
     * creating the attribute when `revisionId` is not a revision of `did` yet (its id is then
     * `revisionId`), and making `did` an issuer if needed. For a RootTAO the revision names `did`
     * itself as TAO and RootTAO (with the attribute's own id as `attributeIdTao`) and `taoDid` and
     * `attributeIdTao` are ignored; otherwise the latest revision of the TAO attribute
     * `attributeIdTao` (any of its revision ids) of `taoDid` gives the RootTAO.
     * Emits an {AttributeRevisionAdded} event, preceded by an {IssuerAdded} event for a new issuer.
     *
     * Requirements:
     * - `did` is not empty; `issuerType` is not `Undefined`; `revisionId` is not zero.
     * - unless `issuerType` is RootTAO: `taoDid` is an issuer with the attribute `attributeIdTao`.
     * - the sender holds `TIR:setAttributeMetadata`, or all of:
     *   - `issuerType` is not RootTAO ({PolicyDenied});
     *   - the sender controls `taoDid` ({NotDidController});
     *   - the latest revision of the TAO attribute is of type RootTAO or TAO ({IssuerTaoNotAccredited});
     *   - for an existing attribute, `taoDid` is the TAO or the RootTAO of its latest revision
     *     ({IssuerAttributeTaoMismatch}).
     */
    function setAttributeMetadata(
        string calldata did,
        bytes32 revisionId,
        IssuerType issuerType,
        string calldata taoDid,
        bytes32 attributeIdTao
    ) external;

    /**
     * @dev Adds a data revision `sha256(attributeData)` to attribute `attributeId` (any of its
     * revision ids) of `did`, copying type and accreditation from the latest revision; from now on
     * the issuer has accepted attributes. Emits an {AttributeRevisionAdded} event.
     *
     * Requirements:
     * - `attributeData` is not empty.
     * - `did` is an issuer with attribute `attributeId`.
     * - the sender controls `did` ({NotDidController}).
     * - `did` has no revision `sha256(attributeData)` yet (the same data cannot be stored twice).
     */
    function setAttributeData(string calldata did, bytes32 attributeId, bytes calldata attributeData) external;

    /**
     * @dev Adds the proxy `sha256(bytes(proxyData))` to issuer `did`. Emits an {IssuerProxyAdded} event.
     *
     * Requirements:
     * - `proxyData` is not empty.
     * - `did` is an issuer.
     * - the sender controls `did` or holds `TIR:updateIssuer` ({IssuerUpdateDenied}).
     * - `did` has no proxy with that id.
     */
    function addIssuerProxy(string calldata did, string calldata proxyData) external;

    /**
     * @dev Replaces the data of proxy `proxyId` of issuer `did` (its id does not change).
     * Emits an {IssuerProxyUpdated} event.
     *
     * Requirements:
     * - `proxyData` is not empty.
     * - `did` is an issuer with proxy `proxyId`.
     * - the sender controls `did` or holds `TIR:updateIssuer` ({IssuerUpdateDenied}).
     */
    function updateIssuerProxy(string calldata did, bytes32 proxyId, string calldata proxyData) external;

    /**
     * @dev Removes proxy `proxyId` of issuer `did` (the last proxy takes its place in the list).
     * Emits an {IssuerProxyRemoved} event.
     *
     * Requirements:
     * - `did` is an issuer with proxy `proxyId`.
     * - the sender controls `did` or holds `TIR:updateIssuer` ({IssuerUpdateDenied}).
     */
    function removeIssuerProxy(string calldata did, bytes32 proxyId) external;

    /// @dev The DID Registry asked who controls a DID.
    function didRegistry() external view returns (address);

    /// @dev Whether `did` is an issuer (has at least one attribute).
    function issuerExists(string calldata did) external view returns (bool);

    /// @dev A page of issuer DIDs in the order they became issuers, and their total.
    function getIssuers(uint256 page, uint256 pageSize) external view returns (string[] memory items, uint256 total);

    /**
     * @dev Issuer `did`: whether it has accepted an attribute (called {setAttributeData} at least
     * once), and its number of attributes.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}).
     */
    function getIssuer(string calldata did) external view returns (bool hasAttributes, uint256 totalAttributes);

    /**
     * @dev A page of the attribute ids of issuer `did`, oldest first, and their total.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}).
     */
    function getIssuerAttributes(string calldata did, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /**
     * @dev The latest revision of attribute `attributeId` (any of its revision ids) of `did`.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}) with that attribute ({IssuerAttributeNotFound}).
     */
    function getAttribute(string calldata did, bytes32 attributeId) external view returns (Attribute memory);

    /**
     * @dev A page of the revision ids of attribute `attributeId` (any of its revision ids) of `did`,
     * oldest first, and their total.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}) with that attribute ({IssuerAttributeNotFound}).
     */
    function getAttributeRevisions(string calldata did, bytes32 attributeId, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /**
     * @dev Revision `revisionId` of attribute `attributeId` (any of its revision ids) of `did`.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}) with that attribute ({IssuerAttributeNotFound}),
     *   and `revisionId` is one of its revisions ({IssuerRevisionNotFound}).
     */
    function getAttributeRevision(string calldata did, bytes32 attributeId, bytes32 revisionId)
        external
        view
        returns (Attribute memory);

    /**
     * @dev A page of the proxy ids of issuer `did`, and their total. Removing a proxy moves the last
     * one into its place.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}).
     */
    function getIssuerProxies(string calldata did, uint256 page, uint256 pageSize)
        external
        view
        returns (bytes32[] memory items, uint256 total);

    /**
     * @dev The data of proxy `proxyId` of issuer `did`.
     *
     * Requirements:
     * - `did` is an issuer ({IssuerNotFound}) with proxy `proxyId` ({IssuerProxyNotFound}).
     */
    function getIssuerProxy(string calldata did, bytes32 proxyId) external view returns (string memory proxyData);
}
