import { DcqlQuery } from 'dcql';
import { describe, expect, test } from 'vitest';
import { buildDcqlDocument } from './dcqlQueries.js';
import { parseScope } from './scopes.js';

const doc = (scope: string) => buildDcqlDocument(parseScope(scope));

describe('buildDcqlDocument', () => {
  test('default: combinable scopes share one self_attestation query', () => {
    const document = doc('openid timestamp:write did-registry:write');
    expect(document).toEqual({
      scope: 'openid timestamp:write did-registry:write',
      dcql_query: {
        credentials: [
          {
            id: 'self_attestation',
            format: 'jwt_vc_json',
            meta: { type_values: [['SelfAttestation']] },
            claims: [{ path: ['credentialSubject', 'id'] }],
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
    expect(() => DcqlQuery.validate(DcqlQuery.parse(document.dcql_query))).not.toThrow();
  });

  test.each([
    ['openid did-registry:invite', 'onboarding', ['ES256K']],
    ['openid track-and-trace:authorise', 'self_attestation', ['ES256K']],
    ['openid issuers-registry:invite', 'accreditation', ['ES256', 'ES256K']],
    [
      'openid ledger:invoke:0x00000000000000000000000000000000000000aa',
      'invoke_authorisation',
      ['ES256', 'ES256K'],
    ],
    ['openid track-and-trace:write', 'self_attestation', ['ES256', 'ES256K']],
  ])('behavior: %s asks for %s with %j', (scope, id, algorithms) => {
    const document = doc(scope);
    expect(document.dcql_query.credentials[0]?.id).toBe(id);
    expect(document.client_metadata.vp_formats_supported.jwt_vc_json.alg_values_supported).toEqual(
      algorithms,
    );
    expect(() => DcqlQuery.validate(DcqlQuery.parse(document.dcql_query))).not.toThrow();
  });

  test('behavior: the accreditation query accepts three types, the invoke query names the contract', () => {
    expect(
      doc('openid issuers-registry:invite').dcql_query.credentials[0]?.meta.type_values,
    ).toEqual([
      ['VerifiableAccreditationToAccredit'],
      ['VerifiableAccreditationToAttest'],
      ['VerifiableAuthorisationForTrustChain'],
    ]);
    expect(
      doc('openid ledger:invoke:0x00000000000000000000000000000000000000aa').dcql_query
        .credentials[0]?.claims,
    ).toContainEqual({
      path: ['credentialSubject', 'contractAddress'],
      values: ['0x00000000000000000000000000000000000000AA'],
    });
  });

  test('behavior: an operator invoking a governance contract presents a self-attestation', () => {
    const safe = '0x00000000000000000000000000000000000000Aa';
    const [query] = buildDcqlDocument(parseScope(`openid ledger:invoke:${safe}`), [safe]).dcql_query
      .credentials;
    expect(query?.id).toBe('self_attestation');
    expect(query?.claims).toEqual([{ path: ['credentialSubject', 'id'] }]);
  });
});
