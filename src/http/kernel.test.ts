import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { typedProblem } from '../errors/problem.js';
import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from './contractAddress.js';
import { kernel } from './kernel.js';
import { buildCollection, PAGINATION_QUERY_PROPERTIES, toPageRequest } from './pagination.js';
import { PROBLEM_RESPONSES } from './problemSchema.js';
import { toRequestId } from './requestId.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    genReqId: toRequestId,
    bodyLimit: 64,
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array' } },
  });
  await app.register(kernel, { rateLimit: 0 });
  app.get(
    '/v1/things',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...PAGINATION_QUERY_PROPERTIES, ...CONTRACT_ADDRESS_QUERY_PROPERTIES },
        },
        response: { ...PROBLEM_RESPONSES },
      },
    },
    async (request) => {
      const query = request.query as Record<string, number>;
      return buildCollection({
        url: 'http://x/v1/things',
        page: toPageRequest(query),
        total: 3,
        items: [],
      });
    },
  );
  app.get('/v1/things/:id', { schema: { response: PROBLEM_RESPONSES } }, async () => {
    throw typedProblem('not-found', 'Thing "x" is not registered', { title: 'Thing Not Found' });
  });
  app.post('/v1/things', async (request) => request.body);
  app.get('/v1/broken', async () => {
    throw new Error('secret internal detail');
  });
  app.get(
    '/v1/documents',
    { config: { produces: ['application/did+ld+json', 'application/did+json'] } },
    async (request) => ({ type: request.responseType }),
  );
  await app.ready();
});

afterAll(() => app.close());

describe('problem details', () => {
  test('error: unknown route is 404 about:blank', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No resource is served at /v1/nothing',
    });
  });

  test('error: a catalogued problem keeps its slug and special title', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/things/x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Thing Not Found',
      status: 404,
      detail: 'Thing "x" is not registered',
    });
  });

  test('error: an unexpected failure is 500 internal-error without its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json()).toEqual({
      type: 'urn:core:problems:internal-error',
      title: 'Internal Server Error',
      status: 500,
      detail: 'The server encountered an internal error',
    });
  });

  test('error: malformed JSON body is 400 about:blank', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/things',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request body is not valid JSON',
    });
  });

  test('error: body over the size limit is 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(100) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ type: 'about:blank', title: 'Content Too Large' });
  });

  test('error: unsupported body media type is 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/things',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ type: 'about:blank', title: 'Unsupported Media Type' });
  });
});

describe('405 from the route table', () => {
  test('error: wrong method on a GET route names GET and HEAD', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/v1/things/abc' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
      detail: 'The method DELETE is not allowed on this resource',
    });
  });

  test('error: a path served by several methods lists them all', async () => {
    const response = await app.inject({ method: 'PUT', url: '/v1/things' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('406 from the route produces', () => {
  test('error: unsatisfiable Accept', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/things',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Acceptable',
      status: 406,
      detail: 'The "Accept" header allows none of the available media types: application/json',
    });
  });

  test.each([
    [undefined, 'application/did+ld+json'],
    ['*/*', 'application/did+ld+json'],
    ['application/did+json', 'application/did+json'],
    ['application/did+json;q=0.5, application/did+ld+json', 'application/did+ld+json'],
  ])('behavior: Accept %s negotiates %s', async (accept, type) => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/documents',
      headers: accept ? { accept } : {},
    });
    expect(response.json()).toEqual({ type });
  });

  test('behavior: wildcards and q-values are honoured', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/v1/things',
      headers: { accept: 'text/html, application/*;q=0.2' },
    });
    expect(ok.statusCode).toBe(200);
    const refused = await app.inject({
      method: 'GET',
      url: '/v1/things',
      headers: { accept: 'application/json;q=0' },
    });
    expect(refused.statusCode).toBe(406);
  });
});

describe('HEAD', () => {
  test('default: every GET answers HEAD without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/v1/things' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  test('error: HEAD errors carry no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/v1/things?page[size]=0' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('');
  });
});

describe('parameter validation', () => {
  async function problem(query: string) {
    const response = await app.inject({ method: 'GET', url: `/v1/things?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    return response.json();
  }

  test('error: page[size] above 50', async () => {
    expect(await problem('page[size]=51')).toEqual({
      type: 'urn:core:problems:validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request failed validation',
      errors: [
        {
          parameter: 'page[size]',
          detail: 'Parameter "page[size]" must be less than or equal to 50',
        },
      ],
    });
  });

  test.each([
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['page[after]=abc', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['page[after]=0', 'page[after]', 'Parameter "page[after]" must be greater than or equal to 1'],
    ['page[size]=2.5', 'page[size]', 'Parameter "page[size]" must be an integer'],
    ['page[size]=0', 'page[size]', 'Parameter "page[size]" must be greater than or equal to 1'],
    ['page[size]=1&page[size]=2', 'page[size]', 'Parameter "page[size]" must be an integer'],
    ['colour=red', 'colour', 'Parameter "colour" is not supported'],
    [
      'contractAddress=0x12',
      'contractAddress',
      'Parameter "contractAddress" must match ^0x[0-9a-fA-F]{40}$',
    ],
  ])('error: %s', async (query, parameter, detail) => {
    expect((await problem(query)).errors).toEqual([{ parameter, detail }]);
  });

  test('behavior: every issue is reported', async () => {
    const body = await problem('page[size]=100&page[after]=x&extra=1');
    expect(body.errors).toEqual([
      { parameter: 'extra', detail: 'Parameter "extra" is not supported' },
      { parameter: 'page[after]', detail: 'Parameter "page[after]" must be an integer' },
      {
        parameter: 'page[size]',
        detail: 'Parameter "page[size]" must be less than or equal to 50',
      },
    ]);
  });

  test('default: valid parameters pass', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/things?page[after]=2&page[size]=1&contractAddress=0x00000000000000000000000000000000000000aA',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().self).toBe('http://x/v1/things?page[after]=2&page[size]=1');
  });
});

describe('request ids and CORS', () => {
  test('default: a request id is generated and returned', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/things' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('behavior: a safe caller id is reused, an unsafe one replaced', async () => {
    const reused = await app.inject({
      method: 'GET',
      url: '/v1/things',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(reused.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({
      method: 'GET',
      url: '/v1/nothing',
      headers: { 'x-request-id': 'bad id\r\nx' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('behavior: CORS headers and preflight', async () => {
    const simple = await app.inject({
      method: 'GET',
      url: '/v1/things',
      headers: { origin: 'https://wallet.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBe('*');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/things',
      headers: {
        origin: 'https://wallet.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  });
});
