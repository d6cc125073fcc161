import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CoreClient, createCoreClient, verifyCredential } from '../../src/client/index.js';
import { proofs } from '../../src/client/proofs/index.js';
import { createRegistryReads } from '../../src/client/verify/createRegistryReads.js';
import { blockTime, latestBlockTimePassed, operatorSignerOf } from '../journeys/support12.js';
import { runCli } from '../support/cli.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  accredit,
  addIssuerProxy,
  createIssuerParty,
  firstAttributeOf,
  insertTestSchema,
  issueCredential,
  type Party,
  revokeAttribute,
} from '../support/trustChain.js';

/**
 * verifyCredential with the Issuers Registry's answers checked against proven state: a node
 * whose operator hides a revocation is caught.
 */
let node: TestNode;
let client: CoreClient;
let root: Party;
let rootAttributeId: Hex;
let liar: Awaited<ReturnType<typeof startLyingProxy>>;

beforeAll(async () => {
  // A ledger of its own: the embedded one keeps the head's state only, which other files' blocks would move.
  node = await startTestNode({ ownLedger: true });
  client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  root = { did: operator.did, signer: operator, account: operator.account };
  rootAttributeId = await firstAttributeOf(client, root.did);
  // The liar hides revocations: it answers an attribute as it was before it was revoked.
  const before = new Map<string, unknown>();
  liar = await startLyingProxy(node.url, ({ path, body }) => {
    const answer = body as { attribute?: { issuerType?: string } };
    if (!path.includes('/attributes/') || !answer.attribute) return;
    if (answer.attribute.issuerType !== 'Revoked') before.set(path, answer.attribute);
    else if (before.has(path)) answer.attribute = before.get(path) as typeof answer.attribute;
  });
}, 120_000);
afterAll(async () => {
  await liar?.close();
  await node?.close();
});

async function accreditedIssuer(): Promise<Party & { attributeId: Hex }> {
  const operator = root.signer as Parameters<typeof createIssuerParty>[1];
  const party = await createIssuerParty(client, operator);
  const attributeId = await accredit(client, {
    tao: root,
    taoAttributeId: rootAttributeId,
    subject: party,
    role: 'TI',
  });
  return { ...party, attributeId };
}

const degreeOf = async (issuer: Party) =>
  issueCredential(issuer.signer, { type: 'Degree', iat: Number(await blockTime(client)) });

