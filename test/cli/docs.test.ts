import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak256, toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { descriptorOf } from '../../src/registries/catalog.js';
import { runSnippet, useCliNode } from '../support/cli.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

const env = useCliNode('docs');
// About forty CLI processes and three commit–reveals.
const PAGE_TIMEOUT = 600_000;

/** The `sh` blocks of docs/cli.md that follow a line `<label>:` ("Run"), in order. */
function examples(label = 'Run'): string[] {
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  return [...page.matchAll(new RegExp(`^${label}:\\n\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``, 'gm'))].map(
    (match) => match[1] as string,
  );
}

const get = async (path: string) => {
  const response = await fetch(`${env.node.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('docs/cli.md', () => {
  test(
    'default: every example runs as written, in order, and leaves what the page says',
    async () => {
      const blocks = examples();
      expect(blocks.length).toBeGreaterThanOrEqual(10);
      for (const block of blocks) {
        const run = await runSnippet(block, env.node, env.workDir);
        expect(run.code, `${block}\n${run.stderr}`).toBe(0);
      }
      const did = (name: string) =>
        JSON.parse(readFileSync(`${env.workDir}/${name}.json`, 'utf8')).did as string;
      const [alice, bob] = [did('alice'), did('bob')];
      const documentHash = `0x${createHash('sha256').update('shipment 7').digest('hex')}`;
      const eventId = keccak256(toHex('scan-0001'));
      expect(
        await get(`/v1/track-and-trace/documents/${documentHash}/events/${eventId}`),
      ).toMatchObject({
        status: 200,
        body: { externalHash: 'scan-0001', sender: bob, metadata: '{"place":"Rotterdam"}' },
      });
      expect((await get(`/v1/track-and-trace/documents/${documentHash}`)).body).toMatchObject({
        creator: alice,
      });
      const { schemaId } = JSON.parse(readFileSync(`${env.workDir}/inserted.json`, 'utf8'));
      expect((await get(`/v1/schemas-registry/schemas/${schemaId}/revisions`)).body).toMatchObject({
        total: 2,
      });
      expect((await get(`/v1/did-registry/identifiers/${alice}`)).body).toMatchObject({
        assertionMethod: [expect.stringContaining(alice)],
      });
    },
    PAGE_TIMEOUT,
  );

  test(
    'behavior: the Governance examples take a 3-operator network through a template upgrade and a policy grant',
    async () => {
      const [keys, decisions] = [
        examples('Run before the network starts'),
        examples('Run on the governed network'),
      ];
      expect([keys.length, decisions.length]).toEqual([1, 1]);
      const workDir = mkdtempSync(join(tmpdir(), 'core-cli-docs-governance-'));
      let governed: TestNode | undefined;
      try {
        const made = await runSnippet(keys[0] as string, env.node, workDir);
        expect(made.code, made.stderr).toBe(0);
        const operators = [...made.stdout.matchAll(/^address (0x[0-9a-fA-F]{40})$/gm)].map(
          (match) => match[1],
        );
        expect(operators).toHaveLength(3);
        governed = await startTestNode({
          ownLedger: true,
          env: {
            CORE_GOVERNANCE_OPERATORS: operators.join(','),
            CORE_GOVERNANCE_THRESHOLD: '2',
            CORE_GOVERNANCE_DELAY: '5s',
          },
        });
        const run = await runSnippet(decisions[0] as string, governed, workDir);
        expect(run.code, `${run.stderr}`).toBe(0);
        // Each command said what it would do before signing.
        expect(run.stderr).toMatch(/contracts-registry\.upgradeTemplate\(.*version=1\.1\.0/);
        const read = async (path: string) =>
          (await fetch(`${(governed as TestNode).url}${path}`)).json() as Promise<
            Record<string, unknown>
          >;
        const { type } = descriptorOf('timestamp').contract;
        expect(await read(`/v1/contracts-registry/templates/${type}`)).toMatchObject({
          version: '1.1.0',
        });
        expect(
          await read(
            '/v1/policies-registry/subjects/0x0000000000000000000000000000000000000042/policies',
          ),
        ).toMatchObject({ items: [expect.objectContaining({ policyName: 'TSR:insertSchema' })] });
        const { proposals } = (await read('/v1/governance')) as { proposals: { status: string }[] };
        expect(proposals.map((p) => p.status)).toEqual(['executed', 'executed']);
        expect(run.stdout).toMatch(/\[executed\]/);
      } finally {
        await governed?.close();
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    PAGE_TIMEOUT,
  );
});
