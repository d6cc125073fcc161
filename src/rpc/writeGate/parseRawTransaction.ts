import secp256k1 from 'secp256k1';
import {
  type Address,
  getAddress,
  type Hex,
  hexToBytes,
  isHex,
  keccak256,
  numberToBytes,
  parseTransaction,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem';
import { TransactionInvalidError } from '../../errors/transaction.js';

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

/**
 * Decodes a raw transaction (legacy with EIP-155, EIP-2930 or EIP-1559) and recovers its sender
 * with libsecp256k1 (viem's pure-JS recovery costs about 2 ms; DESIGN.md §2).
 * - Spec: SPEC.md §4.3.3
 * @throws {TransactionInvalidError} for anything else: another type, a contract creation, no
 *   replay protection, another chain, a malformed or high-S signature.
 */
export function parseRawTransaction(raw: unknown, chainId: number): RawTransaction {
  if (typeof raw !== 'string' || !isHex(raw) || raw.length < 4) {
    throw invalid('the parameter must be a hex-encoded signed transaction');
  }
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(raw);
  } catch (cause) {
    throw invalid('the transaction cannot be decoded', cause);
  }
  if (tx.type !== 'legacy' && tx.type !== 'eip2930' && tx.type !== 'eip1559') {
    throw invalid(`transactions of type "${tx.type}" are not accepted`);
  }
  if (!tx.to) throw invalid('contract creation is not accepted');
  if (tx.chainId === undefined) throw invalid('the transaction has no chain id (EIP-155)');
  if (tx.chainId !== chainId)
    throw invalid(`the transaction is for chain ${tx.chainId}, not ${chainId}`);
  const { r, s, v, yParity } = tx as { r?: Hex; s?: Hex; v?: bigint; yParity?: number };
  if (!r || !s) throw invalid('the transaction is not signed');
  const recovery =
    yParity ?? (v === undefined ? undefined : Number(v - 35n - 2n * BigInt(chainId)));
  if (recovery !== 0 && recovery !== 1) throw invalid('the signature recovery id is invalid');
  const rValue = toScalar(r, '"r"');
  const sValue = toScalar(s, '"s"');
  if (sValue > HALF_N) throw invalid('the signature "s" value is too high (EIP-2)');
  const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = tx as Record<string, unknown>;
  const hash = keccak256(serializeTransaction(unsigned as TransactionSerializable));
  // Legacy `r`/`s` come back from RLP with their leading zero bytes stripped: the signature is
  // built from their values, left-padded, never from their byte strings.
  const signature = new Uint8Array(64);
  signature.set(numberToBytes(rValue, { size: 32 }), 0);
  signature.set(numberToBytes(sValue, { size: 32 }), 32);
  let publicKey: Uint8Array;
  try {
    publicKey = secp256k1.ecdsaRecover(signature, recovery, hexToBytes(hash), false);
  } catch (cause) {
    throw invalid('the signature does not recover a sender', cause);
  }
  const from = getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
  return { from, to: getAddress(tx.to), data: tx.data ?? '0x', chainId: tx.chainId, type: tx.type };
}

/** A signature scalar in [1, n): anything else recovers nothing. */
function toScalar(value: Hex, name: string): bigint {
  // RLP strips leading zero bytes, so a zero scalar decodes as the empty string "0x".
  const scalar = value === '0x' ? 0n : BigInt(value);
  if (scalar === 0n || scalar >= N) throw invalid(`the signature ${name} value is out of range`);
  return scalar;
}

function invalid(reason: string, cause?: unknown): TransactionInvalidError {
  return new TransactionInvalidError(reason, { cause });
}
