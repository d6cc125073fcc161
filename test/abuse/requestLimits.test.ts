import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import { getRaw as getUrl, sendRaw as sendBytes } from '../support/rawHttp.js';
import { postLedger, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
const HASH = `0x${'ab'.repeat(32)}`;
/** JUMPDEST PUSH1 0 JUMP: loops until the gas runs out. */
const INFINITE_LOOP = { data: '0x5b600056' };

const entry = (id: number, method: string, params: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const getRaw = (path: string) => getUrl(`${node.url}${path}`);
const sendRaw = (bytes: string) => sendBytes(node.url, bytes);
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

beforeAll(async () => {
  node = await startTestNode({
    env: { CORE_RPC_GAS_CAP: '30000000', CORE_RPC_BATCH_GAS: '90000000' },
  });
});
afterAll(() => node.close());

describe('numbers that overflow', () => {
  test.each([
    ['/v1/timestamp/hash-algorithms?page[after]=1e309', 'page[after]'],
    [`/v1/timestamp/hash-algorithms?page[size]=${'9'.repeat(309)}`, 'page[size]'],
    ['/v1/timestamp/hash-algorithms/Infinity', 'id'],
    ['/v1/timestamp/hash-algorithms/-Infinity', 'id'],
    ['/v1/timestamp/hash-algorithms/1e309', 'id'],
    [`/v1/timestamp/records/${HASH}/versions/Infinity`, 'versionId'],
  ])('error: %s is a validation error on %s', async (path, parameter) => {
    const response = await getRaw(path);
    expect(response.status).toBe(400);
    expect(response.type).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [{ parameter }],
    });
  });

  test('error: a page number past the largest safe integer', async () => {
    const response = await getRaw('/v1/timestamp/hash-algorithms?page[after]=1e20');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ parameter: 'page[after]' }] });
  });
});

