/**
 * The views every registry shares (`ICoreRegistry`) and the DID Registry link of the registries
 * that have one, for reading a contract whose exact type is not known yet.
 * - Design: DESIGN.md §4 (type identity, links)
 */
export const REGISTRY_VIEWS_ABI = [
  {
    type: 'function',
    name: 'registryType',
    stateMutability: 'pure',
    inputs: [],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'policiesRegistry',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'didRegistry',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
] as const;

/** The Contracts Registry view that tells whether it deployed an address. */
export const INSTANCES_ABI = [
  {
    type: 'function',
    name: 'isRegisteredInstance',
    stateMutability: 'view',
    inputs: [{ name: 'instance', type: 'address' }],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

/** `IControllerCheck`: what other registries ask a DID Registry. */
export const CONTROLLER_CHECK_ABI = [
  {
    type: 'function',
    name: 'checkController',
    stateMutability: 'view',
    inputs: [
      { name: 'did', type: 'string' },
      { name: 'account', type: 'address' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;
