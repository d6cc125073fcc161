import { decodeFunctionResult, encodeFunctionData, type Hex, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCoreClient } from '../../src/client/createCoreClient.js';
import { createProofCache } from '../../src/client/proofs/provenAccounts.js';
import { provenCall } from '../../src/client/proofs/provenCall.js';
import type { RpcHeader } from '../../src/client/proofs/qbftHeader.js';
import { StateProofError } from '../../src/client/proofs/stateProof.js';
import { readRecord } from '../../src/genesis/operator.js';
import { descriptorOf } from '../../src/registries/catalog.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

/**
 * Registry reads computed in a local EVM over state proven against a block's stateRoot, through
 * a real node's POST /v1/ledger, and through a lying proxy in front of it.
 */
let node: TestNode;
let liar: Awaited<ReturnType<typeof startLyingProxy>>;
/** What the proxy alters: `eth_getProof` answers, `eth_call` results, or nothing. */
let lie: 'none' | 'proof' | 'call' = 'none';
/** The accounts of the `eth_getProof` answers passed through, with how many slots each proved. */
const proofsSeen: { address: string; slots: number }[] = [];

beforeAll(async () => {
  // A ledger of its own: the embedded one keeps the head's state only, which other files' blocks would move.
  node = await startTestNode({ ownLedger: true });
  liar = await startLyingProxy(node.url, ({ methods, body }) => {
    const entries = (Array.isArray(body) ? body : [body]) as {
      result?: { storageProof?: { value: string }[] } | string;
    }[];
    for (const [i, entry] of entries.entries()) {
      const { result } = entry;
      if (methods[i] === 'eth_getProof' && typeof result === 'object') {
        const { address, storageProof = [] } = result as { address: string; storageProof?: [] };
        proofsSeen.push({ address: address.toLowerCase(), slots: storageProof.length });
      }
      if (lie === 'proof' && methods[i] === 'eth_getProof' && typeof result === 'object') {
        const [first] = result.storageProof ?? [];
        if (first) first.value = '0x2a';
      }
      if (lie === 'call' && methods[i] === 'eth_call' && typeof result === 'string') {
        entry.result = `${result.slice(0, -1)}${result.endsWith('0') ? '1' : '0'}`;
      }
    }
  });
}, 120_000);
afterAll(async () => {
  await liar?.close();
  await node?.close();
});

const policies = () => ({
  to: node.environment.registries['policies-registry'],
  abi: descriptorOf('policies-registry').contract.abi,
});

/** The operator's policies, proven and as the node claims them at the same block. */
async function subjectPolicies(baseUrl: string) {
  const client = createCoreClient({ baseUrl });
  const latest = () => client.rpc<RpcHeader>('eth_getBlockByNumber', ['latest', false]);
  const { address } = readRecord(`${node.dataDir}/operator.json`);
  const data = encodeFunctionData({
    abi: policies().abi,
    functionName: 'getSubjectAttributes',
    args: [address, 1n, 50n],
  });
  // The embedded ledger keeps the head's state only: a new block in between means asking again.
  for (let attempt = 1; ; attempt++) {
    const proven = await provenCall(client, {
      to: policies().to,
      data,
      header: latest,
      chainId: node.environment.chainId,
    });
    const claimed = await client
      .rpc<Hex>('eth_call', [{ to: policies().to, data }, toHex(proven.blockNumber)])
      .catch((error: Error) => {
        if (attempt < 3 && /BlockOutOfRange/.test(error.message)) return undefined;
        throw error;
      });
    if (claimed !== undefined) return { proven, claimed };
  }
}

describe('provenCall', () => {
  test('default: a registry view run over proven state returns what the honest node answers', async () => {
    lie = 'none';
    const { proven, claimed } = await subjectPolicies(node.url);
    expect(proven.reverted).toBe(false);
    expect(proven.returnData).toBe(claimed);
    const [names] = decodeFunctionResult({
      abi: policies().abi,
      functionName: 'getSubjectAttributes',
      data: proven.returnData,
    }) as [string[], bigint];
    expect(names).toContain('TPR:insertUserAttributes');
    expect(proven.proven.accounts).toBeGreaterThanOrEqual(2);
    expect(proven.proven.slots).toBeGreaterThan(10);
  });

  test('behavior: calls running side by side under one state root prove each account once', async () => {
    lie = 'none';
    const client = createCoreClient({ baseUrl: liar.url });
    const { address } = readRecord(`${node.dataDir}/operator.json`);
    const views = [1n, 2n, 3n].map((page) =>
      encodeFunctionData({
        abi: policies().abi,
        functionName: 'getSubjectAttributes',
        args: [address, page, 2n],
      }),
    );
    const run = (header: RpcHeader, cache?: ReturnType<typeof createProofCache>) =>
      Promise.all(
        views.map((data) =>
          provenCall(client, {
            to: policies().to,
            data,
            header: async () => header,
            chainId: node.environment.chainId,
            ...(cache ? { cache } : {}),
          }),
        ),
      );
    // The embedded ledger keeps the head's state only: a block in between means starting again.
    // Blocks come only while there is work and a few after it, so the ledger soon holds still.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const header = await client.rpc<RpcHeader>('eth_getBlockByNumber', ['latest', false]);
      try {
        proofsSeen.length = 0;
        const shared = await run(header, createProofCache());
        const sharedProofs = [...proofsSeen];
        const claimed = await Promise.all(
          views.map((data) =>
            client.rpc<Hex>('eth_call', [{ to: policies().to, data }, header.number]),
          ),
        );
        proofsSeen.length = 0;
        await run(header);
        // The implementation behind the proxy is asked for its account and code only, and once.
        const codeOnly = sharedProofs.filter((p) => p.slots === 0).map((p) => p.address);
        expect(codeOnly.length).toBeGreaterThan(0);
        expect(new Set(codeOnly).size).toBe(codeOnly.length);
        expect(shared.map((result) => result.returnData)).toEqual(claimed);
        // Without a cache each call proves everything itself: the same accounts, once per call.
        expect(proofsSeen.filter((p) => p.slots === 0)).toHaveLength(
          views.length * codeOnly.length,
        );
        return;
      } catch (error) {
        if (Date.now() > deadline || !/BlockOutOfRange/.test(String(error))) throw error;
      }
    }
  });

  test('error: a node that alters its eth_getProof answers is caught; one that alters eth_call is contradicted', async () => {
    lie = 'proof';
    await expect(subjectPolicies(liar.url)).rejects.toThrow(StateProofError);
    await expect(subjectPolicies(liar.url)).rejects.toThrow(/the node reports 42, the proof/);
    lie = 'call';
    const { proven, claimed } = await subjectPolicies(liar.url);
    expect(proven.returnData).not.toBe(claimed);
    lie = 'none';
  });
});
