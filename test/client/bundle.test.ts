import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertSdkBuilt, SDK } from '../support/builtSdk.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Server code: what the SDK must never load (STYLE.md B3). */
const SERVER_PACKAGES =
  /\/node_modules\/(fastify|@fastify\/|fastify-plugin|pino|prom-client|@foundry-rs\/)/;
const SERVER_PARTS =
  /\/dist\/src\/(auth|cli|genesis|http|ledger|ops|registries|rpc)\/|\/dist\/src\/server\.js/;

let workDir: string;
beforeAll(() => {
  assertSdkBuilt();
  workDir = mkdtempSync(join(tmpdir(), 'core-sdk-bundle-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Every module URL a fresh Node process resolves while it imports `entry`. */
function modulesLoadedBy(entry: string): string[] {
  const log = join(workDir, `resolved-${basename(dirname(entry))}.log`);
  const hooks = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
  return resolved;
}`;
  const script = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});
await import(${JSON.stringify(pathToFileURL(entry).href)});`;
  execFileSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: ROOT });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('core-registry/client (built)', () => {
  test('behavior: importing the SDK loads no server code (Fastify, pino, the node’s own parts)', () => {
    const loaded = modulesLoadedBy(SDK);
    expect(loaded).toContain(pathToFileURL(SDK).href);
    expect(loaded.some((url) => url.includes('/dist/artifacts/Timestamp.js'))).toBe(true);
    expect(loaded.filter((url) => SERVER_PACKAGES.test(url) || SERVER_PARTS.test(url))).toEqual([]);
  });
});

describe('core-registry/resolver (built)', () => {
  test('behavior: importing the resolvers loads no server code, nor did-resolver (types only)', () => {
    const resolver = join(ROOT, 'dist/src/resolver/index.js');
    const loaded = modulesLoadedBy(resolver);
    expect(loaded).toContain(pathToFileURL(resolver).href);
    const forbidden = (url: string) =>
      SERVER_PACKAGES.test(url) ||
      SERVER_PARTS.test(url) ||
      /\/dist\/src\/client\/|\/node_modules\/did-resolver\//.test(url);
    expect(loaded.filter(forbidden)).toEqual([]);
  });
});
