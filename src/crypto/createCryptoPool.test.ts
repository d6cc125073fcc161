import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import fc from 'fast-check';
import secp256k1 from 'secp256k1';
import { keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, test } from 'vitest';
import { type CryptoPool, createCryptoPool } from './createCryptoPool.js';

const pools: CryptoPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function pool(workers: number): CryptoPool {
  const created = createCryptoPool({ workers });
  pools.push(created);
  return created;
}

const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const p256Jwk = p256.publicKey.export({ format: 'jwk' }) as {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
};

describe.each([0, 2])('createCryptoPool with %i worker threads', (workers) => {
  const crypto = pool(workers);
  crypto.registerKey('token-key', p256.privateKey);

  test('default: ES256 signatures of the registered key verify with its public key', async () => {
    const input = Buffer.from('header.payload');
    const signature = await crypto.run({ op: 'signEs256', key: 'token-key', input });
    expect(signature).toHaveLength(64);
    const key = p256.publicKey;
    expect(verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    expect(await crypto.run({ op: 'verifyEs256', input, signature, jwk: p256Jwk })).toBe(true);
    const other = Buffer.from('header.other');
    expect(await crypto.run({ op: 'verifyEs256', input: other, signature, jwk: p256Jwk })).toBe(
      false,
    );
  });

  test('property: ES256K verifies exactly the signatures of its key, high-S included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (input) => {
        const privateKey = Uint8Array.from(Buffer.from(generatePrivateKey().slice(2), 'hex'));
        const publicKey = secp256k1.publicKeyCreate(privateKey, false);
        const digest = createHash('sha256').update(input).digest();
        const { signature } = secp256k1.ecdsaSign(digest, privateKey);
        const high = toHighS(signature);
        const tampered = Uint8Array.from(signature);
        tampered[5] = (tampered[5] as number) ^ 1;
        const run = (sig: Uint8Array) =>
          crypto.run({ op: 'verifyEs256k', input, signature: sig, publicKey });
        const [low, highS, bad] = await Promise.all([run(signature), run(high), run(tampered)]);
        expect([low, highS, bad]).toEqual([true, true, false]);
      }),
      { numRuns: 50 },
    );
  });

  test('property: sender recovery gives the signing account, in one turn for many', async () => {
    const signers = Array.from({ length: 20 }, () => generatePrivateKey());
    const jobs = signers.map((privateKey, i) => {
      const signed = Buffer.from(`a transaction's signed payload ${i}`);
      const hash = Buffer.from(keccak256(signed).slice(2), 'hex');
      const key = Buffer.from(privateKey.slice(2), 'hex');
      const { signature, recid } = secp256k1.ecdsaSign(hash, key);
      return { signed, signature, recovery: recid };
    });
    const recovered = await Promise.all(
      jobs.map((job) => crypto.run({ op: 'recoverAddress', ...job })),
    );
    expect(recovered.map((address) => toHex(address as Uint8Array))).toEqual(
      signers.map((key) => privateKeyToAccount(key).address.toLowerCase()),
    );
    const { signed } = jobs[0] as (typeof jobs)[number];
    const garbage = new Uint8Array(64);
    expect(
      await crypto.run({ op: 'recoverAddress', signed, signature: garbage, recovery: 0 }),
    ).toBeNull();
  });

  test('error: a key that was never registered fails the job, not the thread', async () => {
    const input = Buffer.from('x');
    await expect(crypto.run({ op: 'signEs256', key: 'unknown', input })).rejects.toThrow(
      'No signing key "unknown"',
    );
    expect(await crypto.run({ op: 'signEs256', key: 'token-key', input })).toHaveLength(64);
  });
});

describe('createCryptoPool threads', () => {
  test('error: a closed pool refuses jobs', async () => {
    const crypto = pool(1);
    crypto.registerKey('token-key', p256.privateKey);
    const input = Buffer.from('x');
    expect(await crypto.run({ op: 'signEs256', key: 'token-key', input })).toHaveLength(64);
    await crypto.close();
    await expect(crypto.run({ op: 'signEs256', key: 'token-key', input })).rejects.toThrow(
      'The crypto pool is closed',
    );
  });
});

/** The same signature with `s` replaced by `n - s`, which ES256K (RFC 8812) accepts too. */
function toHighS(signature: Uint8Array): Uint8Array {
  const n = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
  const high = Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex');
  return Uint8Array.from([...signature.subarray(0, 32), ...high]);
}
