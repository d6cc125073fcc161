import { type Address, fromRlp, type Hex, isHex, toRlp } from 'viem';
import type { CryptoPool } from '../../crypto/createCryptoPool.js';
import { recoverAddress } from '../../crypto/cryptoOps.js';
import { TransactionInvalidError } from '../../errors/transaction.js';
import { toChecksumAddress } from '../../identity/keccak.js';

/** The secp256k1 group order. */
const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
/** Half the group order: Ethereum (EIP-2) refuses signatures with a larger `s`. */
const HALF_N = N >> 1n;

/** A decoded, signature-checked raw transaction. */
export type RawTransaction = {
  from: Address;
  to: Address;
  data: Hex;
  chainId: number;
  type: 'legacy' | 'eip2930' | 'eip1559';
};

/** A raw transaction decoded and checked, its sender not yet recovered. */
export type DecodedTransaction = Omit<RawTransaction, 'from'> & {
  /** The signed payload: its keccak-256 is the signing hash. */
  signed: Uint8Array;
  /** `r ‖ s`, 64 bytes. */
  signature: Uint8Array;
  recovery: 0 | 1;
};

/**
 * Where each accepted type keeps its fields (the RLP list of the envelope's payload): how many
 * there are, and the positions of `to` and `data`. The last three are the signature.
 */
const LAYOUTS = {
  legacy: { fields: 9, to: 3, data: 5 },
  eip2930: { fields: 11, to: 4, data: 6 },
  eip1559: { fields: 12, to: 5, data: 7 },
} as const;
/** EIP-2718 type bytes: those accepted, and those named when refused. */
const TYPE_BYTES: Readonly<Record<number, string>> = {
  1: 'eip2930',
  2: 'eip1559',
  3: 'eip4844',
  4: 'eip7702',
};

/**
 * Decodes a raw transaction (legacy with EIP-155, EIP-2930 or EIP-1559) and recovers its sender
 * with libsecp256k1 (viem's pure-JS recovery costs about 2 ms; DESIGN.md §2), on the calling
 * thread. The write gate recovers on the node's crypto threads (`recoverSender`).
 * - Spec: SPEC.md §4.3.3
 * @throws {TransactionInvalidError} as `decodeRawTransaction`, or when no sender recovers.
 */
export function parseRawTransaction(raw: unknown, chainId: number): RawTransaction {
  const decoded = decodeRawTransaction(raw, chainId);
  return withSender(decoded, recoverAddress(decoded.signed, decoded.signature, decoded.recovery));
}

/**
 * `parseRawTransaction` with the recovery on `pool`'s threads.
 * @throws {TransactionInvalidError} as `parseRawTransaction`.
 */
export async function recoverSender(
  decoded: DecodedTransaction,
  pool: CryptoPool,
): Promise<RawTransaction> {
  const { signed, signature, recovery } = decoded;
  return withSender(decoded, await pool.run({ op: 'recoverAddress', signed, signature, recovery }));
}

function withSender(decoded: DecodedTransaction, sender: Uint8Array | null): RawTransaction {
  if (!sender) throw invalid('the signature does not recover a sender');
  const { to, data, chainId, type } = decoded;
  return { from: toChecksumAddress(sender), to, data, chainId, type };
}

/**
 * Decodes and checks a raw transaction: the signing hash is taken over the decoded fields
 * re-encoded, as geth and Besu derive it, without typing them.
 * - Spec: SPEC.md §4.3.3
 * @throws {TransactionInvalidError} for anything else: another type, a contract creation, no
 *   replay protection, another chain, a malformed or high-S signature.
 */
