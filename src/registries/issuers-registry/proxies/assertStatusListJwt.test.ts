import { describe, expect, test } from 'vitest';
import type { ProblemError } from '../../../errors/problem.js';
import { assertStatusListJwt } from './assertStatusListJwt.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown, header: unknown = { alg: 'ES256', typ: 'JWT' }) =>
  `${b64(header)}.${b64(payload)}.c2ln`;
const V1 = 'https://www.w3.org/2018/credentials/v1';
const V2 = 'https://www.w3.org/ns/credentials/v2';
const credential = (context: string, type: string, subject: unknown = { encodedList: 'H4s' }) => ({
  '@context': [context],
  type: ['VerifiableCredential', type],
  credentialSubject: subject,
});

function detailOf(token: string): string | undefined {
  try {
    assertStatusListJwt(token);
    return undefined;
  } catch (error) {
    expect((error as ProblemError).body.type).toBe('urn:core:problems:upstream-error');
    return (error as ProblemError).body.detail;
  }
}

describe('assertStatusListJwt', () => {
  test.each([
    ['VCDM 1.1 StatusList2021', jwt({ vc: credential(V1, 'StatusList2021Credential') })],
    ['VCDM 1.1 Bitstring', jwt({ vc: credential(V1, 'BitstringStatusListCredential') })],
    ['VCDM 2.0 Bitstring', jwt(credential(V2, 'BitstringStatusListCredential'))],
  ])('default: %s', (_name, token) => {
    expect(detailOf(token)).toBeUndefined();
  });

  test.each([
    ['not a JWS', 'hello', 'something that is not a compact JWS'],
    ['no signature', `${b64({ alg: 'none' })}.${b64({})}.`, 'something that is not a compact JWS'],
    ['alg none', jwt({}, { alg: 'none' }), 'a JWS whose header is invalid'],
    [
      'payload not JSON',
      `${b64({ alg: 'ES256' })}.bm9wZQ.c2ln`,
      'a JWS whose payload is not a JSON object',
    ],
    [
      'vc with the v2 context',
      jwt({ vc: credential(V2, 'BitstringStatusListCredential') }),
      'a JWT that is not a verifiable credential',
    ],
    [
      'no context',
      jwt({ type: ['VerifiableCredential'] }),
      'a JWT that is not a verifiable credential',
    ],
    [
      'another credential type',
      jwt({ vc: credential(V1, 'VerifiableAttestation') }),
      'a credential that is neither a StatusList2021Credential nor a BitstringStatusListCredential',
    ],
    [
      'no encodedList',
      jwt({ vc: credential(V1, 'StatusList2021Credential', {}) }),
      'a status list credential without an "encodedList"',
    ],
  ])('error: %s', (_name, token, what) => {
    expect(detailOf(token)).toBe(`The proxy's upstream answered ${what}`);
  });
});
