import { parseAbi } from 'viem';

/**
 * The views every registry shares (`ICoreRegistry`) and the DID Registry link of the registries
 * that have one, for reading a contract whose exact type is not known yet.
 * - Design: DESIGN.md §4 (type identity, links)
 */
export const REGISTRY_VIEWS_ABI = parseAbi([
  'function registryType() pure returns (bytes32)',
  'function policiesRegistry() view returns (address)',
  'function didRegistry() view returns (address)',
]);

/** The Contracts Registry view that tells whether it deployed an address. */
export const INSTANCES_ABI = parseAbi([
  'function isRegisteredInstance(address instance) view returns (bool)',
]);

/** `IControllerCheck`: what other registries ask a DID Registry. */
export const CONTROLLER_CHECK_ABI = parseAbi([
  'function checkController(string did, address account) view returns (bool)',
]);
