import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { EXPLORER_PATH, explorerRoutes } from './routes.js';

const root = mkdtempSync(join(tmpdir(), 'explorer-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function policyOf(peers?: string[]): Promise<string | undefined> {
  const app = Fastify();
  await app.register(explorerRoutes, { roots: [root], ...(peers && { peers }) });
  const response = await app.inject({ method: 'GET', url: EXPLORER_PATH });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.headers['content-security-policy'] as string | undefined;
}

describe('the explorer page’s Content-Security-Policy', () => {
  test('default: the page connects to this node only', async () => {
    expect(await policyOf()).toContain("connect-src 'self';");
  });

  test('behavior: the peers an operator names (CORE_EXPLORER_PEERS) join connect-src, by origin', async () => {
    const policy = await policyOf([
      'https://node-b.example/api',
      'http://10.0.0.3:8080',
      'https://node-b.example',
    ]);
    expect(policy).toContain("connect-src 'self' https://node-b.example http://10.0.0.3:8080;");
    expect(policy).toContain("script-src 'self';");
  });
});