describe('verifyCredential with proofs', () => {
  test('default: an honest node: trusted, the accreditation proven at a block', async () => {
    const ti = await accreditedIssuer();
    const report = await verifyCredential(await degreeOf(ti), {
      node: node.url,
      trust: { proofs: proofs() },
    });
    expect(report.verdict).toBe('trusted');
    const accreditation = report.checks.find((check) => check.id === 'accreditation');
    expect(accreditation?.source).toMatch(/\(proven at block \d+, header as the node gave it\)$/);
    expect(report.reads).toMatch(
      /^DID, Issuers and Schemas Registry reads proven \(header as the node gave it/,
    );
    for (const id of ['issuer', 'key-now'] as const) {
      const check = report.checks.find((entry) => entry.id === id);
      expect(check?.source).toMatch(/\(proven at block \d+, header as the node gave it\)$/);
    }
  });

  test('error: a node that hides a revocation decides wrongly alone; with proofs, the lie is the finding', async () => {
    const ti = await accreditedIssuer();
    const jwt = await degreeOf(ti);
    expect((await verifyCredential(jwt, { node: liar.url })).verdict).toBe('trusted');
    await revokeAttribute(client, root, ti.did, ti.attributeId, rootAttributeId);
    expect((await verifyCredential(jwt, { node: node.url })).verdict).toBe('untrusted');
    expect((await verifyCredential(jwt, { node: liar.url })).verdict).toBe('trusted');
    const report = await verifyCredential(jwt, { node: liar.url, trust: { proofs: proofs() } });
    expect(report.verdict).toBe('untrusted');
    const accreditation = report.checks.find((check) => check.id === 'accreditation');
    expect(accreditation?.detail).toMatch(
      /differs from the state proven at block \d+, header as the node gave it: "issuerType" is "TI", proven "Revoked"/,
    );
  });

  test('behavior: as of a time ("at"), each attribute is the revision that was latest then, proven; a node that hides a revocation then is caught', async () => {
    const ti = await accreditedIssuer();
    const jwt = await degreeOf(ti);
    const accredited = new Date(Number(await latestBlockTimePassed(client)) * 1000);
    await revokeAttribute(client, root, ti.did, ti.attributeId, rootAttributeId);
    const revoked = new Date(Number(await blockTime(client)) * 1000);
    const proven = { node: node.url, trust: { proofs: proofs() } } as const;
    const then = await verifyCredential(jwt, { ...proven, at: accredited });
    const accreditation = then.checks.find((check) => check.id === 'accreditation');
    expect(accreditation).toMatchObject({ verdict: 'pass' });
    expect(accreditation?.source).toMatch(
      /\/attributes\/0x[0-9a-f]{64}\?valid-at=[0-9T:-]+Z \(proven at block \d+, header as the node gave it\)$/,
    );
    const after = await verifyCredential(jwt, { ...proven, at: revoked });
    expect(after.checks.find((check) => check.id === 'accreditation')?.detail).toMatch(
      /was revoked by did:core:/,
    );
    // The hider answers an attribute as it last saw it unrevoked, whatever the time asked.
    const unrevoked = new Map<string, unknown>();
    const hider = await startLyingProxy(node.url, ({ path, body }) => {
      const answer = body as { attribute?: { issuerType?: string } };
      const attribute = path.split('?', 1)[0] as string;
      if (!attribute.includes('/attributes/') || !answer.attribute) return;
      if (answer.attribute.issuerType !== 'Revoked') unrevoked.set(attribute, answer.attribute);
      else if (unrevoked.has(attribute))
        answer.attribute = unrevoked.get(attribute) as typeof answer.attribute;
    });
    try {
      expect((await verifyCredential(jwt, { node: hider.url, at: accredited })).verdict).toBe(
        'trusted',
      );
      const fooled = await verifyCredential(jwt, { node: hider.url, at: revoked });
      expect(fooled.verdict).toBe('trusted');
      const caught = await verifyCredential(jwt, {
        node: hider.url,
        at: revoked,
        trust: { proofs: proofs() },
      });
      expect(caught.checks.find((check) => check.id === 'accreditation')?.detail).toMatch(
        /"issuerType" is "TI", proven "Revoked"/,
      );
    } finally {
      await hider.close();
    }
  });

  test("behavior: an issuer's proxy entry (where its status lists are fetched) is proven; a node that redirects it is caught", async () => {
    const ti = await accreditedIssuer();
    const proxyData = JSON.stringify({
      prefix: 'https://lists.example/status',
      headers: { authorization: 'Bearer secret' },
      testSuffix: '/1',
    });
    const path = await addIssuerProxy(client, ti, proxyData);
    const provenReadsOf = async (url: string) => {
      const over = createCoreClient({ baseUrl: url });
      return (await proofs()({ client: over, reads: createRegistryReads(over, fetch) })).reads;
    };
    const honest = await (await provenReadsOf(node.url)).get(path);
    expect(honest).toMatchObject({
      ok: true,
      value: {
        prefix: 'https://lists.example/status',
        headers: ['authorization'],
        testSuffix: '/1',
      },
    });
    expect(honest.source).toMatch(/\(proven at block \d+, header as the node gave it\)$/);
    const redirector = await startLyingProxy(node.url, ({ path: asked, body }) => {
      if (asked === path) (body as { prefix: string }).prefix = 'https://attacker.example/status';
    });
    try {
      const caught = await (await provenReadsOf(redirector.url)).get(path);
      expect(caught).toMatchObject({ ok: false });
      expect(caught.ok ? '' : caught.reason).toMatch(
        /"prefix" of proxy 0x[0-9a-f]{64} is "https:\/\/attacker\.example\/status", proven "https:\/\/lists\.example\/status"/,
      );
    } finally {
      await redirector.close();
    }
  });

  test("error: a node that swaps an issuer's keys in its DID document is caught by the proven document", async () => {
    const ti = await accreditedIssuer();
    const swapper = await startLyingProxy(node.url, ({ path, body }) => {
      if (!path.startsWith(`/v1/did-registry/identifiers/${ti.did}`)) return;
      const document = body as { verificationMethod?: { publicKeyJwk: { x: string } }[] };
      for (const method of document.verificationMethod ?? []) {
        method.publicKeyJwk.x = 'Gj2Z3mVJ6uRkQxL5w8Pq1sT4yN7cB0eF9hA2dK6oXzM';
      }
    });
    try {
      const report = await verifyCredential(await degreeOf(ti), {
        node: swapper.url,
        trust: { proofs: proofs() },
      });
      expect(report.verdict).toBe('untrusted');
      const issuer = report.checks.find((check) => check.id === 'issuer');
      expect(issuer?.detail).toMatch(
        /differs from the state proven at block \d+, header as the node gave it: "verificationMethod" of the document of did:core:/,
      );
    } finally {
      await swapper.close();
    }
  });

  test("behavior: a credential's schema is proven too; a node that invents a revision is caught", async () => {
    const { id, url } = await insertTestSchema(client, root);
    const ti = await accreditedIssuer();
    const jwt = issueCredential(ti.signer, {
      type: 'Degree',
      iat: Number(await blockTime(client)),
      credentialSchema: { id: url, type: 'JsonSchema' },
    });
    const honest = await verifyCredential(jwt, { node: node.url, trust: { proofs: proofs() } });
    expect(honest.verdict).toBe('trusted');
    const schema = honest.checks.find((check) => check.id === 'schema');
    expect(schema?.source).toMatch(
      /\/revisions \(proven at block \d+, header as the node gave it\)$/,
    );
    const inventor = await startLyingProxy(node.url, ({ path, body }) => {
      if (!path.includes(`/schemas/${id}/revisions`)) return;
      const page = body as { items?: { schemaRevisionId: string }[] };
      page.items?.push({ schemaRevisionId: `0x${'ab'.repeat(32)}` });
    });
    try {
      const lied = await verifyCredential(jwt, { node: inventor.url, trust: { proofs: proofs() } });
      expect(lied.checks.find((check) => check.id === 'schema')?.detail).toMatch(
        /differs from the state proven at block \d+, header as the node gave it: the revisions of z/,
      );
    } finally {
      await inventor.close();
    }
  });

  test('behavior: core-registry verify --proofs catches the lie; --validators refuses headers its genesis validators did not seal', async () => {
    const ti = await accreditedIssuer();
    const jwt = await degreeOf(ti);
    await runCli(['verify', jwt, '--node', liar.url]);
    await revokeAttribute(client, root, ti.did, ti.attributeId, rootAttributeId);
    const proven = await runCli(['verify', jwt, '--node', liar.url, '--proofs']);
    expect(proven.code).toBe(1);
    expect(proven.stdout).toMatch(/✘ accreditation .*"issuerType" is "TI", proven "Revoked"/);
    expect(proven.stdout).toMatch(/^reads: DID, Issuers and Schemas Registry reads proven/m);
    // A Besu kit's genesis: its validators sealed none of this (anvil) chain's blocks.
    const kit = mkdtempSync(join(tmpdir(), 'core-kit-'));
    try {
      const init = await runCli(['network', 'init', '--out', kit, '--validators', '4']);
      expect(init.code, init.stderr).toBe(0);
      const sealed = await runCli([
        'verify',
        await degreeOf(await accreditedIssuer()),
        '--node',
        node.url,
        '--validators',
        join(kit, 'genesis.json'),
      ]);
      expect(sealed.code).toBe(1);
      expect(sealed.stdout).toMatch(
        /✘ accreditation .*The state could not be proven \(header by validator seals from block 0\): block 1: extraData/,
      );
    } finally {
      rmSync(kit, { recursive: true, force: true });
    }
  });
});