export function decodeRawTransaction(raw: unknown, chainId: number): DecodedTransaction {
  if (typeof raw !== 'string' || !isHex(raw) || raw.length < 4) {
    throw invalid('the parameter must be a hex-encoded signed transaction');
  }
  if (raw.length % 2 !== 0) throw invalid('the transaction cannot be decoded (odd hex length)');
  const bytes = Buffer.from(raw.slice(2), 'hex');
  const typeByte = bytes[0] as number;
  const legacy = typeByte >= 0xc0;
  const type = legacy ? 'legacy' : TYPE_BYTES[typeByte];
  if (type === undefined) throw invalid('the transaction cannot be decoded (unknown type)');
  if (type !== 'legacy' && type !== 'eip2930' && type !== 'eip1559') {
    throw invalid(`transactions of type "${type}" are not accepted`);
  }
  const layout = LAYOUTS[type];
  let fields: ReturnType<typeof fromRlp<'bytes'>>;
  try {
    fields = fromRlp(legacy ? bytes : bytes.subarray(1), 'bytes');
  } catch (cause) {
    throw invalid('the transaction cannot be decoded', cause);
  }
  if (!Array.isArray(fields) || fields.length !== layout.fields) {
    throw invalid('the transaction cannot be decoded (wrong number of fields)');
  }
  const field = (index: number): Uint8Array => {
    const value = fields[index];
    if (!(value instanceof Uint8Array))
      throw invalid('the transaction cannot be decoded (a list field)');
    return value;
  };
  const to = field(layout.to);
  if (to.length === 0) throw invalid('contract creation is not accepted');
  if (to.length !== 20) throw invalid('the transaction cannot be decoded ("to" is no address)');
  const data = toHexString(field(layout.data));
  const [r, s] = [field(layout.fields - 2), field(layout.fields - 1)];
  const { chain, recovery } = legacy
    ? fromLegacyV(toInteger(field(6)))
    : { chain: toInteger(field(0)), recovery: Number(toInteger(field(layout.fields - 3))) };
  if (chain === undefined) throw invalid('the transaction has no chain id (EIP-155)');
  if (chain !== BigInt(chainId))
    throw invalid(`the transaction is for chain ${chain}, not ${chainId}`);
  if (recovery !== 0 && recovery !== 1) throw invalid('the signature recovery id is invalid');
  const rValue = toScalar(r, '"r"');
  const sValue = toScalar(s, '"s"');
  if (sValue > HALF_N) throw invalid('the signature "s" value is too high (EIP-2)');
  const unsigned = fields.slice(0, layout.fields - 3) as Uint8Array[];
  const signed = legacy
    ? toRlp([...unsigned.slice(0, 6), toMinimalBytes(chain), EMPTY, EMPTY], 'bytes')
    : Buffer.concat([bytes.subarray(0, 1), toRlp(unsigned, 'bytes')]);
  // Legacy `r`/`s` come back from RLP with their leading zero bytes stripped: the signature is
  // built from their values, left-padded, never from their byte strings.
  const signature = new Uint8Array(64);
  const [rBytes, sBytes] = [toMinimalBytes(rValue), toMinimalBytes(sValue)];
  signature.set(rBytes, 32 - rBytes.length);
  signature.set(sBytes, 64 - sBytes.length);
  return {
    ...{ to: toChecksumAddress(to), data, chainId, type, signed, signature },
    recovery: recovery as 0 | 1,
  };
}

const EMPTY = new Uint8Array(0);

function toHexString(bytes: Uint8Array): Hex {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

/** The big-endian bytes of a non-negative integer, without leading zeros (RLP's integers). */
function toMinimalBytes(value: bigint): Uint8Array {
  if (value === 0n) return EMPTY;
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
}

/** EIP-155: `v` is `chainId * 2 + 35 + recovery`; 27 and 28 carry no chain id. */
function fromLegacyV(v: bigint): { chain: bigint | undefined; recovery: number } {
  if (v === 27n || v === 28n) return { chain: undefined, recovery: Number(v - 27n) };
  if (v < 35n) return { chain: undefined, recovery: -1 };
  return { chain: (v - 35n) / 2n, recovery: Number((v - 35n) % 2n) };
}

/** An RLP integer: the empty string is zero. */
function toInteger(value: Uint8Array): bigint {
  return value.length === 0 ? 0n : BigInt(toHexString(value));
}

/** A signature scalar in [1, n): anything else recovers nothing. */
function toScalar(value: Uint8Array, name: string): bigint {
  // RLP strips leading zero bytes, so a zero scalar decodes as the empty string.
  const scalar = toInteger(value);
  if (scalar === 0n || scalar >= N) throw invalid(`the signature ${name} value is out of range`);
  return scalar;
}

function invalid(reason: string, cause?: unknown): TransactionInvalidError {
  return new TransactionInvalidError(reason, { cause });
}
