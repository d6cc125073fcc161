import type { DIDResolutionResult } from 'did-resolver';
import { decideByQuorum } from '../identity/quorumRule.js';
import { toFailedResolution } from './resolutionResult.js';

/**
 * The resolution `quorum` of the nodes' results share, byte for byte (the same document and
 * metadata, or the same refusal, such as `notFound`), with `didResolutionMetadata.quorum` saying
 * how many agreed; an `internalError` when no result has the quorum. A node that did not answer
 * agrees with none. With `quorum` > n / 2, fewer than `quorum` lying nodes cannot choose the
 * document (docs/trust-model.md, "Quorum of nodes").
 */
export function agreeOnResolution(
  results: readonly DIDResolutionResult[],
  quorum: number,
  bases: readonly string[],
): DIDResolutionResult {
  const { decided, agreed } = decideByQuorum(results, quorum, (result) => JSON.stringify(result));
  if (decided)
    return {
      ...decided,
      didResolutionMetadata: { ...decided.didResolutionMetadata, quorum: agreed },
    };
  return toFailedResolution('internalError', {
    message: `The nodes disagree: at most ${agreed}, ${quorum} needed (${bases.join(', ')})`,
  });
}
