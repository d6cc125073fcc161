import { describe, expect, test } from 'vitest';
import { RpcError } from '../errors/rpc.js';
import { MAX_BATCH_SIZE, parseRpcPayload } from './parseRpcPayload.js';

function parseError(text: string): RpcError {
  try {
    parseRpcPayload(text);
  } catch (error) {
    if (error instanceof RpcError) return error;
  }
  throw new Error('expected an RpcError');
}

describe('parseRpcPayload', () => {
  test('default: one request', () => {
    expect(parseRpcPayload('{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}')).toEqual({
      batch: false,
      entries: [{ request: { id: 7, method: 'eth_chainId', params: [] } }],
    });
  });

  test('behavior: missing params become an empty array, a missing id a notification', () => {
    expect(parseRpcPayload('{"jsonrpc":"2.0","method":"eth_chainId"}').entries).toEqual([
      { request: { id: undefined, method: 'eth_chainId', params: [] } },
    ]);
  });

  test('behavior: a null id is an id, not a notification', () => {
    expect(parseRpcPayload('{"jsonrpc":"2.0","id":null,"method":"m"}').entries[0]).toEqual({
      request: { id: null, method: 'm', params: [] },
    });
  });

  test('error: invalid JSON (JSON-RPC 2.0 spec example)', () => {
    const error = parseError('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]');
    expect([error.rpcCode, error.status, error.message]).toEqual([-32700, 400, 'Parse error']);
  });

  test('error: batch with invalid JSON (spec example)', () => {
    const error = parseError(
      '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]',
    );
    expect(error.rpcCode).toBe(-32700);
  });

  test('error: empty batch is one invalid request (spec example)', () => {
    const error = parseError('[]');
    expect([error.rpcCode, error.status]).toEqual([-32600, 200]);
  });

  test('error: more than the maximum batch size', () => {
    const entry = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';
    const error = parseError(
      `[${Array(MAX_BATCH_SIZE + 1)
        .fill(entry)
        .join(',')}]`,
    );
    expect([error.rpcCode, error.status, error.message]).toEqual([
      -32005,
      200,
      'Number of requests exceeds max batch size (1024)',
    ]);
  });

  test('behavior: the maximum batch size is accepted', () => {
    const entry = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';
    expect(
      parseRpcPayload(`[${Array(MAX_BATCH_SIZE).fill(entry).join(',')}]`).entries,
    ).toHaveLength(MAX_BATCH_SIZE);
  });

  test.each([
    ['{"jsonrpc": "2.0", "method": 1, "params": "bar"}', null, '"method" must be a string'],
    ['1', null, 'an entry must be an object'],
    ['{"foo": "boo"}', null, '"jsonrpc" must be "2.0"'],
    ['{"jsonrpc":"1.0","id":3,"method":"m"}', 3, '"jsonrpc" must be "2.0"'],
    ['{"jsonrpc":"2.0","id":{},"method":"m"}', null, '"id" must be a string, a number or null'],
    [
      '{"jsonrpc":"2.0","id":"a","method":"m","params":"x"}',
      'a',
      '"params" must be an array or an object',
    ],
    [
      '{"jsonrpc":"2.0","id":"a","method":"m","params":null}',
      'a',
      '"params" must be an array or an object',
    ],
  ])('error: invalid request %s', (text, id, message) => {
    const [entry] = parseRpcPayload(text).entries;
    expect(entry).toMatchObject({ id });
    const error = (entry as { error: RpcError }).error;
    expect([error.rpcCode, error.message]).toEqual([-32600, `Invalid Request: ${message}`]);
  });

  test('behavior: [1,2,3] is three invalid requests (spec example)', () => {
    const { batch, entries } = parseRpcPayload('[1,2,3]');
    expect(batch).toBe(true);
    expect(entries.map((entry) => ('error' in entry ? entry.error.rpcCode : 0))).toEqual([
      -32600, -32600, -32600,
    ]);
  });
});

describe('parseRpcEntry: bounds of params', () => {
  const withParams = (params: string) =>
    parseRpcPayload(`{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${params}}`).entries[0];

  test('behavior: 16 levels pass, 17 fail with -32602', () => {
    expect(withParams(`${'['.repeat(16)}${']'.repeat(16)}`)).toHaveProperty('request');
    const entry = withParams(`${'['.repeat(17)}${']'.repeat(17)}`) as { error: RpcError };
    expect([entry.error.rpcCode, entry.error.message]).toEqual([
      -32602,
      'Invalid params: they nest deeper than 16 levels',
    ]);
  });

  test('error: more characters than a transaction needs', () => {
    const entry = withParams(`["0x${'0'.repeat(1024 * 1024)}"]`) as { error: RpcError };
    expect(entry.error.message).toBe('Invalid params: they hold more than 1048576 characters');
  });
});
