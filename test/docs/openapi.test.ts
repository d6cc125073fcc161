import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../support/testNode.js';

type Media = Record<string, { schema?: Record<string, unknown> }>;
type Response = { description: string; content?: Media };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Media };
  responses: Record<string, Response>;
};
type Document = {
  info: { license?: { name: string; identifier?: string } };
  security?: unknown[];
  components: { securitySchemes?: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, Operation>>;
};

let node: TestNode;
let source: string;
let document: Document;
beforeAll(async () => {
  node = await startTestNode();
  const response = await fetch(`${node.url}/v1/openapi.json`);
  source = await response.text();
  document = JSON.parse(source) as Document;
});
afterAll(() => node.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
const operation = (method: string, path: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const mediaTypes = (response: Response | undefined) => Object.keys(response?.content ?? {});

describe('GET /v1/openapi.json', () => {
  /** Redocly's `recommended` ruleset over the document as served; one line per problem. */
  async function lint(severity: 'error' | 'warn'): Promise<string[]> {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    return problems
      .filter((problem) => problem.severity === severity)
      .map(({ ruleId, message, location }) => `${ruleId} at ${location[0]?.pointer}: ${message}`);
  }

  test('default: no error under Redocly’s recommended ruleset', async () => {
    expect(await lint('error')).toEqual([]);
  });

  test('behavior: no warning either', async () => {
    expect(await lint('warn')).toEqual([]);
  });

  test('behavior: every operation has a unique camelCase operationId made from method and path', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('get', '/v1/did-registry/identifiers/{did}').operationId).toBe(
      'getDidRegistryIdentifiersByDid',
    );
    expect(operation('post', '/v1/auth/token').operationId).toBe('postAuthToken');
  });

  test('behavior: the licence is the project’s', () => {
    const { license } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { license: string };
    expect(document.info.license).toEqual({ name: license, identifier: license });
  });

  test('behavior: reads are public, the ledger endpoint takes an optional Bearer token', () => {
    expect(document.security).toEqual([]);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const secured = operations().filter(({ operation }) => operation.security !== undefined);
    expect(secured.map(({ method, path }) => `${method} ${path}`)).toEqual(['post /v1/ledger']);
    expect(operation('post', '/v1/ledger').security).toEqual([{}, { bearerAuth: [] }]);
  });

  test('behavior: errors are documented in the media types the node sends', () => {
    for (const { method, path, operation } of operations()) {
      const errors = Object.entries(operation.responses).filter(([status]) => !/^2/.test(status));
      for (const [status, response] of errors) {
        const where = `${method} ${path} ${status}`;
        if (method === 'head') expect(mediaTypes(response), where).toEqual([]);
        else if (path === '/v1/auth/token') {
          expect(mediaTypes(response), where).toEqual(['application/json']);
        } else if (path === '/v1/ledger' && (status === '400' || status === '429')) {
          expect(mediaTypes(response), where).toEqual(['application/json']);
        } else expect(mediaTypes(response), where).toEqual(['application/problem+json']);
      }
    }
    expect(Object.keys(operation('post', '/v1/auth/token').responses)).toEqual([
      '200',
      '400',
      '429',
    ]);
    expect(Object.keys(operation('post', '/v1/ledger').responses)).toEqual([
      '200',
      '204',
      '400',
      '429',
      '4XX',
      '5XX',
    ]);
  });

  test('behavior: the token request is documented in both encodings, with its response', () => {
    const token = operation('post', '/v1/auth/token');
    const content = token.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    for (const [type, { schema }] of Object.entries(content)) {
      expect(schema?.required, type).toEqual(['grant_type', 'scope', 'vp_token']);
      const properties = (schema?.properties ?? {}) as Record<string, { type: string }>;
      expect(properties.vp_token?.type, type).toBe(
        type === 'application/json' ? 'object' : 'string',
      );
    }
    expect(token.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      required: ['access_token', 'token_type', 'expires_in', 'scope'],
    });
  });

  test('behavior: discovery, JWKS and DCQL queries document their 2xx response', () => {
    for (const path of [
      '/v1/auth/.well-known/openid-configuration',
      '/v1/auth/jwks',
      '/v1/auth/dcql-queries',
    ]) {
      const ok = operation('get', path).responses['200'];
      expect(ok?.content?.['application/json']?.schema, path).toMatchObject({ type: 'object' });
    }
    expect(mediaTypes(operation('get', '/v1/auth/jwks').responses['200'])).toEqual([
      'application/jwk-set+json',
      'application/json',
    ]);
  });

  test('behavior: HEAD /accesses is documented; the proxy path has a {path} parameter', () => {
    expect(operation('head', '/v1/track-and-trace/accesses').responses['200']).toBeDefined();
    expect(Object.keys(document.paths).filter((path) => path.includes('{*}'))).toEqual([]);
    const resolve = operation('get', '/v1/issuers-registry/issuers/{did}/proxies/{proxyId}/{path}');
    expect(
      resolve.parameters?.filter((parameter) => parameter.in === 'path').map(({ name }) => name),
    ).toEqual(['did', 'proxyId', 'path']);
    expect(mediaTypes(resolve.responses['200'])).toEqual(['application/jwt', 'text/plain']);
  });
});
