import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CoreClient, createCoreClient, verifyCredential } from '../../src/client/index.js';
import { blockTime, operatorSignerOf } from '../journeys/support12.js';
import { hasChromium, launchChromium } from '../support/chromium.js';
import { startLyingProxy } from '../support/lyingProxy.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  ALL_CHECKS_PASS,
  accredit,
  createIssuerParty,
  firstAttributeOf,
  insertTestSchema,
  issueCredential,
  type Party,
  revokeAttribute,
} from '../support/trustChain.js';

// The explorer's "Verify a credential" view in real headless Chromium: the SDK's verifier, bundled
// for the browser, checks a credential of a Root TAO → TAO → TI chain against the node, its reads
// believed, checked against ledger proofs (proofs.js, an EVM in the page) or asked of a quorum.
const run = hasChromium() || process.env.CI === 'true';
const SHOTS = mkdtempSync(join(tmpdir(), 'core-registry-explorer-shots-'));
const DEGREE = 'UniversityDegree';

let node: TestNode;
let client: CoreClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let root: Party;
let tao: Party & { attributeId: Hex };
let schema: string;
let ti: Party;
let credential: string;
let chainDids: string[];

beforeAll(async () => {
  if (!run) return;
  // The explorer's files are built by the global setup (test/setup.global.ts). A ledger of its
  // own, as the proof tests have: the embedded one keeps the head's state only.
  node = await startTestNode({ ownLedger: true });
  browser = await launchChromium();
  page = await browser.context.newPage();
  client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  root = { did: operator.did, signer: operator, account: operator.account };
  const taoParty = await createIssuerParty(client, operator);
  tao = {
    ...taoParty,
    attributeId: await accredit(client, {
      tao: root,
      taoAttributeId: await firstAttributeOf(client, root.did),
      subject: taoParty,
      role: 'TAO',
    }),
  };
  schema = (await insertTestSchema(client, root)).id;
  ti = await accreditedTi();
  credential = await degreeOf(ti);
  chainDids = [ti.did, tao.did, root.did];
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await node?.close();
});

/** A new TI accredited by the TAO for the degree of the test schema. */
async function accreditedTi(): Promise<Party & { attributeId: Hex }> {
  const party = await createIssuerParty(
    client,
    root.signer as Parameters<typeof createIssuerParty>[1],
  );
  const attributeId = await accredit(client, {
    tao,
    taoAttributeId: tao.attributeId,
    subject: party,
    role: 'TI',
    claims: { accreditedFor: [{ schemaId: schema, types: ['VerifiableCredential', DEGREE] }] },
  });
  return { ...party, attributeId };
}

async function degreeOf(issuer: Party): Promise<string> {
  return issueCredential(issuer.signer, {
    type: DEGREE,
    iat: Number(await blockTime(client)),
    credentialSchema: {
      id: `${node.url}/v1/schemas-registry/schemas/${schema}`,
      type: 'JsonSchema',
    },
  });
}

/** How the view is asked to read: the option's label, and for a quorum the other nodes and M. */
type Reads =
  | 'This node'
  | 'This node, checked against ledger proofs'
  | { others: string[]; quorum: string };

/**
 * Opens the view afresh (of the node at `url`, the test node by default), pastes `jwt`, chooses
 * how reads are established and waits for the trust report (or an error).
 */
async function verify(
  jwt: string,
  reads: Reads = 'This node',
  url = node.url,
): Promise<Record<string, string | null>> {
  await page.goto('about:blank');
  await page.goto(`${url}/explorer/#/verify`);
  await page.waitForSelector('main:not([aria-busy]) h1');
  await page.getByLabel('Credential (JWT VC)').fill(jwt);
  if (typeof reads === 'string') await page.getByLabel(reads, { exact: true }).check();
  else {
    await page.getByLabel('A quorum of nodes', { exact: true }).check();
    await page.getByLabel('Other nodes (one URL a line)').fill(reads.others.join('\n'));
    await page.getByLabel('Nodes that must agree').fill(reads.quorum);
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForSelector('#verify-result:not([aria-busy]) :is(#verdict, [role="alert"])', {
    timeout: 60_000,
  });
  return attributesOf('#checks li', 'data-check', 'data-verdict');
}

/** `key` → `value` attributes of the elements `selector` finds. */
async function attributesOf(
  selector: string,
  key: string,
  value: string,
): Promise<Record<string, string | null>> {
  const elements = await page.locator(selector).all();
  return Object.fromEntries(
    await Promise.all(
      elements.map(async (element) => [
        await element.getAttribute(key),
        await element.getAttribute(value),
      ]),
    ),
  );
}

async function shot(name: string): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
}

