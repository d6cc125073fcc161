import {
  policiesRegistryAbi,
  policiesRegistryBytecode,
} from '../../../artifacts/PoliciesRegistry.js';
import { registryContract } from '../common/registryContract.js';

/** The PoliciesRegistry contract: its ABI, bytecode and `registryType()`. */
export const POLICIES_REGISTRY = registryContract(
  'PoliciesRegistry',
  policiesRegistryAbi,
  policiesRegistryBytecode,
);
