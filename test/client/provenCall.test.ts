import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeFunctionResult, encodeFunctionData, type Hex, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCoreClient } from '../../src/client/createCoreClient.js';
import { provenCall } from '../../src/client/proofs/provenCall.js';
import type { RpcHeader } from '../../src/client/proofs/qbftHeader.js';
import { StateProofError } from '../../src/client/proofs/stateProof.js';
import { readRecord } from '../../src/genesis/operator.js';
import { descriptorOf } from '../../src/registries/catalog.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

/**
 * Registry reads computed in a local EVM over state proven against a block's stateRoot, through
 * a real node's POST /v1/ledger, and through a lying proxy in front of it.
 */
let node: TestNode;
let liar: Server;
let liarUrl: string;
/** What the proxy alters: `eth_getProof` answers, `eth_call` results, or nothing. */
let lie: 'none' | 'proof' | 'call' = 'none';

beforeAll(async () => {
  node = await startTestNode();
  liar = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${node.url}${request.url}`, {
      method: request.method ?? 'GET',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      ...(request.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = (await upstream.json()) as unknown;
    const sent =
      request.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const entries = Array.isArray(body) ? body : [body];
    const asked = Array.isArray(sent) ? sent : [sent];
    for (const [i, entry] of entries.entries()) {
      const method = asked[i]?.method;
      if (lie === 'proof' && method === 'eth_getProof' && entry.result?.storageProof?.[0]) {
        entry.result.storageProof[0].value = '0x2a';
      }
      if (lie === 'call' && method === 'eth_call' && typeof entry.result === 'string') {
        entry.result = `${entry.result.slice(0, -1)}${entry.result.endsWith('0') ? '1' : '0'}`;
      }
    }
    response.writeHead(upstream.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
  liarUrl = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => liar?.close(resolve));
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

  test('error: a node that alters its eth_getProof answers is caught; one that alters eth_call is contradicted', async () => {
    lie = 'proof';
    await expect(subjectPolicies(liarUrl)).rejects.toThrow(StateProofError);
    await expect(subjectPolicies(liarUrl)).rejects.toThrow(/the node reports 42, the proof/);
    lie = 'call';
    const { proven, claimed } = await subjectPolicies(liarUrl);
    expect(proven.returnData).not.toBe(claimed);
    lie = 'none';
  });
});
