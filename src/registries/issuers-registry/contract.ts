import { issuersRegistryAbi, issuersRegistryBytecode } from '../../../artifacts/IssuersRegistry.js';
import { registryContract } from '../common/registryContract.js';

/** The IssuersRegistry contract: its ABI, bytecode and `registryType()`. */
export const ISSUERS_REGISTRY = registryContract(
  'IssuersRegistry',
  issuersRegistryAbi,
  issuersRegistryBytecode,
);
