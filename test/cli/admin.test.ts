import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../support/testNode.js';

const CLI = resolve(import.meta.dirname, '../../dist/src/cli/main.js');

let node: TestNode;
let workDir: string;

/** Runs the built CLI with `--json` against the test node and parses its output. */
function cli<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [CLI, ...args, '--json'],
      {
        cwd: workDir,
        env: { ...process.env, CORE_NODE_URL: node.url, CORE_DATA_DIR: node.dataDir },
      },
      (error, stdout, stderr) => (error ? fail(new Error(stderr)) : done(JSON.parse(stdout) as T)),
    );
  });
}

/** The policy names a subject holds; none when the registry answers 404 (it holds no policy). */
async function policiesOf(address: string): Promise<string[]> {
  const response = await fetch(`${node.url}/v1/policies-registry/subjects/${address}/policies`);
  if (response.status === 404) return [];
  const { items } = (await response.json()) as { items: { policyName: string }[] };
  return items.map(({ policyName }) => policyName);
}

beforeAll(async () => {
  node = await startTestNode({ blockTime: 0.2 });
  workDir = mkdtempSync(join(tmpdir(), 'core-cli-admin-'));
});
afterAll(async () => {
  await node?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('core-registry admin grant/revoke', () => {
  test('grants a policy attribute to a registered DID’s key and revokes it', async () => {
    const { did, address } = await cli<{ did: string; address: string }>('wallet', 'init');
    expect(await policiesOf(address)).toEqual([]);
    const { credential } = await cli<{ credential: string }>('admin', 'onboard', did);
    writeFileSync(join(workDir, 'onboarding.jwt'), credential);
    await cli('wallet', 'register', '--credential', 'onboarding.jwt');

    const granted = await cli('admin', 'grant', did, 'TNT:authoriseDid');
    expect(granted).toMatchObject({ addresses: [address], attributes: ['TNT:authoriseDid'] });
    expect(await policiesOf(address)).toEqual(['TNT:authoriseDid']);

    const revoked = await cli('admin', 'revoke', address.toLowerCase(), 'TNT:authoriseDid');
    expect(revoked).toMatchObject({ addresses: [address] });
    expect(await policiesOf(address)).toEqual([]);
  });
});
