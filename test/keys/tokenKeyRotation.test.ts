import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestToken } from '../../src/client/index.js';
import { runCli } from '../support/cli.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { timestampWrite } from '../support/rawTransactions.js';
import { copyEnvironment, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * Rotation of the access-token key on a running node (`core-registry keys rotate`): tokens of the
 * previous key keep writing, here and at a peer, with no request failing meanwhile.
 */
let node: TestNode;
let peer: TestNode;
let holders: TestHolder[];

beforeAll(async () => {
  node = await startTestNode();
  peer = await startTestNode({
    dataDir: copyEnvironment(node),
    env: { CORE_TRUSTED_PEERS: node.url },
  });
  const operator = await operatorOf(node);
  holders = await Promise.all([createHolder(), createHolder()]);
  for (const holder of holders) {
    await registerHolder(operator.chain, node.environment.registries['did-registry'], holder);
  }
});
afterAll(async () => {
  await peer?.close();
  await node?.close();
});

const tokenOf = async (holder: TestHolder) =>
  (await requestToken({ baseUrl: node.url, scope: 'openid timestamp:write', holder })).accessToken;
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

const write = (url: string, holder: TestHolder, token: string) =>
  timestampWrite(url, node.environment, holder.account, token);

const kids = async () =>
  (
    (await (await fetch(`${node.url}/v1/auth/jwks`)).json()) as { keys: { kid: string }[] }
  ).keys.map((key) => key.kid);

describe('core-registry keys rotate', () => {
  test('behavior: under a write load, tokens of both keys write here and at a peer; nothing fails', async () => {
    const [writer] = holders as [TestHolder];
    const before = await tokenOf(writer);
    const [first] = await kids();
    let writing = true;
    const results: string[] = [];
    const load = (async () => {
      for (let i = 0; writing; i++) {
        results.push(await write(i % 2 === 0 ? node.url : peer.url, writer, before));
      }
    })();
    try {
      await rotateUnderLoad(before, first as string);
    } finally {
      writing = false;
      await load;
    }
    expect(results.length).toBeGreaterThan(1);
    expect(results.filter((result) => result !== '0x1')).toEqual([]);
  });

  async function rotateUnderLoad(before: string, first: string): Promise<void> {
    const other = holders[1] as TestHolder;
    const rotated = await runCli(['keys', 'rotate', '--data-dir', node.dataDir, '--json']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const report = JSON.parse(rotated.stdout) as {
      current: string;
      previous: string;
      previousUntil: number;
    };
    expect(report.previous).toBe(first);
    expect(report.previousUntil - Date.now() / 1000).toBeGreaterThan(7200);
    await expect.poll(kids, { timeout: 10_000 }).toEqual([report.current, first]);

    const after = await tokenOf(other);
    expect(kidOf(after)).toBe(report.current);
    expect(kidOf(before)).toBe(first);
    expect(await write(node.url, other, after)).toBe('0x1');
    expect(await write(peer.url, other, after)).toBe('0x1');
  }

  test('behavior: --drop-previous refuses the previous key’s tokens at once; new ones write', async () => {
    const [writer] = holders as [TestHolder];
    const before = await tokenOf(writer);
    const dropped = await runCli([
      'keys',
      'rotate',
      '--drop-previous',
      '--data-dir',
      node.dataDir,
      '--json',
    ]);
    expect(dropped.code, dropped.stderr).toBe(0);
    const { current } = JSON.parse(dropped.stdout) as { current: string };
    await expect.poll(async () => (await kids())[0], { timeout: 10_000 }).toBe(current);
    expect(await kids()).not.toContain(kidOf(before));
    expect(await write(node.url, writer, before)).toBe(
      'Invalid access token: it is not signed by this node',
    );
    expect(await write(node.url, writer, await tokenOf(writer))).toBe('0x1');
  });
});
