import { didRegistryAbi, didRegistryBytecode } from '../../../artifacts/DidRegistry.js';
import { registryContract } from '../common/registryContract.js';

/** The DidRegistry contract: its ABI, bytecode and `registryType()`. */
export const DID_REGISTRY = registryContract('DidRegistry', didRegistryAbi, didRegistryBytecode);
