import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DISCOVERY_DOCUMENT, JWKS, TOKEN_RESPONSE } from '../../src/auth/schemas.js';
import {
  type AccessTokenKeys,
  type AuthorizationServerMetadata,
  type ContractInstance,
  type ContractList,
  type DidDocument,
  type DidList,
  type HashAlgorithmList,
  type InstanceDetails,
  type Issuer,
  type IssuerList,
  type Policy,
  type PolicyList,
  type Problem,
  requestToken,
  type Template,
  type TemplateList,
  type TimestampList,
  type TntAccessList,
  type TntDocumentList,
  type TokenResponse,
} from '../../src/client/index.js';
import { PROBLEM_SCHEMA } from '../../src/http/problemSchema.js';
import { detailsResponse } from '../../src/registries/common/schemas.js';
import * as contracts from '../../src/registries/contracts-registry/schemas.js';
import * as dids from '../../src/registries/did-registry/schemas.js';
import * as issuers from '../../src/registries/issuers-registry/schemas.js';
import * as policies from '../../src/registries/policies-registry/schemas.js';
import * as timestamp from '../../src/registries/timestamp/schemas.js';
import * as tnt from '../../src/registries/track-and-trace/schemas.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { schemaMismatches } from '../support/schemaMismatches.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let holder: TestHolder;

beforeAll(async () => {
  [node, holder] = await Promise.all([startTestNode(), createHolder()]);
  const { chain } = await operatorOf(node);
  await registerHolder(chain, node.environment.registries['did-registry'], holder);
});
afterAll(() => node.close());

/** The type json-schema-to-ts derives from a schema (deferred until the schema is known). */
type Body<schema> = schema extends JSONSchema ? FromSchema<schema> : never;

/**
 * GETs `path` and checks the real body against the route's schema; the body is returned with the
 * type derived from that schema, which each test assigns to the SDK's exported type.
 */
async function read<const schema extends JSONSchema>(
  path: string,
  schema: schema,
  status = 200,
): Promise<Body<schema>> {
  // The SDK client's Accept: JSON, or the registry's own JSON media type (a DID document's).
  const response = await fetch(`${node.url}${path}`, {
    headers: { accept: 'application/json, application/*;q=0.5' },
  });
  const body: unknown = await response.json();
  expect(response.status).toBe(status);
  expect(schemaMismatches(schema as object, body)).toEqual([]);
  return body as never;
}

/** The first item's `href` as a path of this node. */
const firstHref = (page: { items: { href: string }[] }) =>
  new URL(page.items[0]?.href as string).pathname;

describe('REST response types', () => {
  test('default: DID Registry reads have the SDK types', async () => {
    const list: DidList = await read('/v1/did-registry/identifiers', dids.IDENTIFIER_LIST[200]);
    expect(list.items.map(({ did }) => did)).toContain(holder.did);
    const document: DidDocument = await read(
      `/v1/did-registry/identifiers/${holder.did}`,
      dids.DID_DOCUMENT[200].content[dids.DID_LD_JSON].schema,
    );
    expect(document.capabilityInvocation).toEqual([holder.kid]);
    expect(document.verificationMethod[0]?.publicKeyJwk.crv).toBe('secp256k1');
    const details: InstanceDetails<'policyRegistryContract'> = await read(
      '/v1/did-registry/details',
      detailsResponse(['policyRegistryContract'])[200],
    );
    expect(details.policyRegistryContract).toBe(node.environment.registries['policies-registry']);
  });

  test('default: Issuers, Policies and Timestamp reads have the SDK types', async () => {
    const issuerList: IssuerList = await read(
      '/v1/issuers-registry/issuers',
      issuers.ISSUER_LIST[200],
    );
    const issuer: Issuer = await read(firstHref(issuerList), issuers.ISSUER[200]);
    expect(issuer.did).toBe(issuerList.items[0]?.did);
    const policyList: PolicyList = await read(
      '/v1/policies-registry/policies',
      policies.POLICY_LIST[200],
    );
    const policy: Policy = await read(firstHref(policyList), policies.POLICY[200]);
    expect(policy.policyName).toBe(policyList.items[0]?.policyName);
    const algorithms: HashAlgorithmList = await read(
      '/v1/timestamp/hash-algorithms',
      timestamp.HASH_ALGORITHM_LIST[200],
    );
    expect(algorithms.items).toEqual([]);
    const timestamps: TimestampList = await read(
      '/v1/timestamp/timestamps',
      timestamp.TIMESTAMP_LIST[200],
    );
    expect(timestamps.total).toBe(0);
  });

  test('default: Track and Trace and Contracts Registry reads have the SDK types', async () => {
    const documents: TntDocumentList = await read(
      '/v1/track-and-trace/documents',
      tnt.DOCUMENT_LIST[200],
    );
    expect(documents.items).toEqual([]);
    const accesses: TntAccessList = await read(
      `/v1/track-and-trace/accesses?subject=${holder.did}`,
      tnt.ACCESS_LIST[200],
    );
    expect(accesses.pageSize).toBe(10);
    const instances: ContractList = await read(
      '/v1/contracts-registry/contracts',
      contracts.CONTRACT_LIST[200],
    );
    const instance: ContractInstance = await read(firstHref(instances), contracts.CONTRACT[200]);
    expect(instance.isActive).toBe(true);
    const templates: TemplateList = await read(
      '/v1/contracts-registry/templates',
      contracts.TEMPLATE_LIST[200],
    );
    const template: Template = await read(firstHref(templates), contracts.TEMPLATE[200]);
    expect(template.id).toBe(templates.items[0]?.id);
  });

  test('default: the authorisation service and Problem Details have the SDK types', async () => {
    const metadata: AuthorizationServerMetadata = await read(
      '/v1/auth/.well-known/openid-configuration',
      DISCOVERY_DOCUMENT,
    );
    expect(metadata.token_endpoint).toBe(`${node.url}/v1/auth/token`);
    const keys: AccessTokenKeys = await read('/v1/auth/jwks', JWKS);
    expect(keys.keys[0]?.alg).toBe('ES256');
    const problem: Problem = await read(
      '/v1/did-registry/identifiers/did:core:nope',
      PROBLEM_SCHEMA,
      400,
    );
    expect(problem.status).toBe(400);

    let body: unknown;
    await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write',
      holder,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).endsWith('/token')) body = await response.clone().json();
        return response;
      },
    });
    expect(schemaMismatches(TOKEN_RESPONSE, body)).toEqual([]);
    const token = body as TokenResponse;
    expect(token.token_type).toBe('Bearer');
  });
});
