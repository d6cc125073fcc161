import { generateKeyPairSync } from 'node:crypto';
import { stringToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { ProblemError } from '../../errors/problem.js';
import { createDidCoreV1 } from '../../identity/didCore.js';
import { toDidKey } from '../../identity/didKey.js';
import { toPublicJwk } from '../../identity/jwk.js';
import { type AccessesQuery, parseAccessesFilter } from './parseAccessesFilter.js';

function problemOf(query: AccessesQuery) {
  try {
    parseAccessesFilter(query);
  } catch (error) {
    if (error instanceof ProblemError) return error.body;
    throw error;
  }
  throw new Error('no problem');
}

describe('parseAccessesFilter', () => {
  const did = createDidCoreV1();

  test('default: a creator', () => {
    expect(parseAccessesFilter({ creator: did, 'page[size]': 5 })).toEqual({ creator: did });
  });

  test('args: a subject with its account bytes', () => {
    expect(parseAccessesFilter({ subject: did })).toEqual({
      subject: did,
      account: stringToHex(did),
    });
    const key = privateKeyToAccount(generatePrivateKey());
    const didKey = toDidKey(toPublicJwk(key.publicKey, 'secp256k1'));
    expect(parseAccessesFilter({ subject: didKey })).toEqual({
      subject: didKey,
      account: `0x${key.publicKey.slice(4)}`,
    });
  });

  test('args: a did:key no account can have is a subject without account bytes', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const p256 = toDidKey({ kty: 'EC', crv: 'P-256', x, y });
    expect(parseAccessesFilter({ subject: p256 })).toEqual({ subject: p256, account: undefined });
    const ed25519 = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    expect(parseAccessesFilter({ subject: ed25519 })).toEqual({
      subject: ed25519,
      account: undefined,
    });
  });

  test('error: neither filter', () => {
    expect(problemOf({})).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [
        {
          parameter: 'creator',
          detail: 'Parameter "creator" is required when "subject" is absent',
        },
        {
          parameter: 'subject',
          detail: 'Parameter "subject" is required when "creator" is absent',
        },
      ],
    });
  });

  test('error: both filters', () => {
    expect(problemOf({ creator: did, subject: did }).errors).toEqual([
      { parameter: 'creator', detail: 'Parameter "creator" cannot be combined with "subject"' },
      { parameter: 'subject', detail: 'Parameter "subject" cannot be combined with "creator"' },
    ]);
  });

  test.each(['did:web:example.com', 'did:core:zabc', 'did:key:z0OIl', 'did:key:'])(
    'error: a subject of another form: %s',
    (subject) => {
      expect(problemOf({ subject }).errors).toEqual([
        {
          parameter: 'subject',
          detail: 'Parameter "subject" must be a valid did:core v1, did:core v2 or did:key',
        },
      ]);
    },
  );
});
