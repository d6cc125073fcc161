import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { buildServer } from '../../src/server.js';
import { createDataDir, postLedger, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

describe('operations', () => {
  test('default: /health is ok', async () => {
    const response = await fetch(`${node.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('default: /ready reports the chain and block', async () => {
    const response = await fetch(`${node.url}/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      chainId: 2026,
      blockNumber: expect.any(Number),
    });
  });

  test('default: /metrics counts requests per route and ledger latency', async () => {
    await postLedger(node.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }));
    const response = await fetch(`${node.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /core_registry_http_requests_total\{method="POST",route="\/v1\/ledger",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /core_registry_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/v1\/ledger"\}/,
    );
    expect(text).toMatch(
      /core_registry_ledger_request_duration_seconds_count\{method="eth_chainId",outcome="ok"\} \d+/,
    );
  });

  test('default: /v1/openapi.json documents the routes', async () => {
    const response = await fetch(`${node.url}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/ledger', '/health', '/ready']),
    );
  });

  test('default: the API reference page is served as HTML, with the product’s name', async () => {
    const response = await fetch(`${node.url}/v1/reference/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>core-registry — Unified Core Registry API</title>');
    expect(html).not.toContain('Swagger UI');
  });

  test('behavior: the reference page’s logo is the product’s, not Swagger’s', async () => {
    const script = await fetch(`${node.url}/v1/reference/static/swagger-initializer.js`);
    expect(script.status).toBe(200);
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(await script.text())?.[1];
    const svg = Buffer.from(logo ?? '', 'base64').toString('utf8');
    expect(svg).toContain('>core-registry</text>');
    expect(svg).toContain('>Unified Core Registry API</text>');
  });
});

describe('the API index', () => {
  test.each(['/', '/v1', '/v1/'])(
    'default: %s links to the reference and the probes',
    async (path) => {
      const response = await fetch(`${node.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({
        name: 'core-registry — Unified Core Registry API',
        links: {
          openapi: `${node.url}/v1/openapi.json`,
          reference: `${node.url}/v1/reference/`,
          health: `${node.url}/health`,
          ready: `${node.url}/ready`,
        },
      });
    },
  );

  test('behavior: every link answers 200', async () => {
    const { links } = (await (await fetch(`${node.url}/v1`)).json()) as {
      links: Record<string, string>;
    };
    for (const link of Object.values(links)) {
      const response = await fetch(link);
      await response.arrayBuffer();
      expect(response.status, link).toBe(200);
    }
  });

  test('error: another method is 405', async () => {
    const response = await fetch(`${node.url}/v1`, { method: 'POST' });
    await response.arrayBuffer();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('an unreachable ledger', () => {
  test('error: REST answers 503, JSON-RPC answers -32603', async () => {
    const config = parseConfig({ CORE_DATA_DIR: createDataDir(), CORE_LOG_LEVEL: 'silent' });
    // Port 9 (discard) is closed on loopback: every connection is refused.
    const environment = { ...node.environment };
    const app = await buildServer({ ...config, ledgerUrl: 'http://127.0.0.1:9', environment });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await ready.json()).toEqual({
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: 'The ledger is unavailable',
      });
      const { status, json } = await postLedger(
        url,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
      );
      expect(status).toBe(200);
      expect(json).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'The ledger is unavailable' },
      });
    } finally {
      await app.close();
    }
  });

  test('behavior: the API recovers when a stopped embedded ledger comes back', async () => {
    const local = await startTestNode({ ownLedger: true });
    try {
      await local.ledger.stop();
      const down = await fetch(`${local.url}/ready`);
      expect(down.status).toBe(503);
      await local.ledger.start();
      const up = await fetch(`${local.url}/ready`);
      expect(up.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
