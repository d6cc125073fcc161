import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { compactVerify, importJWK } from 'jose';
import {
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  serializeTransaction,
} from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  createSoftHsmToken,
  deleteSoftHsmToken,
  SOFTHSM_MODULE,
  SOFTHSM_PIN,
} from '../../../test/support/softHsm.js';
import { EnvironmentError } from '../../errors/environment.js';
import { SignerUnavailableError } from '../../errors/signer.js';
import { toPublicJwk } from '../../identity/jwk.js';
import { toSigningInput } from '../../identity/signCompactJws.js';
import { generatePkcs11Key, openPkcs11Key, type Pkcs11Options } from './openPkcs11Key.js';
import { toPkcs11Account, toPkcs11JwsSigner } from './pkcs11Signers.js';
import { parsePkcs11Uri } from './pkcs11Uri.js';

const options: Pkcs11Options = {
  setting: 'CORE_TOKEN_SIGNING_KEY',
  modulePath: undefined,
  pin: undefined,
};
let token: ReturnType<typeof createSoftHsmToken>;
let locked: ReturnType<typeof createSoftHsmToken>;
let doomed: ReturnType<typeof createSoftHsmToken>;

beforeAll(() => {
  // Every token exists before the library starts in this process (SoftHSM reads them then).
  token = createSoftHsmToken(`unit-${process.pid}`);
  locked = createSoftHsmToken(`locked-${process.pid}`);
  doomed = createSoftHsmToken(`doomed-${process.pid}`);
});

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as const;

describe('parsePkcs11Uri', () => {
  test('default: token, object, id, library and PIN file', () => {
    expect(
      parsePkcs11Uri(
        'pkcs11:token=My%20HSM;object=token-key;id=%01%02?module-path=/lib/x.so&pin-source=file:/etc/pin',
      ),
    ).toMatchObject({
      token: 'My HSM',
      object: 'token-key',
      id: Uint8Array.from([1, 2]),
      modulePath: '/lib/x.so',
      pinFile: '/etc/pin',
    });
  });

  test.each([
    ['file:/x', 'a PKCS#11 URI starts with "pkcs11:"'],
    ['pkcs11:object=k', '"token" (the token label) is required'],
    ['pkcs11:token=t', '"object" (the key label) or "id" is required'],
    ['pkcs11:token=t;object=k?pin-value=1234', 'a PIN never goes in the URI'],
    ['pkcs11:token=t;object=k?pin-source=env:PIN', '"pin-source" must be a file: URI'],
    ['pkcs11:token=t;object=k;type=public', '"type=public" names no private key'],
    ['pkcs11:token=t;object=k;colour=red', 'unknown attribute "colour"'],
    ['pkcs11:token=t;token=u;object=k', '"token" is given twice'],
  ])('error: %s', (uri, message) => {
    expect(() => parsePkcs11Uri(uri)).toThrow(message);
  });
});

