import { schemasRegistryAbi, schemasRegistryBytecode } from '../../../artifacts/SchemasRegistry.js';
import { registryContract } from '../common/registryContract.js';

/** The SchemasRegistry contract: its ABI, bytecode and `registryType()`. */
export const SCHEMAS_REGISTRY = registryContract(
  'SchemasRegistry',
  schemasRegistryAbi,
  schemasRegistryBytecode,
);
