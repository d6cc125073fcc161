// First: the SDK's shared code calls `Buffer`, which the browser does not have.
import './buffer.js';

// The proofs mode of the verifier (`core-registry/client/proofs`), in a bundle of its own: it
// brings an EVM and trie proofs that the explorer loads only when a visitor asks for them.
export { proofs } from '../../src/client/proofs/provenReads.js';
