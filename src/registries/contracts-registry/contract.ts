import {
  contractsRegistryAbi,
  contractsRegistryBytecode,
} from '../../../artifacts/ContractsRegistry.js';
import { registryContract } from '../common/registryContract.js';

/** The ContractsRegistry contract: its ABI, bytecode and `registryType()`. */
export const CONTRACTS_REGISTRY = registryContract(
  'ContractsRegistry',
  contractsRegistryAbi,
  contractsRegistryBytecode,
);
