import { timestampAbi, timestampBytecode } from '../../../artifacts/Timestamp.js';
import { registryContract } from '../common/registryContract.js';

/** The Timestamp contract: its ABI, bytecode and `registryType()`. */
export const TIMESTAMP = registryContract('Timestamp', timestampAbi, timestampBytecode);
