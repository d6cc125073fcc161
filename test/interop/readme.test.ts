import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { receiptOf } from '../support/rawTransactions.js';
import {
  CAST_BINARY,
  type InteropNode,
  type InteropWriter,
  startInteropNode,
} from './interopNode.js';

/** The README's "Writing" snippets, run as written against a node with a fresh writer. */
const ROOT = resolve(import.meta.dirname, '../..');
// Inside the project, so that the snippets' imports resolve from its node_modules.
const SCRATCH = join(ROOT, 'node_modules/.cache/readme-snippets');

function snippet(tag: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = new RegExp(`\`\`\`${tag}\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
  if (!block) throw new Error(`README.md has no \`\`\`${tag} block`);
  return block;
}

let net: InteropNode;
let writer: InteropWriter;

beforeAll(async () => {
  net = await startInteropNode();
  writer = await net.newWriter();
  mkdirSync(SCRATCH, { recursive: true });
});
afterAll(() => net.close());

async function run(file: string, args: string[]): Promise<Hex> {
  const { stdout } = await promisify(execFile)(file, args, {
    timeout: 60_000,
    env: {
      ...process.env,
      PATH: `${dirname(CAST_BINARY)}:${process.env.PATH}`,
      CORE_NODE_URL: net.node.url,
      TOKEN: writer.token,
      PRIVATE_KEY: writer.privateKey,
    },
  });
  // cast prints the whole receipt, whose block hash comes first.
  const hash = (/transactionHash\s+(0x[0-9a-f]{64})/.exec(stdout) ??
    /(0x[0-9a-f]{64})/.exec(stdout))?.[1];
  if (!hash) throw new Error(`the snippet printed no transaction hash: ${stdout}`);
  return hash as Hex;
}

describe('README: writing with third-party clients', () => {
  test.each(['ethers', 'viem'])('default: the %s snippet commits a hash', async (tag) => {
    const file = join(SCRATCH, `${tag}.mjs`);
    writeFileSync(file, snippet(`js ${tag}`));
    expect((await receiptOf(net.node.url, await run(process.execPath, [file]))).status).toBe('0x1');
  });

  test('default: the cast snippet commits a hash', async () => {
    const script = snippet('sh cast').replaceAll('localhost:8080', new URL(net.node.url).host);
    const hash = await run('bash', ['-euo', 'pipefail', '-c', script]);
    expect((await receiptOf(net.node.url, hash)).status).toBe('0x1');
  });
});
