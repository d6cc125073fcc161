import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  type TrustReport,
  verifyCredential,
} from '../../src/client/index.js';
import { blockTime, operatorSignerOf } from '../journeys/support12.js';
import { runCli } from '../support/cli.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  accredit,
  createIssuerParty,
  firstAttributeOf,
  issueCredential,
  type Party,
} from '../support/trustChain.js';

/**
 * verifyCredential against several nodes that must agree (docs/trust-model.md): honest ones, and
 * proxies whose operators lie about the issuer's DID document, each in their own way.
 */
let node: TestNode;
let client: CoreClient;
let ti: Party;
type Proxy = Awaited<ReturnType<typeof startLyingProxy>>;
let honest: Proxy;
let liars: [Proxy, Proxy];

/** A liar that swaps every key of the issuer's DID document for its own. */
const swapKeys = (fake: string) =>
  startLyingProxy(node.url, ({ path, body }) => {
    if (!path.startsWith(`/v1/did-registry/identifiers/${ti.did}`)) return;
    const document = body as { verificationMethod?: { publicKeyJwk: { x: string } }[] };
    for (const method of document.verificationMethod ?? []) method.publicKeyJwk.x = fake;
  });

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  const root = { did: operator.did, signer: operator, account: operator.account };
  const party = await createIssuerParty(client, operator);
  await accredit(client, {
    tao: root,
    taoAttributeId: await firstAttributeOf(client, root.did),
    subject: party,
    role: 'TI',
  });
  ti = party;
  honest = await startLyingProxy(node.url, () => undefined);
  liars = [
    await swapKeys('Gj2Z3mVJ6uRkQxL5w8Pq1sT4yN7cB0eF9hA2dK6oXzM'),
    await swapKeys('mXo6Kd2Ah9Fe0Bc7Ny4Ts1qP8w5Lx-QkRu6JVm3Z2jG'),
  ];
}, 120_000);
afterAll(async () => {
  for (const proxy of [honest, ...(liars ?? [])]) await proxy?.close();
  await node?.close();
});

const credential = async () =>
  issueCredential(ti.signer, { type: 'Degree', iat: Number(await blockTime(client)) });
const verdictOf = (report: TrustReport, id: string) =>
  report.checks.find((check) => check.id === id)?.verdict;

describe('verifyCredential with a quorum of nodes', () => {
  test('default: one node is believed, and says so; a lying node alone decides wrongly', async () => {
    const jwt = await credential();
    const alone = await verifyCredential(jwt, { node: node.url });
    expect([alone.verdict, alone.reads]).toEqual(['trusted', `one node, not proven (${node.url})`]);
    const lied = await verifyCredential(jwt, { node: liars[0].url });
    expect(lied.verdict).toBe('untrusted');
    expect(verdictOf(lied, 'signature')).toBe('fail');
  });

  test('behavior: 3 nodes of which 1 lies, quorum 2: the right verdict, each read naming the agreement', async () => {
    const report = await verifyCredential(await credential(), {
      nodes: [node.url, honest.url, liars[0].url],
      trust: { quorum: 2 },
    });
    expect(report.verdict).toBe('trusted');
    expect(report.reads).toBe(
      `2 of 3 nodes agreeing on each read (${node.url}, ${honest.url}, ${liars[0].url})`,
    );
    const issuer = report.checks.find((check) => check.id === 'issuer');
    expect(issuer?.source).toMatch(/\(2 of 3 nodes agreed\)$/);
  });

  test('error: 3 nodes of which 2 lie differently: the verifier refuses to decide, never a wrong "trusted"', async () => {
    const report = await verifyCredential(await credential(), {
      nodes: [node.url, ...liars.map((liar) => liar.url)],
      trust: { quorum: 2 },
    });
    expect(report.verdict).toBe('untrusted');
    const issuer = report.checks.find((check) => check.id === 'issuer');
    expect(issuer).toMatchObject({ verdict: 'fail' });
    expect(issuer?.detail).toMatch(/The nodes disagree: at most 1 of 3 nodes agreed, 2 needed/);
  });

  test('behavior: core-registry verify --nodes --quorum says how its reads were established', async () => {
    const jwt = await credential();
    const nodes = [node.url, honest.url, liars[0].url].join(',');
    const run = await runCli(['verify', jwt, '--nodes', nodes, '--quorum', '2']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('reads: 2 of 3 nodes agreeing on each read');
    const refused = await runCli(['verify', jwt, '--nodes', nodes, '--quorum', '4']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/from 1 to 3/);
  });
});