describe.runIf(run)('explorer: verify a credential', () => {
  test('default: a TI credential of a seeded chain is trusted, every check passing, the chain shown', async () => {
    expect(await verify(credential)).toEqual(ALL_CHECKS_PASS);
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('trusted');
    expect(await page.textContent('#verdict')).toContain('Trusted');
    expect(await page.getAttribute('#verify-result', 'aria-live')).toBe('polite');
    const chain = await page.locator('#chain li').allTextContents();
    expect(chain.map((text, index) => text.includes(chainDids[index] as string))).toEqual([
      true,
      true,
      true,
    ]);
    // A registry read opens inside the explorer.
    const issuer = await page.getAttribute('#checks li[data-check="issuer"] a.source', 'href');
    expect(issuer).toBe(`#/dids/${encodeURIComponent(ti.did)}`);
    expect(await page.textContent('#checks li[data-check="signature"]')).toContain('✔');
    // This node's word, said so: near the verdict, in the reads line and on each read.
    expect(await page.getAttribute('#verdict .badge.reads-mode', 'data-read')).toBe('unproven');
    expect(await page.textContent('#reads')).toBe(`Reads: one node, not proven (${node.url})`);
    expect(await page.getAttribute('#checks li[data-check="accreditation"]', 'data-read')).toBe(
      'unproven',
    );
    await shot('verify-trusted');
  });

  test('error: a tampered credential is untrusted, its signature check failed', async () => {
    const [head, body, signature] = credential.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.vc.credentialSubject.name = 'Mallory';
    const tampered = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(await verify(tampered)).toEqual({ ...ALL_CHECKS_PASS, signature: 'fail' });
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('untrusted');
    expect(await page.textContent('#checks li[data-check="signature"]')).toContain(
      `✘ signature failed: The ES256K signature does not verify with "${ti.signer.kid}"`,
    );
    await shot('verify-tampered');
  });

  test('behavior: an ES256K signature in its other (high) S form verifies too, on the pure-JS curve', async () => {
    const [head, body, signature] = credential.split('.') as [string, string, string];
    const raw = Buffer.from(signature, 'base64url');
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = n - BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const other = Buffer.concat([
      raw.subarray(0, 32),
      Buffer.from(s.toString(16).padStart(64, '0'), 'hex'),
    ]);
    expect(await verify(`${head}.${body}.${other.toString('base64url')}`)).toEqual(ALL_CHECKS_PASS);
  });

  test('error: text that is not a JWT fails the shape check, the rest skipped', async () => {
    const checks = await verify('not a credential');
    expect(checks.shape).toBe('fail');
    expect(new Set(Object.values(checks).slice(1))).toEqual(new Set(['skip']));
  });

  test('args: reads checked against ledger proofs: an honest node is trusted, its reads marked proven at a block', async () => {
    expect(await verify(credential, 'This node, checked against ledger proofs')).toEqual(
      ALL_CHECKS_PASS,
    );
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('trusted');
    expect(await page.textContent('#verdict .badge.reads-mode')).toBe(
      'registry reads proven, header from the node',
    );
    expect(await page.textContent('#reads')).toMatch(
      /^Reads: DID, Issuers and Schemas Registry reads proven \(header as the node gave it; .*\); status lists from one node, not proven/,
    );
    // Each check a proven read decided is marked so; the others (no read) are not marked.
    expect(await attributesOf('#checks li', 'data-check', 'data-read')).toEqual({
      shape: null,
      times: null,
      issuer: 'proven',
      'key-at-issuance': 'proven',
      signature: 'proven',
      'key-now': 'proven',
      accreditation: 'proven',
      schema: 'proven',
      status: null,
    });
    expect(await page.textContent('#checks li[data-check="accreditation"] .badge.read')).toMatch(
      /^proven at block \d+$/,
    );
    expect(await attributesOf('#chain li', 'data-role', 'data-read')).toEqual({
      TI: 'proven',
      TAO: 'proven',
      RootTAO: 'proven',
    });
    // The read still opens inside the explorer.
    const issuer = await page.getAttribute('#checks li[data-check="issuer"] a.source', 'href');
    expect(issuer).toBe(`#/dids/${encodeURIComponent(ti.did)}`);
    await shot('verify-proven');
  }, 90_000);

  test('error: a node that hides a revocation is believed alone; with ledger proofs its answer is refuted', async () => {
    const revoked = await accreditedTi();
    const jwt = await degreeOf(revoked);
    // The liar answers an attribute as it was before it was revoked.
    const before = new Map<string, unknown>();
    const liar = await startLyingProxy(node.url, ({ path, body }) => {
      const answer = body as { attribute?: { issuerType?: string } };
      if (!path.includes('/attributes/') || !answer.attribute) return;
      if (answer.attribute.issuerType !== 'Revoked') before.set(path, answer.attribute);
      else if (before.has(path)) answer.attribute = before.get(path) as typeof answer.attribute;
    });
    try {
      expect((await verifyCredential(jwt, { node: liar.url })).verdict).toBe('trusted');
      await revokeAttribute(client, tao, revoked.did, revoked.attributeId, tao.attributeId);
      expect(await verify(jwt, 'This node', liar.url)).toEqual(ALL_CHECKS_PASS);
      const checks = await verify(jwt, 'This node, checked against ledger proofs', liar.url);
      expect(checks).toEqual({ ...ALL_CHECKS_PASS, accreditation: 'fail' });
      expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('untrusted');
      const accreditation = '#checks li[data-check="accreditation"]';
      expect(await page.getAttribute(accreditation, 'data-read')).toBe('refuted');
      expect(await page.textContent(accreditation)).toMatch(
        /differs from the state proven at block \d+, header as the node gave it: "issuerType" is "TI", proven "Revoked".* refuted by proof$/,
      );
      await shot('verify-refuted');
    } finally {
      await liar.close();
    }
  }, 120_000);

  test('args: a quorum of this node alone (1 of 1) marks each read with the nodes that agreed', async () => {
    expect(await verify(credential, { others: [], quorum: '1' })).toEqual(ALL_CHECKS_PASS);
    expect(await page.textContent('#verdict .badge.reads-mode')).toBe(
      'quorum: 1 of 1 nodes must agree',
    );
    expect(await page.textContent('#reads')).toBe(
      `Reads: 1 of 1 nodes agreeing on each read (${node.url})`,
    );
    expect(await page.textContent('#checks li[data-check="issuer"] .badge.read')).toBe(
      '1 of 1 nodes agreed',
    );
  });

  test("error: a quorum of nodes this page may not reach: the page's policy is named, no trusted verdict", async () => {
    const other = 'http://127.0.0.1:9';
    const checks = await verify(credential, { others: [other], quorum: '2' });
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('untrusted');
    expect(checks.issuer).toBe('fail');
    expect(await page.getAttribute('#checks li[data-check="issuer"]', 'data-read')).toBe(
      'no-quorum',
    );
    expect(await page.textContent('#refused-nodes')).toContain(
      `the browser refused the reads of ${other}`,
    );
    await shot('verify-quorum-refused');
  });

  test('error: a quorum that cannot be met is refused before any read', async () => {
    await verify(credential, { others: ['http://127.0.0.1:9'], quorum: '3' });
    expect(await page.textContent('#verify-result [role="alert"]')).toBe(
      'This quorum cannot be metThe nodes that must agree are a whole number from 1 to 2 (the nodes listed, this one included), not "3".',
    );
  });
});
