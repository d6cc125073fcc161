import { type Address, getAddress, type Hex, hexToBigInt } from 'viem';
import { HeaderUntrustedError } from './headerErrors.js';
import { qbftBlockHash, type RpcHeader, sortAddresses, verifyQbftHeader } from './qbftHeader.js';

/** Besu's default epoch length: an epoch block clears the pending votes. */
export const DEFAULT_EPOCH_LENGTH = 30_000n;

/**
 * The validator set a light client follows in header-vote mode, with the votes pending
 * (reference/qbft-light-client.md §4.1): replayed block by block from a trusted genesis or epoch
 * header, it matches Besu's `VoteTally` exactly.
 */
export type ValidatorTally = {
  validators: Address[];
  /** recipient → the validators that voted to add it. */
  adds: Map<Address, Set<Address>>;
  /** recipient → the validators that voted to drop it. */
  drops: Map<Address, Set<Address>>;
};

/** The tally at a trusted epoch (or genesis) block: its validators, no pending vote. */
export function startTally(validators: readonly Address[]): ValidatorTally {
  return { validators: sortAddresses(validators), adds: new Map(), drops: new Map() };
}

/**
 * The tally after block `number`, whose proposer is `proposer` and whose vote is `vote`: the
 * set that seals block `number + 1`.
 */
export function applyVote(
  tally: ValidatorTally,
  block: {
    number: bigint;
    proposer: Address;
    vote: { recipient: Address; add: boolean } | undefined;
  },
  epochLength = DEFAULT_EPOCH_LENGTH,
): ValidatorTally {
  if (block.number % epochLength === 0n) return startTally(tally.validators);
  if (!block.vote) return tally;
  const proposer = getAddress(block.proposer);
  const recipient = getAddress(block.vote.recipient);
  const adds = new Map([...tally.adds].map(([key, set]) => [key, new Set(set)]));
  const drops = new Map([...tally.drops].map(([key, set]) => [key, new Set(set)]));
  const [mine, other] = block.vote.add ? [adds, drops] : [drops, adds];
  mine.set(recipient, new Set([...(mine.get(recipient) ?? []), proposer]));
  other.get(recipient)?.delete(proposer);
  const threshold = Math.floor(tally.validators.length / 2) + 1;
  let validators = tally.validators;
  if ((adds.get(recipient)?.size ?? 0) >= threshold) {
    if (!validators.includes(recipient)) validators = sortAddresses([...validators, recipient]);
  } else if ((drops.get(recipient)?.size ?? 0) >= threshold) {
    validators = validators.filter((validator) => validator !== recipient);
    // A dropped validator's own pending votes no longer count.
    for (const set of [...adds.values(), ...drops.values()]) set.delete(recipient);
  } else {
    return { validators, adds, drops };
  }
  adds.delete(recipient);
  drops.delete(recipient);
  return { validators, adds, drops };
}

/**
 * Follows a chain of QBFT headers from a trusted one: each must be the child of the previous
 * (its `parentHash`), sealed by the validator set the votes so far give. The last header's
 * `stateRoot` is then as trusted as the first.
 * @param trusted the tally after `from` (e.g. {@link startTally} of genesis's validators).
 * @returns the tally after the last header, and its hash.
 * @throws {HeaderUntrustedError} at the first header that breaks a rule.
 */
export async function followQbftHeaders(
  from: { hash: Hex; number: bigint; tally: ValidatorTally },
  headers: readonly RpcHeader[],
  epochLength = DEFAULT_EPOCH_LENGTH,
): Promise<{ hash: Hex; number: bigint; tally: ValidatorTally }> {
  let { hash, number, tally } = from;
  for (const header of headers) {
    const next = hexToBigInt(header.number);
    if (next !== number + 1n || header.parentHash.toLowerCase() !== hash.toLowerCase()) {
      throw new HeaderUntrustedError(`block ${next} is not the child of block ${number} (${hash})`);
    }
    const { extra } = await verifyQbftHeader(header, tally.validators);
    tally = applyVote(
      tally,
      { number: next, proposer: header.miner, vote: extra.vote },
      epochLength,
    );
    hash = qbftBlockHash(header, extra);
    number = next;
  }
  return { hash, number, tally };
}
