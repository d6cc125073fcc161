import { describe, expect, test } from 'vitest';
import { toSecp256k1PrivateJwk } from '../../identity/jwk.js';
import { signJwt } from '../signJwt.js';
import { checkShape } from './checkShape.js';

const KEY = toSecp256k1PrivateJwk(`0x${'11'.repeat(32)}`);
const ISSUER = 'did:core:zIssuer';

function credential(
  vc: Record<string, unknown> = {},
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
) {
  return signJwt(
    { typ: 'JWT', kid: `${ISSUER}#key-1`, ...header },
    {
      iss: ISSUER,
      sub: 'did:core:zSubject',
      iat: 1_800_000_000,
      ...claims,
      vc: {
        '@context': ['https://www.w3.org/2018/credentials/v1'],
        type: ['VerifiableCredential', 'UniversityDegree'],
        issuer: ISSUER,
        issuanceDate: '2027-01-15T08:00:00Z',
        credentialSubject: { id: 'did:core:zSubject' },
        ...vc,
      },
    },
    KEY,
  );
}

describe('checkShape', () => {
  test('default: a JWT VC in the wire format passes and is parsed', () => {
    const { check, vc } = checkShape(credential({ credentialSchema: { id: 'zSchema' } }));
    expect(check).toEqual({
      id: 'shape',
      verdict: 'pass',
      detail: `A VCDM 1.1 JWT credential of type UniversityDegree issued by ${ISSUER}`,
    });
    expect(vc).toMatchObject({
      alg: 'ES256K',
      kid: `${ISSUER}#key-1`,
      issuer: ISSUER,
      types: ['UniversityDegree'],
      iat: 1_800_000_000,
      nbf: undefined,
      exp: undefined,
      schemas: [{ id: 'zSchema' }],
      status: undefined,
    });
  });

  test.each([
    ['not.a.jwt', 'The credential header is not base64url-encoded JSON'],
    [credential({}, {}, { typ: 'vc+jwt' }), 'The credential "typ" must be "JWT"'],
    [credential({}, { iss: 'did:core:zX/../../schemas' }), 'The credential "iss" must be a DID'],
    [
      credential({}, {}, { kid: 'did:core:zOther#key-1' }),
      `The credential "kid" must be a key of its issuer ("${ISSUER}#…")`,
    ],
    [
      credential({ '@context': ['https://www.w3.org/ns/credentials/v2'] }),
      'The credential "@context" must start with "https://www.w3.org/2018/credentials/v1"',
    ],
    [
      credential({ type: ['VerifiableCredential'] }),
      'The credential "type" must hold "VerifiableCredential" and its own type',
    ],
    [credential({ issuer: 'did:core:zOther' }), 'The credential "iss" must equal its "vc.issuer"'],
    [
      credential({ credentialSubject: { id: 'did:core:zOther' } }),
      'The credential "sub" must equal its "credentialSubject.id"',
    ],
    [
      credential({ issuanceDate: 'yesterday' }),
      'The credential "issuanceDate" must be a date-time',
    ],
    [credential({}, { exp: '2030' }), 'The credential "exp" must be a NumericDate (whole seconds)'],
    [
      credential({ credentialSchema: [{ type: 'JsonSchema' }] }),
      'The credential "credentialSchema" must be objects with an "id"',
    ],
    [
      credential({ credentialStatus: 'revoked' }),
      'The credential "credentialStatus" must be an object',
    ],
  ])('error: %#', (token, detail) => {
    expect(checkShape(token)).toEqual({ check: { id: 'shape', verdict: 'fail', detail } });
  });
});
