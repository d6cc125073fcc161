import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postLedger, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
const call = (method: string, params: unknown[] = [], id: number | string = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

async function direct(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(node.ledger.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: call(method, params),
  });
  return ((await response.json()) as { result: unknown }).result;
}

describe('POST /v1/ledger: forwarding', () => {
  test('default: eth_chainId is the embedded chain (2026)', async () => {
    const response = await postLedger(node.url, call('eth_chainId'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.text).toBe('{"jsonrpc":"2.0","id":1,"result":"0x7ea"}');
  });

  test('behavior: the client id is echoed, strings included', async () => {
    const response = await postLedger(node.url, call('net_version', [], 'abc'));
    expect(response.json).toEqual({ jsonrpc: '2.0', id: 'abc', result: '2026' });
  });

  test('behavior: results equal the ledger node answered directly', async () => {
    const block = (await postLedger(node.url, call('eth_getBlockByNumber', ['0x0', false])))
      .json as { result: unknown };
    expect(block.result).toEqual(await direct('eth_getBlockByNumber', ['0x0', false]));
    const version = (await postLedger(node.url, call('web3_clientVersion'))).json as {
      result: unknown;
    };
    expect(version.result).toEqual(await direct('web3_clientVersion'));
  });

  test.each([
    ['eth_blockNumber', []],
    ['eth_gasPrice', []],
    ['eth_feeHistory', ['0x1', 'latest', []]],
    ['eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest']],
    ['eth_getCode', ['0x0000000000000000000000000000000000000001', 'latest']],
    ['eth_getStorageAt', ['0x0000000000000000000000000000000000000001', '0x0', 'latest']],
    ['eth_getTransactionCount', ['0x0000000000000000000000000000000000000001', 'latest']],
    ['eth_getBlockReceipts', ['latest']],
    ['eth_getLogs', [{ fromBlock: 'latest' }]],
    ['eth_call', [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }, 'latest']],
    ['eth_estimateGas', [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }]],
    ['eth_getTransactionByHash', [`0x${'00'.repeat(32)}`]],
    ['eth_getTransactionReceipt', [`0x${'00'.repeat(32)}`]],
    ['eth_getBlockByHash', [`0x${'00'.repeat(32)}`, false]],
  ])('behavior: read method %s is forwarded', async (method, params) => {
    const { json } = await postLedger(node.url, call(method, params));
    expect(json).toHaveProperty('result');
    expect(json).not.toHaveProperty('error');
  });

  test('behavior: ledger errors are passed through', async () => {
    const { status, json } = await postLedger(node.url, call('eth_getBalance', ['not-an-address']));
    expect(status).toBe(200);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: expect.any(Number) } });
  });
});

describe('POST /v1/ledger: methods never forwarded', () => {
  test.each([
    'anvil_mine',
    'anvil_setBalance',
    'evm_mine',
    'evm_snapshot',
    'debug_traceTransaction',
    'admin_peers',
    'personal_sign',
    'txpool_status',
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData_v4',
    'eth_accounts',
    'foobar',
  ])('error: %s is -32601', async (method) => {
    const before = await direct('eth_blockNumber');
    const { status, json } = await postLedger(node.url, call(method, [], 9));
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32601,
        message: `Method not found: "${method}" does not exist or is not available`,
      },
    });
    if (method === 'anvil_mine' || method === 'evm_mine') {
      // Nothing reached the ledger: no block was mined on request (only the interval ones).
      expect(Number(await direct('eth_blockNumber')) - Number(before)).toBeLessThan(5);
    }
  });

  test('error: named params are invalid for positional methods', async () => {
    const { json } = await postLedger(
      node.url,
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'eth_chainId', params: { a: 1 } }),
    );
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32602, message: 'Invalid params: "eth_chainId" takes an array' },
    });
  });
});

describe('POST /v1/ledger: the write method', () => {
  test('error: eth_sendRawTransaction without a bearer token is -32600 at HTTP 200', async () => {
    const { status, json } = await postLedger(node.url, call('eth_sendRawTransaction', ['0x02']));
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message:
          'Missing access token: "eth_sendRawTransaction" requires "Authorization: Bearer <token>"',
      },
    });
  });

  test('error: a non-bearer Authorization is a missing token', async () => {
    const { json } = await postLedger(node.url, call('eth_sendRawTransaction', ['0x02']), {
      authorization: 'Basic dXNlcjpwYXNz',
    });
    expect(json).toMatchObject({
      error: { code: -32600, message: expect.stringMatching(/^Missing access token/) },
    });
  });

  test('error: a token that cannot be verified is refused', async () => {
    const { status, json } = await postLedger(node.url, call('eth_sendRawTransaction', ['0x02']), {
      authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.',
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid access token: its "alg" is not ES256' },
    });
  });
});

