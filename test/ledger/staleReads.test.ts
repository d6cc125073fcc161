import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHolder, registerHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { createDataDir, getJson, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * A ledger that comes back from an older state (a restored backup, a lost disk) must not be
 * answered for from the node's read cache: reads are pinned to block hashes.
 */
let node: TestNode;
let backup: string;

beforeAll(async () => {
  node = await startTestNode({ ownLedger: true });
  backup = createDataDir();
});
afterAll(async () => {
  await node.close();
  rmSync(backup, { recursive: true, force: true });
});

describe('reads across a ledger that went back', () => {
  test('behavior: a write the ledger lost is no longer served', async () => {
    const ledgerDir = join(node.dataDir, 'ledger');
    await node.ledger.stop();
    cpSync(ledgerDir, backup, { recursive: true });
    await node.ledger.start();

    const holder = await createHolder();
    const { chain } = await operatorOf(node);
    await registerHolder(chain, node.environment.registries['did-registry'], holder);
    const path = `/v1/did-registry/identifiers/${holder.did}`;
    expect((await getJson(node.url, path)).status).toBe(200);

    await node.ledger.stop();
    rmSync(ledgerDir, { recursive: true, force: true });
    cpSync(backup, ledgerDir, { recursive: true });
    await node.ledger.start();
    expect((await getJson(node.url, path)).status).toBe(404);
  });
});
