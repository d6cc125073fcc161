import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  createDidCoreV1,
  requestToken,
} from '../../src/client/index.js';
import { operatorWriter, type Writer, writeAndWait } from '../journeys/support567.js';
import { operatorOf } from '../support/operator.js';
import { postLedger, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * Registry reads served from the per-block response cache, over HTTP on a real ledger: the
 * same bytes and `ETag` while the head stays, `304` for a matching `If-None-Match`, a new body
 * at once after a write whose receipt the node relayed; and `/v1/ledger` reads of one request
 * merged into one ledger batch, identical calls sent once.
 */
let node: TestNode;
let client: CoreClient;
let operator: Writer;
let didPath: string;

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  operator = operatorWriter(await operatorOf(node));
  didPath = `/v1/did-registry/identifiers/${operator.did}`;
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${node.url}${path}`, { headers });

describe('the block response cache', () => {
  test('default: the same bytes and ETag again; If-None-Match gets 304; Accept is part of the key', async () => {
    const first = await get(didPath);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const body = await first.text();
    const again = await get(didPath);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);

    const unchanged = await get(didPath, { 'if-none-match': `"other", ${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(await unchanged.text()).toBe('');
    expect((await get(didPath, { 'if-none-match': '"other"' })).status).toBe(200);

    const plain = await get(didPath, { accept: 'application/did+json' });
    expect(plain.headers.get('content-type')).toMatch(/^application\/did\+json/);
    expect(plain.headers.get('etag')).not.toBe(etag);
    expect(await plain.text()).not.toContain('@context');
    const ld = await get(didPath);
    expect(ld.headers.get('content-type')).toMatch(/^application\/did\+ld\+json/);
  });

  test('behavior: after a write whose receipt came through the node, the next read shows it', async () => {
    const before = await get(didPath);
    const etag = before.headers.get('etag') as string;
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid did-registry:write',
      holder: operator,
    });
    const member = `https://read-cache-${Date.now()}.example.org`;
    await writeAndWait(client, {
      registry: 'did-registry',
      functionName: 'updateBaseDocument',
      args: [
        operator.did,
        JSON.stringify({
          '@context': ['https://www.w3.org/ns/did/v1'],
          service: [
            { id: `${operator.did}#cache`, type: 'LinkedDomains', serviceEndpoint: member },
          ],
        }),
      ],
      account: operator.account,
      accessToken,
    });
    const after = await get(didPath, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain(member);
  });

  test('behavior: errors are never cached, and bad input still gets its 400', async () => {
    const missing = `/v1/did-registry/identifiers/${createDidCoreV1()}`;
    const first = await get(missing);
    expect(first.status).toBe(404);
    expect(first.headers.get('etag')).toBeNull();
    expect((await get(`${didPath}?unknown=1`)).status).toBe(400);
  });
});

describe('merged ledger reads', () => {
  test('behavior: identical reads of one request go to the ledger once, each answered with its id', async () => {
    const send = vi.spyOn(node.app.ledger, 'send');
    const entries = [1, 2, 3, 4, 5].map((id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_chainId',
      params: [],
    }));
    entries.push({ jsonrpc: '2.0', id: 6, method: 'eth_blockNumber', params: [] });
    const { json } = await postLedger(node.url, JSON.stringify(entries));
    const calls = send.mock.calls.flatMap(([batch]) => batch.map((call) => call.method));
    send.mockRestore();
    expect(calls.filter((method) => method === 'eth_chainId')).toHaveLength(1);
    expect(calls.filter((method) => method === 'eth_blockNumber')).toHaveLength(1);
    const answers = json as { id: number; result: string }[];
    expect(answers.map(({ id }) => id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(answers.slice(0, 5).map(({ result }) => result))).toEqual(
      new Set([`0x${node.environment.chainId.toString(16)}`]),
    );
  });
});
