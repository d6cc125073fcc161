import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import secp256k1 from 'secp256k1';
import { Pool } from 'undici';
import { type Address, bytesToHex, encodeFunctionData, type Hex, keccak256 } from 'viem';
import { createOperator } from '../src/genesis/operator.js';
import { runGenesis } from '../src/genesis/runGenesis.js';
import { createDidCoreV1 } from '../src/identity/didCore.js';
import { createLedgerClient } from '../src/ledger/createLedgerClient.js';
import { REGISTRIES } from '../src/registries/catalog.js';
import { measureSamples, type Row } from './measure.js';
import { startPlainAnvil } from './plainAnvil.js';

/** DIDs sent to the ledger per mined block while seeding. */
const SEED_BATCH = 500;
/** Distinct DIDs (and list pages) read per measurement: every read is a first read. */
const READS = 500;
const FAR_FUTURE = 2n ** 64n - 1n;
const BASE_DOCUMENT = JSON.stringify({ '@context': ['https://www.w3.org/ns/did/v1'] });

/** Each measurement through the node (`did`, `list`) and the same view called on the ledger. */
export type ScaleReads = { did: Row; list: Row; didLedger: Row; listLedger: Row };
export type ScaleRows = { small: ScaleReads; large: ScaleReads };

export type ScaleOptions = {
  small: number;
  large: number;
  /** Starts an API node on `ledgerUrl` with `dataDir`; resolves with its URL once ready. */
  startNode(ledgerUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }>;
};

/**
 * DID document reads and DID list pages at `small` DIDs, then at `large`, on a ledger of their
 * own (a plain anvil; the DIDs are inserted by their own keys' addresses through anvil's
 * impersonation, which is bench-only: the node sees an ordinary ledger). Every read is of a DID or
 * page not read before, so what grows with the registry is measured, not the response cache.
 */
export async function measureScale(options: ScaleOptions): Promise<ScaleRows> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-registry-bench-scale-'));
  const anvil = await startPlainAnvil(2026);
  let node: ChildProcess | undefined;
  try {
    await rpc(anvil.url, 'evm_setAutomine', [true]);
    await rpc(anvil.url, 'anvil_autoImpersonateAccount', [true]);
    const ledger = createLedgerClient({ url: anvil.url });
    const environment = await runGenesis({
      ledger,
      operator: await createOperator(),
      environmentPath: join(dataDir, 'environment.json'),
    });
    await ledger.close();
    await rpc(anvil.url, 'evm_setAutomine', [false]);
    const registry = environment.registries['did-registry'];
    const started = await options.startNode(anvil.url, dataDir);
    node = started.child;

    const dids = await seedDids(anvil.url, registry, options.small - 1);
    const target = { nodeUrl: started.url, ledgerUrl: anvil.url, registry };
    const small = await measureReads(target, dids, options.small);
    const seeding = performance.now();
    const more = await seedDids(anvil.url, registry, options.large - options.small);
    const seconds = (performance.now() - seeding) / 1000;
    console.log(`scale rows: ${more.length} DIDs seeded in ${seconds.toFixed(0)} s`);
    const large = await measureReads(target, dids.concat(more), options.large);
    return { small, large };
  } finally {
    node?.kill('SIGTERM');
    anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Reads through the node, then the same views called on the ledger (`eth_call` at its head),
 * so that growth can be told apart: the node's or the ledger's.
 */
export async function measureReads(
  target: { nodeUrl: string; ledgerUrl: string; registry: Address },
  dids: string[],
  total: number,
): Promise<ScaleReads> {
  const node = new Pool(target.nodeUrl, { connections: 1 });
  const ledger = new Pool(target.ledgerUrl, { connections: 1 });
  const timed = async (pool: Pool, request: Parameters<Pool['request']>[0]) => {
    const started = performance.now();
    const response = await pool.request(request);
    const body = await response.body.text();
    if (response.statusCode !== 200 || body.includes('"error"')) {
      throw new Error(`${request.path}: ${response.statusCode} ${body.slice(0, 200)}`);
    }
    return performance.now() - started;
  };
  const get = (path: string) => timed(node, { method: 'GET', path });
  const call = (data: Hex) =>
    timed(ledger, {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: target.registry, data }, 'latest'],
      }),
    });
  const abi = REGISTRIES['did-registry'].abi;
  const pages = Math.floor(total / 10);
  // As many pages as the smaller registry has, so that both sizes read the same number, each once.
  const reads = Math.min(READS, pages);
  const spread = (i: number, count: number) => Math.floor((i * count) / reads);
  const didAt = (i: number) => dids[spread(i, dids.length)] as string;
  const pageAt = (i: number) => 1 + spread(i, pages);
  const counter = () => {
    let i = 0;
    return () => i++;
  };
  const [a, b, c, d] = [counter(), counter(), counter(), counter()];
  try {
    return {
      did: await measureSamples(`(l) DID document, ${total} DIDs`, reads, () =>
        get(`/v1/did-registry/identifiers/${didAt(a())}`),
      ),
      list: await measureSamples(`(m) DID list page, ${total} DIDs`, reads, () =>
        get(`/v1/did-registry/identifiers?page[size]=10&page[after]=${pageAt(b())}`),
      ),
      didLedger: await measureSamples(`(l') getDidDocument on the ledger, ${total}`, reads, () =>
        call(encodeFunctionData({ abi, functionName: 'getDidDocument', args: [didAt(c())] })),
      ),
      listLedger: await measureSamples(`(m') getDids on the ledger, ${total}`, reads, () =>
        call(
          encodeFunctionData({ abi, functionName: 'getDids', args: [BigInt(pageAt(d())), 10n] }),
        ),
      ),
    };
  } finally {
    await node.close();
    await ledger.close();
  }
}

