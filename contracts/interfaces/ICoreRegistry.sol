// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

/**
 * @dev Implemented by every registry so that the API can tell which kind of registry a contract is.
 */
interface ICoreRegistry is IERC165 {
    /// @dev The registry's fixed type identity, `keccak256("core.<Name>")` (see `RegistryTypes.sol`).
    function registryType() external view returns (bytes32);

    /// @dev The Policies Registry whose policies gate this registry's admin functions (zero when unlinked).
    function policiesRegistry() external view returns (address);
}
