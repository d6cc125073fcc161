// `core-registry/client/proofs`: a relying party's own checks of the ledger (docs/trust-model.md),
// apart from the SDK's entry point so that wallets do not load an EVM.
export { HeaderUntrustedError } from './headerErrors.js';
export {
  type ProvenCallParameters,
  type ProvenCallResult,
  provenCall,
} from './provenCall.js';
export {
  createProvenReads,
  didDocumentProofs,
  type ProvenReadsParameters,
  proofs,
} from './provenReads.js';
export type { ProofOptions, ProvenState } from './provenViews.js';
export {
  decodeQbftExtraData,
  encodeQbftExtraData,
  type QbftExtraData,
  type QbftVote,
} from './qbftExtraData.js';
export {
  commitSealHash,
  headerRlp,
  qbftBlockHash,
  qbftQuorum,
  type RpcHeader,
  verifyQbftHeader,
} from './qbftHeader.js';
export { type QbftCheckpoint, qbftHeaderSource } from './qbftHeaderSource.js';
export {
  applyVote,
  followQbftHeaders,
  startTally,
  type ValidatorTally,
} from './qbftValidators.js';
export {
  type AccountProof,
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  type ProvenAccount,
  StateProofError,
  verifyAccountProof,
  verifyCode,
} from './stateProof.js';
