import { describe, expect, test } from 'vitest';
import { combineBodies } from './frontBatch.js';
import { parseRpcBody, type RpcBody } from './frontRequest.js';

/** Bodies as the front hands them over: parsed. */
const parsed = (...bodies: string[]) => bodies.map((body) => parseRpcBody(body) as RpcBody);

const HASH_A = `0x${'a'.repeat(64)}`;
const HASH_B = `0x${'b'.repeat(64)}`;
const write = (id: unknown, raw: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_sendRawTransaction',
  params: [raw],
});

describe('combineBodies', () => {
  test('default: bodies go as one batch in order; answers come back per body with their ids', () => {
    const bodies = [
      JSON.stringify(write('x', '0x01')),
      JSON.stringify([write(7, '0x02'), { jsonrpc: '2.0', id: 8, method: 'eth_chainId' }]),
      JSON.stringify({ jsonrpc: '2.0', method: 'eth_sendRawTransaction', params: ['0x03'] }),
    ];
    const combined = combineBodies(parsed(...bodies));
    expect(JSON.parse(combined?.body as string)).toEqual([
      { ...write(0, '0x01') },
      { ...write(1, '0x02') },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 3, method: 'eth_sendRawTransaction', params: ['0x03'] },
    ]);
    // anvil answers a batch's entries in any order; the notification's answer is dropped.
    const answer = JSON.stringify([
      { jsonrpc: '2.0', id: 2, result: '0x7ea' },
      { jsonrpc: '2.0', id: 0, result: HASH_A },
      { jsonrpc: '2.0', id: 3, result: HASH_B },
      { jsonrpc: '2.0', id: 1, error: { code: -32003, message: 'nonce too low' } },
    ]);
    const { answers, hashes } = combined?.split({ status: 200, body: answer }) ?? {};
    expect(answers?.map(({ body }) => (body === '' ? undefined : JSON.parse(body)))).toEqual([
      { jsonrpc: '2.0', id: 'x', result: HASH_A },
      [
        { jsonrpc: '2.0', id: 7, error: { code: -32003, message: 'nonce too low' } },
        { jsonrpc: '2.0', id: 8, result: '0x7ea' },
      ],
      undefined,
    ]);
    expect(hashes).toEqual([HASH_A, HASH_B]);
  });

  test('error: a transport failure is every body’s answer, and no hash', () => {
    const combined = combineBodies(
      parsed(JSON.stringify(write(1, '0x01')), JSON.stringify(write(2, '0x02'))),
    );
    const failure = { status: 503, body: '{"error":"down"}' };
    expect(combined?.split(failure)).toEqual({ answers: [failure, failure], hashes: [] });
    expect(combined?.split({ status: 200, body: 'not json' }).answers).toHaveLength(2);
  });

  test('error: an entry that is no request object is answered as anvil answers it; the write beside it goes', () => {
    const combined = combineBodies(parsed(JSON.stringify([write(1, '0x01'), 5, null])));
    expect(JSON.parse(combined?.body as string)).toEqual([write(0, '0x01')]);
    const { answers, hashes } =
      combined?.split({
        status: 200,
        body: JSON.stringify([{ jsonrpc: '2.0', id: 0, result: HASH_A }]),
      }) ?? {};
    const invalid = {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    };
    expect(JSON.parse(answers?.[0]?.body as string)).toEqual([
      { jsonrpc: '2.0', id: 1, result: HASH_A },
      invalid,
      invalid,
    ]);
    expect(hashes).toEqual([HASH_A]);
    expect(combineBodies(parsed('[]'))).toBeUndefined();
  });
});
