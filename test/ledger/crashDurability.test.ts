import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Hex, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestToken } from '../../src/client/index.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { connectTestChain } from '../support/chain.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { getReceipt, nextNonce, sendRaw, signCall } from '../support/rawTransactions.js';
import { createDataDir, freePort } from '../support/testNode.js';

/**
 * A receipt served is a write kept: the node runs as its own process (as `npm start` runs it),
 * and node and ledger are killed with SIGKILL at random instants right after receipts were
 * served. Every acknowledged write must be on the chain after the restart, in the same block.
 */
const CLI = resolve(import.meta.dirname, '../../dist/src/cli/main.js');
const ROUNDS = 20;
const WRITES_PER_ROUND = 4;

type NodeProcess = { url: string; process: ChildProcess; log: () => string };
type Acknowledged = { hash: Hex; blockNumber: Hex; blockHash: Hex };

let dataDir: string;
let port: number;
let holder: TestHolder;
let token: string;
let running: NodeProcess | undefined;

async function startNodeProcess(): Promise<NodeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    env: {
      ...process.env,
      CORE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CORE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      CORE_BLOCK_TIME: '0.2',
      CORE_LOG_LEVEL: 'warn',
      CORE_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // The log (warnings and up, on stdout) and anything on stderr, for the failure messages.
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the node exited with ${child.exitCode}: ${log}`);
    const ready = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, process: child, log: () => log };
    await sleep(50);
  }
  throw new Error('the node did not become ready');
}

/** SIGKILL for the node and for its anvil (its own process group), as a host crash would. */
async function crash(node: NodeProcess): Promise<void> {
  const anvil = Number(readFileSync(join(dataDir, 'ledger/anvil.pid'), 'utf8'));
  const exited = new Promise((done) => node.process.once('exit', done));
  process.kill(anvil, 'SIGKILL');
  node.process.kill('SIGKILL');
  await exited;
}

const checkpointFiles = () =>
  readdirSync(join(dataDir, 'ledger')).filter((name) => name.startsWith('checkpoint-'));

async function receipt(url: string, hash: Hex): Promise<Acknowledged | null> {
  const result = await getReceipt(url, hash);
  return result ? { hash, blockNumber: result.blockNumber, blockHash: result.blockHash } : null;
}

/** Writes a round and waits for its receipts: 60 s at most, then fails with the node's log. */
async function writeAndAcknowledge(node: NodeProcess): Promise<Acknowledged[]> {
  const { url } = node;
  const first = await nextNonce(url, holder.address);
  const raws = await Promise.all(
    Array.from({ length: WRITES_PER_ROUND }, (_, i) =>
      signCall(holder.account, {
        to: JSON.parse(readFileSync(join(dataDir, 'environment.json'), 'utf8')).registries
          .timestamp,
        abi: REGISTRIES.timestamp.abi,
        functionName: 'commitTimestampHashes',
        args: [keccak256(toHex(`${Math.random()}`))],
        nonce: first + i,
        chainId: 2026,
      }),
    ),
  );
  const { json } = await sendRaw(url, token, raws);
  const hashes = (json as { result: Hex }[]).map(({ result }) => result);
  const acknowledged: Acknowledged[] = [];
  const deadline = Date.now() + 60_000;
  for (const hash of hashes) {
    let mined = await getReceipt(url, hash);
    while (!mined) {
      if (Date.now() > deadline) {
        throw new Error(`no receipt of ${hash} within 60 s; node log: ${node.log().slice(-4000)}`);
      }
      await sleep(25);
      mined = await getReceipt(url, hash);
    }
    expect(mined.status).toBe('0x1');
    acknowledged.push((await receipt(url, hash)) as Acknowledged);
  }
  return acknowledged;
}

beforeAll(async () => {
  dataDir = createDataDir();
  port = await freePort();
  running = await startNodeProcess();
  holder = await createHolder();
  const environment = JSON.parse(readFileSync(join(dataDir, 'environment.json'), 'utf8'));
  const ledgerUrl = readFileSync(join(dataDir, 'ledger/rpc-url'), 'utf8').trim();
  await registerHolder(connectTestChain(ledgerUrl), environment.registries['did-registry'], holder);
  ({ accessToken: token } = await requestToken({
    baseUrl: running.url,
    scope: 'openid timestamp:write',
    holder,
  }));
}, 120_000);

afterAll(async () => {
  if (running) {
    running.process.kill('SIGTERM');
    await new Promise((done) => running?.process.once('exit', done));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded ledger durability', () => {
  test(`behavior: ${ROUNDS} rounds of kill -9 of node and ledger right after receipts lose no acknowledged write`, async () => {
    const acknowledged: Acknowledged[] = [];
    const checkpoints = checkpointFiles();
    for (let round = 0; round < ROUNDS; round++) {
      const node = running as NodeProcess;
      acknowledged.push(...(await writeAndAcknowledge(node)));
      await sleep(Math.floor(Math.random() * 8));
      await crash(node);
      running = undefined;
      running = await startNodeProcess();
    }
    const lost = [];
    for (const write of acknowledged) {
      const now = await receipt(running?.url as string, write.hash);
      if (now?.blockNumber !== write.blockNumber || now.blockHash !== write.blockHash)
        lost.push(write);
    }
    expect({ writes: acknowledged.length, lost }).toEqual({
      writes: ROUNDS * WRITES_PER_ROUND,
      lost: [],
    });
    // No start dumped the state before it was ready: each replayed the whole journal since the
    // first checkpoint, every round's blocks again (a small chain never makes one due).
    expect(checkpointFiles()).toEqual(checkpoints);
  }, 600_000);

  test('behavior: kill -9 of the ledger alone while the node runs loses no acknowledged write', async () => {
    const node = running as NodeProcess;
    const acknowledged = await writeAndAcknowledge(node);
    const anvil = Number(readFileSync(join(dataDir, 'ledger/anvil.pid'), 'utf8'));
    process.kill(anvil, 'SIGKILL');
    for (const write of acknowledged) {
      // Bounded, and saying why: the last answer and what the node logged (warnings and up).
      const deadline = Date.now() + 60_000;
      let last: unknown = null;
      let now = await receipt(node.url, write.hash).catch(() => null);
      while (now === null) {
        if (Date.now() > deadline) {
          throw new Error(
            `no receipt of ${write.hash} within 60 s of the ledger's kill; last answer: ${String(last)}; node log: ${node.log().slice(-4000)}`,
          );
        }
        await sleep(100);
        now = await receipt(node.url, write.hash).catch((error: unknown) => {
          last = error;
          return null;
        });
      }
      expect(now).toEqual(write);
    }
    // The restarted ledger takes writes again.
    expect(await writeAndAcknowledge(node)).toHaveLength(WRITES_PER_ROUND);
    // Longer than the waits above together: a failure is theirs, with the node's log.
  }, 180_000);
});
