import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import secp256k1 from 'secp256k1';
import {
  type Address,
  bytesToBigInt,
  bytesToHex,
  getAddress,
  type Hex,
  keccak256,
  numberToBytes,
  numberToHex,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { parseRawTransaction } from './parseRawTransaction.js';

/**
 * The gate's sender recovery (libsecp256k1 over the decoded signature) against viem's own
 * `recoverTransactionAddress` and the signing key itself, for every accepted transaction type.
 */
const RANDOM_RUNS = 5_000;
const CRAFTED_RUNS = 300;
const TYPES = ['legacy', 'eip2930', 'eip1559'] as const;
type TxType = (typeof TYPES)[number];

const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
/** k = 1/2 mod n: the x coordinate of k·G starts with eleven zero bytes. */
const HALF_INVERSE = (N + 1n) / 2n;

const bytes = (length: number) =>
  fc.uint8Array({ minLength: length, maxLength: length }).map((b) => bytesToHex(b));
const address = bytes(20).map((hex) => getAddress(hex));
const privateKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((key) => secp256k1.privateKeyVerify(key));

function transaction(type: TxType): fc.Arbitrary<TransactionSerializable & { chainId: number }> {
  const common = {
    chainId: fc.integer({ min: 1, max: 2 ** 40 }),
    to: address,
    data: fc.uint8Array({ maxLength: 200 }).map((b) => bytesToHex(b)),
    nonce: fc.integer({ min: 0, max: 2 ** 32 }),
    gas: fc.bigInt({ min: 21_000n, max: 2n ** 40n }),
    value: fc.bigInt({ min: 0n, max: 2n ** 96n }),
  };
  const fee = fc.bigInt({ min: 0n, max: 2n ** 64n });
  const accessList = fc.array(
    fc.record({ address, storageKeys: fc.array(bytes(32), { maxLength: 2 }) }),
    { maxLength: 2 },
  );
  if (type === 'legacy') return fc.record({ ...common, type: fc.constant(type), gasPrice: fee });
  if (type === 'eip2930')
    return fc.record({ ...common, type: fc.constant(type), gasPrice: fee, accessList });
  const fees = fc
    .tuple(fee, fee)
    .map(([a, b]) =>
      a < b
        ? { maxFeePerGas: b, maxPriorityFeePerGas: a }
        : { maxFeePerGas: a, maxPriorityFeePerGas: b },
    );
  return fc
    .record({ ...common, type: fc.constant(type), fees, accessList })
    .map(({ fees, ...tx }) => ({ ...tx, ...fees }));
}

function addressOf(key: Uint8Array): Address {
  const publicKey = secp256k1.publicKeyCreate(key, false);
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
}

function signed(
  tx: TransactionSerializable & { chainId: number },
  r: bigint,
  s: bigint,
  recid: number,
) {
  const signature = { r: numberToHex(r, { size: 32 }), s: numberToHex(s, { size: 32 }) };
  return serializeTransaction(
    tx,
    tx.type === 'legacy'
      ? { ...signature, v: BigInt(recid) + 35n + 2n * BigInt(tx.chainId) }
      : { ...signature, yParity: recid },
  );
}

function signWith(tx: TransactionSerializable & { chainId: number }, key: Uint8Array): Hex {
  const hash = keccak256(serializeTransaction(tx), 'bytes');
  const { signature, recid } = secp256k1.ecdsaSign(hash, key);
  return signed(
    tx,
    bytesToBigInt(signature.subarray(0, 32)),
    bytesToBigInt(signature.subarray(32)),
    recid,
  );
}

const mod = (a: bigint) => ((a % N) + N) % N;
function inverse(a: bigint): bigint {
  let [r0, r1, t0, t1] = [N, mod(a), 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return mod(t0);
}

/** A nonce k whose r = x(k·G) has at least `zeros` leading zero bytes, and the parity of k·G. */
function nonceWithLeadingZeros(zeros: number): { k: bigint; r: bigint; recid: number } {
  for (;;) {
    const k = zeros > 1 ? HALF_INVERSE : mod(bytesToBigInt(randomBytes(32)));
    if (k === 0n) continue;
    const point = secp256k1.publicKeyCreate(numberToBytes(k, { size: 32 }), true);
    const r = bytesToBigInt(point.subarray(1));
    if (r < 2n ** BigInt(8 * (32 - zeros))) return { k, r, recid: point[0] === 3 ? 1 : 0 };
  }
}

/**
 * A transaction signed with a chosen `r` and `s`: the key is solved from them
 * (d = (s·k − z) / r mod n), so any number of leading zero bytes can be tested.
 */
function craft(tx: TransactionSerializable & { chainId: number }, rZeros: number, sZeros: number) {
  const z = mod(BigInt(keccak256(serializeTransaction(tx))));
  const { k, r, recid } = nonceWithLeadingZeros(rZeros);
  const s = 1n + mod(bytesToBigInt(randomBytes(32 - sZeros))) / 2n;
  const d = mod((s * k - z) * inverse(r));
  if (d === 0n) return undefined;
  return { raw: signed(tx, r, s, recid), sender: addressOf(numberToBytes(d, { size: 32 })) };
}

async function assertSender(raw: Hex, chainId: number, sender: Address): Promise<void> {
  const recovered = parseRawTransaction(raw, chainId).from;
  expect(recovered).toBe(await recoverTransactionAddress({ serializedTransaction: raw as never }));
  expect(recovered).toBe(sender);
}

describe.each(TYPES)('parseRawTransaction: %s', (type) => {
  test(`behavior: the sender of ${RANDOM_RUNS} random transactions is viem's`, async () => {
    await fc.assert(
      fc.asyncProperty(transaction(type), privateKey, async (tx, key) => {
        await assertSender(signWith(tx, key), tx.chainId, addressOf(key));
      }),
      { numRuns: RANDOM_RUNS },
    );
  }, 300_000);

  test('behavior: r and s with one or more leading zero bytes', async () => {
    const zeros = fc.constantFrom(0, 1, 11);
    await fc.assert(
      fc.asyncProperty(
        transaction(type),
        zeros,
        fc.integer({ min: 0, max: 31 }),
        async (tx, rZeros, sZeros) => {
          fc.pre(rZeros > 0 || sZeros > 0);
          const crafted = craft(tx, rZeros, sZeros);
          if (crafted) await assertSender(crafted.raw, tx.chainId, crafted.sender);
        },
      ),
      { numRuns: CRAFTED_RUNS },
    );
  }, 60_000);
});
