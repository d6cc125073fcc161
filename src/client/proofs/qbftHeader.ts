import {
  type Address,
  getAddress,
  type Hex,
  hexToBigInt,
  keccak256,
  numberToHex,
  recoverAddress,
  toRlp,
} from 'viem';
import { HeaderUntrustedError } from './headerErrors.js';
import { decodeQbftExtraData, encodeQbftExtraData, type QbftExtraData } from './qbftExtraData.js';

/** A block header as `eth_getBlockBy*` returns it (the fields the header's RLP holds). */
export type RpcHeader = {
  hash?: Hex;
  parentHash: Hex;
  sha3Uncles: Hex;
  miner: Address;
  stateRoot: Hex;
  transactionsRoot: Hex;
  receiptsRoot: Hex;
  logsBloom: Hex;
  difficulty: Hex;
  number: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  timestamp: Hex;
  extraData: Hex;
  mixHash: Hex;
  nonce: Hex;
  baseFeePerGas?: Hex;
  withdrawalsRoot?: Hex;
  blobGasUsed?: Hex;
  excessBlobGas?: Hex;
  parentBeaconBlockRoot?: Hex;
  requestsHash?: Hex;
};

/** The header's fields in RLP order; `int` fields are minimal big-endian scalars. */
const FIELDS: readonly [keyof RpcHeader, 'bytes' | 'int'][] = [
  ['parentHash', 'bytes'],
  ['sha3Uncles', 'bytes'],
  ['miner', 'bytes'],
  ['stateRoot', 'bytes'],
  ['transactionsRoot', 'bytes'],
  ['receiptsRoot', 'bytes'],
  ['logsBloom', 'bytes'],
  ['difficulty', 'int'],
  ['number', 'int'],
  ['gasLimit', 'int'],
  ['gasUsed', 'int'],
  ['timestamp', 'int'],
  ['extraData', 'bytes'],
  ['mixHash', 'bytes'],
  ['nonce', 'bytes'],
];
/** Fields after `nonce`, written in this order as long as each is present. */
const OPTIONAL: readonly [keyof RpcHeader, 'bytes' | 'int'][] = [
  ['baseFeePerGas', 'int'],
  ['withdrawalsRoot', 'bytes'],
  ['blobGasUsed', 'int'],
  ['excessBlobGas', 'int'],
  ['parentBeaconBlockRoot', 'bytes'],
  ['requestsHash', 'bytes'],
];

/** The header's RLP with `extraData` replaced (Besu `BlockHeader.writeTo`). */
export function headerRlp(header: RpcHeader, extraData: Hex = header.extraData): Hex {
  const optional: (typeof OPTIONAL)[number][] = [];
  for (const field of OPTIONAL) {
    if (header[field[0]] === undefined) break;
    optional.push(field);
  }
  const items = [...FIELDS, ...optional].map(([name, kind]) => {
    const value = name === 'extraData' ? extraData : (header[name] as Hex);
    if (kind === 'bytes') return value;
    const number = hexToBigInt(value);
    return number === 0n ? '0x' : evenHex(numberToHex(number));
  });
  return toRlp(items);
}

function evenHex(hex: Hex): Hex {
  return hex.length % 2 === 0 ? hex : (`0x0${hex.slice(2)}` as Hex);
}

/** The block hash of a QBFT header: seals emptied and the round forced to 0 (§2). */
export function qbftBlockHash(header: RpcHeader, extra = decodeQbftExtraData(header.extraData)) {
  return keccak256(headerRlp(header, encodeQbftExtraData(extra, 'hash')));
}

/** The hash each committed seal signs: seals emptied, the real round kept (§2). */
export function commitSealHash(header: RpcHeader, extra = decodeQbftExtraData(header.extraData)) {
  return keccak256(headerRlp(header, encodeQbftExtraData(extra, 'seal')));
}

/** Seals a block needs from `n` validators: ⌈2n/3⌉ (Besu `calculateRequiredValidatorQuorum`). */
export function qbftQuorum(n: number): number {
  return Math.floor((2 * n - 1) / 3) + 1;
}

/**
 * Checks that a QBFT header was committed by `validators` (the set after its parent): its hash is
 * its fields' hash, it lists exactly that set, its proposer is one of them, and its seals recover
 * to at least ⌈2n/3⌉ distinct validators and to nobody else (Besu `BftCommitSealsValidationRule`,
 * which Besu's own light sync skips).
 * @returns the extraData and the validators that sealed it.
 * @throws {HeaderUntrustedError} naming the rule that fails.
 */
export async function verifyQbftHeader(
  header: RpcHeader,
  validators: readonly Address[],
): Promise<{ extra: QbftExtraData; signers: Address[] }> {
  const number = hexToBigInt(header.number);
  let extra: QbftExtraData;
  try {
    extra = decodeQbftExtraData(header.extraData);
  } catch (error) {
    throw new HeaderUntrustedError(`block ${number}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (header.hash !== undefined && qbftBlockHash(header, extra) !== header.hash.toLowerCase()) {
    throw new HeaderUntrustedError(`block ${number}: its fields do not hash to ${header.hash}`);
  }
  const expected = sortAddresses(validators);
  if (extra.validators.join() !== expected.join()) {
    throw new HeaderUntrustedError(
      `block ${number}: it lists validators ${extra.validators.join(', ')}, not the set that seals it (${expected.join(', ')})`,
    );
  }
  if (!expected.includes(getAddress(header.miner))) {
    throw new HeaderUntrustedError(`block ${number}: its proposer ${header.miner} is no validator`);
  }
  const hash = commitSealHash(header, extra);
  const signers: Address[] = [];
  for (const seal of extra.seals) {
    const signer = await recoverSeal(hash, seal);
    if (signer === undefined || !expected.includes(signer)) {
      throw new HeaderUntrustedError(
        `block ${number}: a seal ${signer ? `by ${signer}, who is no validator` : 'recovers to nobody'}`,
      );
    }
    if (signers.includes(signer)) {
      throw new HeaderUntrustedError(`block ${number}: ${signer} sealed it twice`);
    }
    signers.push(signer);
  }
  const needed = qbftQuorum(expected.length);
  if (signers.length < needed) {
    throw new HeaderUntrustedError(
      `block ${number}: ${signers.length} seals of ${expected.length} validators, ${needed} needed`,
    );
  }
  return { extra, signers };
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The signer of a seal: `r ‖ s ‖ recId`, recId 0 or 1, r and s in [1, n−1]. */
async function recoverSeal(hash: Hex, seal: Hex): Promise<Address | undefined> {
  const r = BigInt(`0x${seal.slice(2, 66)}`);
  const s = BigInt(`0x${seal.slice(66, 130)}`);
  const recId = Number.parseInt(seal.slice(130, 132), 16);
  if (r < 1n || r >= SECP256K1_N || s < 1n || s >= SECP256K1_N || recId > 1) return undefined;
  try {
    return getAddress(await recoverAddress({ hash, signature: seal }));
  } catch {
    return undefined;
  }
}

/** Addresses in ascending byte order, as QBFT lists validators. */
export function sortAddresses(addresses: readonly Address[]): Address[] {
  return [...addresses]
    .map((address) => getAddress(address))
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}