describe('POST /v1/ledger: JSON-RPC 2.0 specification examples', () => {
  test('error: invalid JSON is -32700 at HTTP 400', async () => {
    const { status, json } = await postLedger(
      node.url,
      '{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]',
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
  });

  test('error: empty body is a parse error', async () => {
    const { status, json } = await postLedger(node.url, '');
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: -32700 } });
  });

  test('error: invalid request object', async () => {
    const { status, json } = await postLedger(
      node.url,
      '{"jsonrpc": "2.0", "method": 1, "params": "bar"}',
    );
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: "method" must be a string' },
    });
  });

  test('error: batch with invalid JSON', async () => {
    const { status, json } = await postLedger(
      node.url,
      '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]',
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
  });

  test('error: empty array is one invalid request', async () => {
    const { status, json } = await postLedger(node.url, '[]');
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: empty batch' },
    });
  });

  test('error: [1] and [1,2,3] answer one invalid request per entry', async () => {
    const one = await postLedger(node.url, '[1]');
    expect(one.json).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: an entry must be an object' },
      },
    ]);
    const three = await postLedger(node.url, '[1,2,3]');
    expect((three.json as unknown[]).length).toBe(3);
  });

  test('behavior: the mixed batch of the specification', async () => {
    const { status, json } = await postLedger(
      node.url,
      JSON.stringify([
        { jsonrpc: '2.0', method: 'sum', params: [1, 2, 4], id: '1' },
        { jsonrpc: '2.0', method: 'notify_hello', params: [7] },
        { jsonrpc: '2.0', method: 'subtract', params: [42, 23], id: '2' },
        { foo: 'boo' },
        { jsonrpc: '2.0', method: 'foo.get', params: { name: 'myself' }, id: '5' },
        { jsonrpc: '2.0', method: 'get_data', id: '9' },
      ]),
    );
    expect(status).toBe(200);
    const notFound = (id: string, method: string) => ({
      jsonrpc: '2.0',
      id,
      error: {
        code: -32601,
        message: `Method not found: "${method}" does not exist or is not available`,
      },
    });
    expect(json).toEqual([
      notFound('1', 'sum'),
      notFound('2', 'subtract'),
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0"' },
      },
      notFound('5', 'foo.get'),
      notFound('9', 'get_data'),
    ]);
  });

  test('behavior: valid, invalid and forwarded entries keep their order', async () => {
    const { json } = await postLedger(
      node.url,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'b', method: 'anvil_mine' },
        { jsonrpc: '2.0', id: 'c', method: 'net_version', params: [] },
        { jsonrpc: '2.0', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'd', method: 'eth_sendRawTransaction', params: ['0x02'] },
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      ]),
    );
    expect((json as { id: string }[]).map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(json).toMatchObject([
      { result: '0x7ea' },
      { error: { code: -32601 } },
      { result: '2026' },
      { error: { code: -32600 } },
      { result: '0x7ea' },
    ]);
  });

  test('behavior: a notification alone gets 204 and no body', async () => {
    const response = await postLedger(
      node.url,
      '{"jsonrpc":"2.0","method":"eth_chainId","params":[]}',
    );
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
  });

  test('behavior: a batch of notifications gets 204 (specification example)', async () => {
    const response = await postLedger(
      node.url,
      '[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]',
    );
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
  });

  test('behavior: a batch of 1024 is answered in full', async () => {
    const batch = Array.from({ length: 1024 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_chainId',
    }));
    const { status, json } = await postLedger(node.url, JSON.stringify(batch));
    expect(status).toBe(200);
    expect(
      (json as { id: number; result: string }[]).every(
        (r, i) => r.id === i && r.result === '0x7ea',
      ),
    ).toBe(true);
  });

  test('error: a batch of 1025 is one -32005 error', async () => {
    const batch = Array.from({ length: 1025 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_chainId',
    }));
    const { status, json } = await postLedger(node.url, JSON.stringify(batch));
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32005, message: 'Number of requests exceeds max batch size (1024)' },
    });
  });
});

describe('POST /v1/ledger: HTTP rules', () => {
  test.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    'error: %s is 405 with Allow: POST',
    async (method) => {
      const response = await fetch(`${node.url}/v1/ledger`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    },
  );

  test('error: unsatisfiable Accept is 406', async () => {
    const response = await postLedger(node.url, call('eth_chainId'), { accept: 'text/html' });
    expect(response.status).toBe(406);
    expect(response.json).toMatchObject({
      type: 'about:blank',
      title: 'Not Acceptable',
      status: 406,
    });
  });

  test('error: a non-JSON media type is 415', async () => {
    const response = await postLedger(node.url, call('eth_chainId'), {
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect(response.json).toMatchObject({ type: 'about:blank', status: 415 });
  });
});
