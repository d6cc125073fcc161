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