describe('errors the HTTP server raises itself', () => {
  test('error: a URL that does not decode is Problem Details, in our words', async () => {
    const response = await getRaw('/v1/did-registry/identifiers/%FF%FE');
    expect(response).toEqual({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request URL is malformed',
      },
    });
  });

  test('error: a path segment over the limit is 414 Problem Details', async () => {
    const response = await getRaw(`/v1/did-registry/identifiers/${'a'.repeat(1200)}`);
    expect(response.status).toBe(414);
    expect(response.body).toMatchObject({ title: 'URI Too Long', status: 414 });
  });

  test('error: headers over the limit are 431 Problem Details', async () => {
    const response = await sendRaw(
      `GET /v1/timestamp/hash-algorithms HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.head).toContain('content-type: application/problem+json');
    expect(response.body).toEqual({
      type: 'about:blank',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: 'The request headers are too large',
    });
  });

  test('error: on the token endpoint, headers over the limit are an OAuth error', async () => {
    const response = await sendRaw(
      `POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    expect(response.head).toContain('cache-control: no-store');
    expect(response.body).toEqual({
      error: 'invalid_request',
      error_description: 'The request headers are too large',
    });
  });

  test('error: a request line the parser refuses is Problem Details', async () => {
    const response = await sendRaw('GARBAGE\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is malformed',
    });
  });

  test('error: a token request in JSON that does not parse is an OAuth error', async () => {
    const response = await fetch(`${node.url}/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request body is not valid JSON',
    });
  });
});

describe('POST /v1/ledger: bounded entries', () => {
  test('behavior: an entry nested too deep fails alone; the rest of the batch is answered', async () => {
    const response = await postLedger(
      node.url,
      JSON.stringify([entry(1, 'eth_chainId', []), entry(2, 'eth_call', nested(200))]),
    );
    expect(response.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7ea' },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32602, message: 'Invalid params: they nest deeper than 16 levels' },
      },
    ]);
  });

  test('error: a single request nested 5,000 deep', async () => {
    const params = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await postLedger(
      node.url,
      `{"jsonrpc":"2.0","id":7,"method":"eth_call","params":${params}}`,
    );
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Invalid params: they nest deeper than 16 levels' },
    });
  });

  test('behavior: an access list (the deepest Ethereum params) passes', async () => {
    const call = {
      to: node.environment.contractsRegistry,
      data: '0x',
      accessList: [{ address: node.environment.contractsRegistry, storageKeys: [HASH] }],
    };
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_call', [call, 'latest'])),
    );
    expect(response.json).toMatchObject({ jsonrpc: '2.0', id: 1 });
    expect(response.json).not.toHaveProperty('error.code', -32602);
  });

  test('behavior: the ledger client answers each call of a batch the ledger refuses whole', async () => {
    const ledger = createLedgerClient({ url: node.ledger.url });
    try {
      const outcomes = await ledger.send([
        { method: 'eth_chainId', params: [] },
        { method: 'eth_call', params: nested(300) as unknown[] },
      ]);
      expect(outcomes[0]).toEqual({ result: '0x7ea' });
      expect(outcomes[1]).toHaveProperty('error.code');
    } finally {
      await ledger.close();
    }
  });
});

describe('POST /v1/ledger: parameters the ledger does not survive', () => {
  test('error: an eth_feeHistory block count past 2^64 (anvil panics on it) never reaches the ledger', async () => {
    const count = '0x8E4579458A597e60ca8097F14878Ecfb788565e5';
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_feeHistory', [count, 'latest', []])),
    );
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Invalid params: the block count must be a quantity from 1 to 1024',
      },
    });
    const chainId = await postLedger(node.url, JSON.stringify(entry(2, 'eth_chainId', [])));
    expect(chainId.json).toEqual({ jsonrpc: '2.0', id: 2, result: '0x7ea' });
  });

  test('behavior: an ordinary eth_feeHistory is answered', async () => {
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_feeHistory', ['0x4', 'latest', [25, 75]])),
    );
    expect(response.json).toHaveProperty('result.oldestBlock');
  });

  test('error: reward percentiles out of order', async () => {
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_feeHistory', ['0x4', 'latest', [75, 25]])),
    );
    expect(response.json).toHaveProperty('error.code', -32602);
  });
});

describe('POST /v1/ledger: gas cap', () => {
  test('behavior: an endless loop stops at the gas cap, not the block gas limit', async () => {
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_estimateGas', [{ ...INFINITE_LOOP, gas: '0x3b9aca00' }])),
    );
    const { error } = response.json as { error: { code: number; message: string } };
    expect(error.message).toMatch(/30000000|out of gas|OutOfGas/i);
    expect(error.message).not.toMatch(/unavailable/);
  });

  test('behavior: the calls of one batch share a gas budget; entries past it get -32005', async () => {
    const batch = Array.from({ length: 5 }, (_, i) =>
      entry(i, 'eth_call', [INFINITE_LOOP, 'latest']),
    );
    const answers = (await postLedger(node.url, JSON.stringify(batch))).json as {
      id: number;
      error: { code: number; message: string };
    }[];
    const limited = answers.filter((answer) => answer.error.code === -32005).map((a) => a.id);
    expect(limited).toEqual([3, 4]);
    for (const answer of answers.slice(0, 3)) expect(answer.error.message).toMatch(/OutOfGas/i);
    expect(answers[3]?.error.message).toContain('at most 90000000 gas together');
  });

  test('behavior: calls that name a small gas fit many to a batch', async () => {
    const batch = Array.from({ length: 20 }, (_, i) =>
      entry(i, 'eth_call', [{ ...INFINITE_LOOP, gas: '0x30d40' }, 'latest']),
    );
    const answers = (await postLedger(node.url, JSON.stringify(batch))).json as {
      error: { code: number };
    }[];
    expect(answers.filter((answer) => answer.error.code === -32005)).toHaveLength(0);
  });

  test('error: a gas that is no hex quantity', async () => {
    const response = await postLedger(
      node.url,
      JSON.stringify(entry(1, 'eth_call', [{ ...INFINITE_LOOP, gas: 'lots' }, 'latest'])),
    );
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params: "gas" must be a hex quantity' },
    });
  });
});

describe('rate limit', () => {
  let limited: TestNode;
  beforeAll(async () => {
    limited = await startTestNode({ env: { CORE_RATE_LIMIT: '3' } });
  });
  afterAll(() => limited.close());

  test("behavior: past its share a client gets 429 with Retry-After, in each route's shape", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${limited.url}/v1/timestamp/hash-algorithms`)).status).toBe(200);
    }
    const rest = await fetch(`${limited.url}/v1/timestamp/hash-algorithms`);
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rest.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await rest.json()).toMatchObject({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
    });

    const rpc = await postLedger(limited.url, JSON.stringify(entry(1, 'eth_chainId', [])));
    expect(rpc.status).toBe(429);
    expect(rpc.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32005 } });

    const token = await fetch(`${limited.url}/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=vp_token',
    });
    expect(token.status).toBe(429);
    expect(Number(token.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await token.json()).toMatchObject({ error: 'invalid_request' });
  });
});
