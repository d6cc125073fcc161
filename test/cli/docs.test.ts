import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keccak256, toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { runSnippet, useCliNode } from '../support/cli.js';

const env = useCliNode('docs');
// About forty CLI processes and three commit–reveals.
const PAGE_TIMEOUT = 600_000;

/** The `sh` blocks of docs/cli.md that follow a "Run:" line, in order. */
function examples(): string[] {
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  return [...page.matchAll(/^Run:\n\n```sh\n([\s\S]*?)```/gm)].map((match) => match[1] as string);
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
});