describe('keys in SoftHSM2', () => {
  test('default: an ES256 signer over a P-256 key signs JWTs that jose verifies', async () => {
    const key = await generatePkcs11Key(parsePkcs11Uri(token.uri('p256')), 'P-256', options);
    const opened = await openPkcs11Key(parsePkcs11Uri(token.uri('p256')), options);
    expect(opened.publicKey).toEqual(key.publicKey);
    const signer = toPkcs11JwsSigner(opened);
    const input = toSigningInput({ alg: 'ES256', typ: 'JWT' }, { sub: 'did:example:1' });
    const signature = await signer.sign(Buffer.from(input));
    const jwt = `${input}.${Buffer.from(signature).toString('base64url')}`;
    const jwk = toPublicJwk(hex(opened.publicKey), 'P-256');
    await expect(compactVerify(jwt, await importJWK(jwk, 'ES256'))).resolves.toBeTruthy();
  });

  test('property: 1,000 secp256k1 signatures from the HSM recover to its address, both recovery ids seen', async () => {
    await generatePkcs11Key(parsePkcs11Uri(token.uri('k1')), 'secp256k1', options);
    const account = toPkcs11Account(await openPkcs11Key(parsePkcs11Uri(token.uri('k1')), options));
    const parities = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (digest) => {
        const signature = await account.sign?.({ hash: hex(digest) });
        const yParity = Number.parseInt((signature as string).slice(-2), 16) - 27;
        parities.add(yParity);
        // EIP-2: s in the lower half, whatever the HSM produced.
        const s = BigInt(`0x${(signature as string).slice(66, 130)}`);
        expect(
          s <= BigInt('0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0'),
        ).toBe(true);
        expect(
          await recoverAddress({ hash: hex(digest), signature: signature as `0x${string}` }),
        ).toBe(account.address);
      }),
      { numRuns: 1000 },
    );
    expect([...parities].sort()).toEqual([0, 1]);
  }, 120_000);

  test('default: the HSM account signs transactions and messages as a key file would', async () => {
    const account = toPkcs11Account(await openPkcs11Key(parsePkcs11Uri(token.uri('k1')), options));
    const raw = await account.signTransaction({
      chainId: 2026,
      type: 'eip1559',
      to: account.address,
      nonce: 7,
      gas: 21000n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(
      account.address,
    );
    expect(serializeTransaction(parseTransaction(raw))).toBe(raw);
    const message = 'core-registry';
    const signed = await account.signMessage({ message });
    const { recoverMessageAddress } = await import('viem');
    expect(await recoverMessageAddress({ message, signature: signed })).toBe(account.address);
  });

  test('error: each misconfiguration is one message naming the setting', async () => {
    const open = (uri: string, extra: Partial<Pkcs11Options> = {}) =>
      openPkcs11Key(parsePkcs11Uri(uri), { ...options, ...extra });
    await expect(open(locked.uri('any', { pin: 'none' }), { pin: '000000' })).rejects.toThrow(
      /^CORE_TOKEN_SIGNING_KEY: the PIN is wrong/,
    );
    await expect(open(token.uri('missing'))).rejects.toThrow(
      'CORE_TOKEN_SIGNING_KEY: no private key in the token matches "object"/"id"',
    );
    await expect(open(token.uri('k1', { pin: 'none' }))).rejects.toThrow(
      'CORE_TOKEN_SIGNING_KEY: no PIN: add "?pin-source=file:<path>" or set CORE_PKCS11_PIN',
    );
    await expect(
      open(token.uri('k1', { pin: 'none' }), { pin: SOFTHSM_PIN }),
    ).resolves.toBeTruthy();
    await expect(
      open(`pkcs11:token=${token.label};object=k1?module-path=/nonexistent/libpkcs11.so`),
    ).rejects.toThrow(
      /CORE_TOKEN_SIGNING_KEY: the PKCS#11 library "\/nonexistent\/libpkcs11.so" cannot be loaded/,
    );
    await expect(
      open(`pkcs11:token=${token.label};object=k1`, { pin: SOFTHSM_PIN }),
    ).rejects.toThrow(
      'CORE_TOKEN_SIGNING_KEY: no PKCS#11 library: add "?module-path=<library .so>" or set CORE_PKCS11_MODULE',
    );
    await expect(open(`pkcs11:token=nope;object=k1?module-path=${SOFTHSM_MODULE}`)).rejects.toThrow(
      `CORE_TOKEN_SIGNING_KEY: no token labelled "nope" in "${SOFTHSM_MODULE}"`,
    );
    await expect(
      generatePkcs11Key(parsePkcs11Uri(token.uri('k1')), 'secp256k1', options),
    ).rejects.toBeInstanceOf(EnvironmentError);
    expect(() => toPkcs11Account({ curve: 'P-256' } as never)).toThrow(TypeError);
  });

  test('error: a token taken away fails each signature with SignerUnavailableError, not a crash', async () => {
    const key = await generatePkcs11Key(parsePkcs11Uri(doomed.uri('p256')), 'P-256', options);
    const digest = createHash('sha256').update(randomBytes(16)).digest();
    expect(await key.signDigest(digest)).toHaveLength(64);
    deleteSoftHsmToken(doomed.label);
    await expect(key.signDigest(digest)).rejects.toBeInstanceOf(SignerUnavailableError);
    await expect(key.signDigest(digest)).rejects.toBeInstanceOf(SignerUnavailableError);
    // The library itself still serves the other token.
    const other = await openPkcs11Key(parsePkcs11Uri(token.uri('p256')), options);
    expect(await other.signDigest(digest)).toHaveLength(64);
  });
});
