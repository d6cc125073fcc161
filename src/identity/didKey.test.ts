import { generateKeyPairSync } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import {
  isDidKey,
  isDidKeyForm,
  MAX_DID_KEY_FORM_LENGTH,
  toDidKey,
  toDidKeyJwk,
  toJcsPublicJwk,
} from './didKey.js';
import { type PublicEcJwk, toPublicJwk } from './jwk.js';

/** A did:key seen in EBSI conformance material, with the P-256 JWK it carries. */
const EBSI_DID_KEY =
  'did:key:z2dmzD81cgPx8Vki7JbuuMmFYrWPgYoytykUZ3eyqht1j9KbsEYvdrjxMjQ4tpnje9BDBTzuNDP3knn6qLZErzd4bJ5go2CChoPjd5GAH3zpFJP5fuwSk66U5Pq6EhF4nKnHzDnznEP8fX99nZGgwbAh1o7Gj1X52Tdhf7U4KTk66xsA5r';
const EBSI_JWK: PublicEcJwk = {
  kty: 'EC',
  crv: 'P-256',
  x: 'ngy44T1vxAT6Di4nr-UaM9K3Tlnz9pkoksDokKFkmNc',
  y: 'QCRfOKlSM31GTkb4JHx3nXB4G_jSPMsbdjzlkT_UpPc',
};

const secp256k1Jwk = () =>
  toPublicJwk(privateKeyToAccount(generatePrivateKey()).publicKey, 'secp256k1');
/** A did:key over arbitrary key text, for malformed cases. */
const didKeyOf = (text: string, prefix = [0xd1, 0xd6, 0x03]) =>
  `did:key:${base58btc.encode(new Uint8Array([...prefix, ...new TextEncoder().encode(text)]))}`;

describe('toJcsPublicJwk', () => {
  test('default: members sorted by name, no whitespace', () => {
    const { kty, crv, x, y } = EBSI_JWK;
    expect(toJcsPublicJwk({ y, x, kty, crv } as PublicEcJwk)).toBe(
      `{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`,
    );
  });
});

describe('toDidKey', () => {
  test('default: a known EBSI did:key (jwk_jcs-pub, P-256)', () => {
    expect(toDidKey(EBSI_JWK)).toBe(EBSI_DID_KEY);
  });

  test('behavior: the multicodec prefix is varint(0xeb51) and the payload is the JCS text', () => {
    const jwk = secp256k1Jwk();
    const bytes = base58btc.decode(toDidKey(jwk).slice('did:key:'.length));
    expect([...bytes.subarray(0, 3)]).toEqual([0xd1, 0xd6, 0x03]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(toJcsPublicJwk(jwk));
  });
});

describe('toDidKeyJwk', () => {
  test('default: round-trips secp256k1 and P-256 keys', () => {
    const jwk = secp256k1Jwk();
    expect(toDidKeyJwk(toDidKey(jwk))).toEqual(jwk);
    expect(toDidKeyJwk(EBSI_DID_KEY)).toEqual(EBSI_JWK);
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const p256: PublicEcJwk = { kty: 'EC', crv: 'P-256', x, y };
    expect(toDidKeyJwk(toDidKey(p256))).toEqual(p256);
    expect(isDidKey(toDidKey(p256))).toBe(true);
  });

  const { x, y } = EBSI_JWK;
  test.each([
    ['another method', 'did:core:zYcVfxkQb6JRzqk5kF2tNLw'],
    ['no multibase z', EBSI_DID_KEY.replace('did:key:z', 'did:key:m')],
    ['not base58btc', 'did:key:z0OIl'],
    ['a DID URL', `${EBSI_DID_KEY}#key-1`],
    ['too long', `did:key:z${'2'.repeat(600)}`],
    ['another multicodec', didKeyOf(toJcsPublicJwk(EBSI_JWK), [0xe7, 0x01])],
    ['not JSON', didKeyOf('{"crv":')],
    ['not an object', didKeyOf('["EC"]')],
    ['non-canonical member order', didKeyOf(`{"kty":"EC","crv":"P-256","x":"${x}","y":"${y}"}`)],
    ['whitespace', didKeyOf(`{"crv": "P-256","kty":"EC","x":"${x}","y":"${y}"}`)],
    ['an extra member', didKeyOf(`{"alg":"ES256","crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`)],
    ['a private key', didKeyOf(`{"crv":"P-256","d":"${x}","kty":"EC","x":"${x}","y":"${y}"}`)],
    ['another curve', didKeyOf(`{"crv":"P-384","kty":"EC","x":"${x}","y":"${y}"}`)],
    ['another key type', didKeyOf(`{"crv":"P-256","kty":"OKP","x":"${x}","y":"${y}"}`)],
    ['a short coordinate', didKeyOf(`{"crv":"P-256","kty":"EC","x":"${x.slice(1)}","y":"${y}"}`)],
    ['a padded coordinate', didKeyOf(`{"crv":"P-256","kty":"EC","x":"${x}=","y":"${y}"}`)],
    [
      'a non-canonical coordinate',
      didKeyOf(`{"crv":"P-256","kty":"EC","x":"${x.slice(0, 42)}d","y":"${y}"}`),
    ],
  ])('error: %s is not a did:key', (_, did) => {
    expect(toDidKeyJwk(did)).toBeUndefined();
    expect(isDidKey(did)).toBe(false);
  });
});

describe('isDidKeyForm', () => {
  test('default: every did:key, whatever its key', () => {
    expect(isDidKeyForm(EBSI_DID_KEY)).toBe(true);
    expect(isDidKeyForm(toDidKey(secp256k1Jwk()))).toBe(true);
    // The W3C did:key specification's Ed25519 example, which isDidKey does not decode.
    const ed25519 = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    expect(isDidKeyForm(ed25519)).toBe(true);
    expect(isDidKey(ed25519)).toBe(false);
  });

  test('args: the longest accepted', () => {
    const longest = `did:key:z${'2'.repeat(MAX_DID_KEY_FORM_LENGTH - 'did:key:z'.length)}`;
    expect(isDidKeyForm(longest)).toBe(true);
    expect(isDidKeyForm(`${longest}2`)).toBe(false);
  });

  test.each([
    ['another method', 'did:core:zYcVfxkQb6JRzqk5kF2tNLw'],
    ['no multibase value', 'did:key:'],
    ['another multibase', EBSI_DID_KEY.replace('did:key:z', 'did:key:m')],
    ['not base58btc', 'did:key:z0OIl'],
    ['a DID URL', `${EBSI_DID_KEY}#key-1`],
    ['upper-case method', EBSI_DID_KEY.replace('did:key', 'did:KEY')],
  ])('error: %s', (_, did) => {
    expect(isDidKeyForm(did)).toBe(false);
  });
});
