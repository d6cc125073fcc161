// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {ERC165Upgradeable} from "@openzeppelin/contracts-upgradeable/utils/introspection/ERC165Upgradeable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {ICoreRegistry} from "../interfaces/ICoreRegistry.sol";
import {IControllerCheck} from "../interfaces/IControllerCheck.sol";
import {IPolicyCheck} from "../interfaces/IPolicyCheck.sol";

/**
 * @dev Base of every registry implementation: ERC-165 with {ICoreRegistry}, the links to the
 * Policies Registry and the DID Registry (ERC-7201 storage), and the two authorisation checks that
 * contracts can make on `msg.sender`: a policy attribute, and control of a DID.
 *
 * Implementations run behind `BeaconProxy` instances and call `_disableInitializers()` in their
 * constructor.
 */
abstract contract RegistryBase is Initializable, ERC165Upgradeable, ICoreRegistry {
    /// @custom:storage-location erc7201:core.storage.RegistryBase
    struct RegistryBaseStorage {
        address policiesRegistry;
        address didRegistry;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.RegistryBase")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant REGISTRY_BASE_STORAGE_LOCATION =
        0x157596bb0c0ed5c5593b490dc375feed15be316b674bff0e32c3bfa5d9cc8100;

    /// @dev `account` does not hold the policy attribute `policyName` (or the policy is inactive).
    error PolicyDenied(string policyName, address account);
    /// @dev `account` does not control `did` in the linked DID Registry.
    error NotDidController(string did, address account);

    /// @dev The registry links changed (only Track and Trace changes them after initialisation).
    event RegistryLinksUpdated(address policiesRegistry, address didRegistry);

    function _getRegistryBaseStorage() private pure returns (RegistryBaseStorage storage $) {
        assembly {
            $.slot := REGISTRY_BASE_STORAGE_LOCATION
        }
    }

    // solhint-disable-next-line func-name-mixedcase
    function __RegistryBase_init(address policiesRegistry_, address didRegistry_) internal onlyInitializing {
        _setRegistryLinks(policiesRegistry_, didRegistry_);
    }

    /// @inheritdoc ICoreRegistry
    function registryType() public pure virtual returns (bytes32);

    /// @dev See {IERC165-supportsInterface}.
    function supportsInterface(bytes4 interfaceId) public view virtual override(ERC165Upgradeable, IERC165) returns (bool) {
        return interfaceId == type(ICoreRegistry).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @inheritdoc ICoreRegistry
    function policiesRegistry() external view returns (address) {
        return _policiesRegistry();
    }

    function _policiesRegistry() internal view returns (address) {
        return _getRegistryBaseStorage().policiesRegistry;
    }

    function _didRegistry() internal view returns (address) {
        return _getRegistryBaseStorage().didRegistry;
    }

    /// @dev Sets both links. Emits a {RegistryLinksUpdated} event.
    function _setRegistryLinks(address policiesRegistry_, address didRegistry_) internal {
        RegistryBaseStorage storage $ = _getRegistryBaseStorage();
        $.policiesRegistry = policiesRegistry_;
        $.didRegistry = didRegistry_;
        emit RegistryLinksUpdated(policiesRegistry_, didRegistry_);
    }

    /// @dev Whether `account` holds `policyName` in the linked Policies Registry (false when unlinked).
    function _hasPolicy(string memory policyName, address account) internal view returns (bool) {
        address registry = _policiesRegistry();
        return registry != address(0) && IPolicyCheck(registry).checkPolicy(policyName, account);
    }

    /// @dev Reverts with {PolicyDenied} unless `msg.sender` holds `policyName`.
    function _checkPolicy(string memory policyName) internal view {
        if (!_hasPolicy(policyName, msg.sender)) revert PolicyDenied(policyName, msg.sender);
    }

    /// @dev Whether `account` controls `did` in the linked DID Registry (false when unlinked).
    function _isController(string memory did, address account) internal view returns (bool) {
        address registry = _didRegistry();
        return registry != address(0) && IControllerCheck(registry).checkController(did, account);
    }

    /// @dev Reverts with {NotDidController} unless `msg.sender` controls `did`.
    function _checkController(string memory did) internal view {
        if (!_isController(did, msg.sender)) revert NotDidController(did, msg.sender);
    }
}
