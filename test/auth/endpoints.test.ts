import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jwkThumbprint } from '../../src/identity/jwk.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

describe('GET /v1/auth/.well-known/openid-configuration', () => {
  test('default: the discovery document of SPEC §2.4', async () => {
    const { status, body } = await getJson(node.url, '/v1/auth/.well-known/openid-configuration');
    expect(status).toBe(200);
    const issuer = `${node.url}/v1/auth`;
    expect(body).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      dcql_query_endpoint: `${issuer}/dcql-queries`,
      id_token_signing_alg_values_supported: ['ES256'],
      id_token_types_supported: ['attester_signed_id_token'],
      grant_types_supported: ['vp_token'],
    });
    // Every member, none dropped by the response schema's serialiser.
    expect(Object.keys(body as object)).toEqual([
      'issuer',
      'token_endpoint',
      'jwks_uri',
      'dcql_query_endpoint',
      'scopes_supported',
      'grant_types_supported',
      'response_types_supported',
      'token_endpoint_auth_methods_supported',
      'subject_types_supported',
      'subject_syntax_types_supported',
      'id_token_signing_alg_values_supported',
      'id_token_types_supported',
      'vp_formats_supported',
    ]);
    expect(body).toMatchObject({
      vp_formats_supported: {
        jwt_vc_json: { alg_values_supported: ['ES256', 'ES256K'], alg_values: ['ES256', 'ES256K'] },
      },
    });
    expect(body).not.toHaveProperty('authorization_endpoint');
    expect(body).not.toHaveProperty('presentation_definition_endpoint');
    expect((body as { scopes_supported: string[] }).scopes_supported).toContain(
      'track-and-trace:authorise',
    );
  });
});

describe('GET /v1/auth/jwks', () => {
  test('default: one ES256 key whose kid is its RFC 7638 thumbprint', async () => {
    const { status, headers, body } = await getJson(node.url, '/v1/auth/jwks');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/jwk-set+json; charset=utf-8');
    const [key] = (
      body as { keys: { kty: 'EC'; crv: 'P-256'; x: string; y: string; kid: string }[] }
    ).keys;
    expect(key).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.any(String),
      alg: 'ES256',
      use: 'sig',
    });
    expect(key?.kid).toBe(await jwkThumbprint(key as never));
  });
});

describe('GET /v1/auth/dcql-queries', () => {
  test('default: the DCQL document of a scope', async () => {
    const { status, body } = await getJson(
      node.url,
      '/v1/auth/dcql-queries?scope=openid%20did-registry:invite',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      scope: 'openid did-registry:invite',
      dcql_query: {
        credentials: [
          {
            id: 'onboarding',
            format: 'jwt_vc_json',
            meta: { type_values: [['VerifiableAuthorisationToOnboard']] },
          },
        ],
      },
      client_metadata: {
        vp_formats_supported: {
          jwt_vc_json: { alg_values_supported: ['ES256K'], alg_values: ['ES256K'] },
        },
      },
    });
  });

  test('args: an addressed ledger:invoke scope asks for the contract address claim', async () => {
    const address = node.environment.registries.timestamp;
    const scope = `openid ledger:invoke:${address}`;
    const { status, body } = await getJson(
      node.url,
      `/v1/auth/dcql-queries?scope=${encodeURIComponent(scope)}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      scope,
      dcql_query: {
        credentials: [
          {
            id: 'invoke_authorisation',
            format: 'jwt_vc_json',
            meta: { type_values: [['VerifiableAuthorisationToInvoke']] },
            claims: [
              { path: ['credentialSubject', 'id'] },
              { path: ['credentialSubject', 'contractAddress'], values: [address] },
            ],
          },
        ],
      },
      client_metadata: {
        vp_formats_supported: {
          jwt_vc_json: {
            alg_values_supported: ['ES256', 'ES256K'],
            alg_values: ['ES256', 'ES256K'],
          },
        },
      },
    });
  });

  test.each([
    ['', 'Parameter "scope" is required'],
    [
      '?scope=openid%20tir_write',
      'The scope "tir_write" is no longer supported: use the colon forms of SPEC §5.2',
    ],
    ['?scope=timestamp:write', '"scope" must start with "openid"'],
    [
      '?scope=openid%20did-registry:invite%20timestamp:write',
      'The scope "did-registry:invite" must be requested alone',
    ],
  ])('error: %s', async (query, detail) => {
    const { status, body } = await getJson(node.url, `/v1/auth/dcql-queries${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [{ parameter: 'scope', detail }],
    });
  });

  test('error: the removed presentation-definitions route is 404', async () => {
    expect(
      (await getJson(node.url, '/v1/auth/presentation-definitions?scope=openid%20timestamp:write'))
        .status,
    ).toBe(404);
  });
});