/** Inserts `count` DIDs, each by the address of its own first key; returns them. */
async function seedDids(url: string, registry: Address, count: number): Promise<string[]> {
  const dids: string[] = [];
  for (let first = 0; first < count; first += SEED_BATCH) {
    const batch = Array.from({ length: Math.min(SEED_BATCH, count - first) }, () => newDid());
    const hashes = await rpcBatch<Hex>(
      url,
      batch.map(({ from, data }) => ({
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to: registry,
            data,
            gas: '0x100000',
            maxFeePerGas: '0x0',
            maxPriorityFeePerGas: '0x0',
          },
        ],
      })),
    );
    await rpc(url, 'evm_mine', []);
    const last = await rpc<{ status: Hex } | null>(url, 'eth_getTransactionReceipt', [
      hashes.at(-1),
    ]);
    if (last?.status !== '0x1') throw new Error(`seeding DIDs failed at ${first}`);
    dids.push(...batch.map(({ did }) => did));
    if (dids.length % 10_000 < SEED_BATCH)
      console.log(`scale rows: ${dids.length} of ${count} DIDs seeded`);
  }
  return dids;
}

/** A new DID with its first key: the key's address and the `insertDidDocument` call data. */
export function newDid(): { did: string; from: Address; data: Hex } {
  const publicKey = secp256k1.publicKeyCreate(randomBytes(32), false);
  const x = Buffer.from(publicKey.subarray(1, 33)).toString('base64url');
  const y = Buffer.from(publicKey.subarray(33)).toString('base64url');
  // RFC 7638 thumbprint, as the registry derives it on chain.
  const vMethodId = createHash('sha256')
    .update(`{"crv":"secp256k1","kty":"EC","x":"${x}","y":"${y}"}`)
    .digest('base64url');
  const did = createDidCoreV1();
  const from = `0x${keccak256(publicKey.subarray(1)).slice(-40)}` as Address;
  const data = encodeFunctionData({
    abi: REGISTRIES['did-registry'].abi,
    functionName: 'insertDidDocument',
    args: [did, BASE_DOCUMENT, vMethodId, bytesToHex(publicKey), true, 0n, FAR_FUTURE],
  });
  return { did, from, data };
}

/** One call, sent again (up to 3 times) when the connection drops: mining and reads only. */
async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [result] = await rpcBatch<T>(url, [{ method, params }]);
      return result as T;
    } catch (error) {
      if (!(error instanceof TypeError) || attempt === 3) throw error;
    }
  }
}

async function rpcBatch<T>(
  url: string,
  calls: { method: string; params: unknown[] }[],
): Promise<T[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as { id: number; result?: T; error?: unknown }[];
  return answers
    .sort((x, y) => x.id - y.id)
    .map((answer) => {
      if (answer.error !== undefined) throw new Error(JSON.stringify(answer.error));
      return answer.result as T;
    });
}
