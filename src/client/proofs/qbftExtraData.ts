import { type Address, bytesToHex, fromRlp, getAddress, type Hex, hexToBytes, toRlp } from 'viem';
import { HeaderUntrustedError } from './headerErrors.js';

/** A validator vote carried by a block: add or drop `recipient`. */
export type QbftVote = { recipient: Address; add: boolean };

/**
 * The QBFT `extraData` of a Besu block: one RLP list of vanity, validators, vote, round and
 * committed seals (reference/qbft-light-client.md §1).
 */
export type QbftExtraData = {
  vanity: Hex;
  /** The validators that seal this block (header-vote mode), sorted ascending. */
  validators: Address[];
  vote: QbftVote | undefined;
  /** The commit round. */
  round: number;
  /** 65-byte `r ‖ s ‖ recId` signatures of the commit-seal hash. */
  seals: Hex[];
};

type RlpItem = Hex | RlpItem[];

/**
 * Decodes a QBFT `extraData` strictly: exactly 5 items (Besu ignores extra ones, which no hash
 * covers), 20-byte validators, a vote `[]` or `[recipient, 0x80 | 0xff]` (0x00 too for DROP),
 * a minimal scalar round of at most 4 bytes, 65-byte seals.
 * @throws {HeaderUntrustedError} naming what is malformed.
 */
export function decodeQbftExtraData(extraData: Hex): QbftExtraData {
  let items: RlpItem;
  try {
    items = fromRlp(extraData, 'hex') as RlpItem;
  } catch (cause) {
    throw new HeaderUntrustedError('extraData is not RLP', { cause });
  }
  if (!Array.isArray(items) || items.length !== 5) {
    throw new HeaderUntrustedError('extraData must be a list of 5 items (QBFT)');
  }
  const [vanity, validators, vote, round, seals] = items;
  if (typeof vanity !== 'string') throw new HeaderUntrustedError('extraData vanity must be bytes');
  if (!Array.isArray(validators) || !validators.every((v) => isBytes(v, 20))) {
    throw new HeaderUntrustedError('extraData validators must be 20-byte addresses');
  }
  if (!Array.isArray(seals) || !seals.every((seal) => isBytes(seal, 65))) {
    throw new HeaderUntrustedError('extraData seals must be 65-byte signatures');
  }
  return {
    vanity,
    validators: (validators as Hex[]).map((validator) => getAddress(validator)),
    vote: decodeVote(vote),
    round: decodeRound(round),
    seals: seals as Hex[],
  };
}

/**
 * Encodes `extraData` as Besu writes it: the vote `[]` when none, ADD `0xff`, DROP empty.
 * `form`: `'sealed'` as in the block, `'seal'` the form each seal signs (no seals, the real
 * round), `'hash'` the form of the block hash (no seals, round 0).
 */
export function encodeQbftExtraData(
  data: QbftExtraData,
  form: 'sealed' | 'seal' | 'hash' = 'sealed',
): Hex {
  const vote: RlpItem = data.vote ? [data.vote.recipient, data.vote.add ? '0xff' : '0x'] : [];
  const round = form === 'hash' || data.round === 0 ? '0x' : scalar(data.round);
  return toRlp([
    data.vanity,
    data.validators,
    vote,
    round,
    form === 'sealed' ? data.seals : [],
  ] as never);
}

function decodeVote(vote: RlpItem | undefined): QbftVote | undefined {
  if (!Array.isArray(vote)) throw new HeaderUntrustedError('extraData vote must be a list');
  if (vote.length === 0) return undefined;
  const [recipient, type] = vote;
  if (vote.length !== 2 || !isBytes(recipient, 20) || Array.isArray(type)) {
    throw new HeaderUntrustedError('extraData vote must be [recipient, type]');
  }
  if (type !== '0x' && type !== '0x00' && type !== '0xff') {
    throw new HeaderUntrustedError(`extraData vote type ${type} is neither ADD nor DROP`);
  }
  return { recipient: getAddress(recipient as Hex), add: type === '0xff' };
}

function decodeRound(round: RlpItem | undefined): number {
  if (typeof round !== 'string') throw new HeaderUntrustedError('extraData round must be bytes');
  const bytes = hexToBytes(round);
  if (bytes.length > 4 || bytes[0] === 0) {
    throw new HeaderUntrustedError('extraData round must be a minimal scalar of at most 4 bytes');
  }
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

function scalar(value: number): Hex {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return bytesToHex(Uint8Array.from(bytes));
}

function isBytes(item: RlpItem | undefined, length: number): boolean {
  return typeof item === 'string' && hexToBytes(item).length === length;
}
