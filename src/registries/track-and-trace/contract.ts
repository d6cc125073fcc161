import { trackAndTraceAbi, trackAndTraceBytecode } from '../../../artifacts/TrackAndTrace.js';
import { registryContract } from '../common/registryContract.js';

/** The TrackAndTrace contract: its ABI, bytecode and `registryType()`. */
export const TRACK_AND_TRACE = registryContract(
  'TrackAndTrace',
  trackAndTraceAbi,
  trackAndTraceBytecode,
);
