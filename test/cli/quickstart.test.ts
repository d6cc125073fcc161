import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CLI, readmeCommands, runSnippet } from '../support/cli.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

const ROOT = resolve(import.meta.dirname, '../..');

let node: TestNode;
let workDir: string;

beforeAll(async () => {
  const newestSource = Math.max(
    ...['src/cli/main.ts', 'src/cli/wallet.ts', 'src/cli/admin.ts'].map(
      (file) => statSync(join(ROOT, file)).mtimeMs,
    ),
  );
  if ((statSync(CLI, { throwIfNoEntry: false })?.mtimeMs ?? 0) < newestSource)
    throw new Error('dist/ is older than src/cli: run "npm run build" first');
  node = await startTestNode({ blockTime: 0.2, ownLedger: true });
  workDir = mkdtempSync(join(tmpdir(), 'core-quickstart-'));
});
afterAll(async () => {
  await node?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// Eight CLI processes and a commit–reveal: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('README quickstart', () => {
  test('every command runs as written, and the file is read back timestamped', async () => {
    const outputs: string[] = [];
    for (const line of readmeCommands('quickstart')) {
      const { code, stdout, stderr } = await runSnippet(line, node, workDir);
      if (code !== 0) throw new Error(`"${line}" failed: ${stderr}`);
      outputs.push(stdout);
    }
    const credential = readFileSync(join(workDir, 'onboarding.jwt'), 'utf8').trim();
    expect(credential.split('.')).toHaveLength(3);
    const [init, , registered, , , stamped, verified, listed] = outputs;
    const walletDid = /^(did:core:\S+)/.exec(init ?? '')?.[1];
    expect(walletDid).toBeDefined();
    expect(registered).toContain(`${walletDid} registered in block`);
    const timestampId = /^(u\S+)/.exec(stamped ?? '')?.[1];
    expect(stamped).toContain(`${node.url}/v1/timestamp/timestamps/${timestampId}`);
    expect(verified).toMatch(
      /^hello\.txt was timestamped at \d{4}-\d\d-\d\dT.*by 0x[0-9a-fA-F]{40}/,
    );
    expect(JSON.parse(listed ?? '')).toMatchObject({
      items: [{ timestampId, href: `${node.url}/v1/timestamp/timestamps/${timestampId}` }],
    });
  });
});
