import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCoreClient } from '../../src/client/index.js';
import { blockTime, operatorSignerOf } from '../journeys/support12.js';
import { hasChromium, launchChromium } from '../support/chromium.js';
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
} from '../support/trustChain.js';

// The explorer's "Verify a credential" view in real headless Chromium: the SDK's verifier, bundled
// for the browser, checks a credential of a Root TAO → TAO → TI chain against the node.
const run = hasChromium() || process.env.CI === 'true';
const SHOTS = mkdtempSync(join(tmpdir(), 'core-registry-explorer-shots-'));
const DEGREE = 'UniversityDegree';

let node: TestNode;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let ti: Party;
let credential: string;
let chainDids: string[];

beforeAll(async () => {
  if (!run) return;
  // The explorer's files are built by the global setup (test/setup.global.ts).
  node = await startTestNode();
  browser = await launchChromium();
  page = await browser.context.newPage();
  const client = createCoreClient({ baseUrl: node.url });
  const operator = operatorSignerOf(await operatorOf(node));
  const root: Party = { did: operator.did, signer: operator, account: operator.account };
  const tao = await createIssuerParty(client, operator);
  const taoAttributeId = await accredit(client, {
    tao: root,
    taoAttributeId: await firstAttributeOf(client, root.did),
    subject: tao,
    role: 'TAO',
  });
  const { id: schema } = await insertTestSchema(client, root);
  ti = await createIssuerParty(client, operator);
  await accredit(client, {
    tao,
    taoAttributeId,
    subject: ti,
    role: 'TI',
    claims: { accreditedFor: [{ schemaId: schema, types: ['VerifiableCredential', DEGREE] }] },
  });
  credential = issueCredential(ti.signer, {
    type: DEGREE,
    iat: Number(await blockTime(client)),
    credentialSchema: {
      id: `${node.url}/v1/schemas-registry/schemas/${schema}`,
      type: 'JsonSchema',
    },
  });
  chainDids = [ti.did, tao.did, root.did];
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await node?.close();
});

/** Opens the view afresh, pastes `jwt` and waits for the trust report. */
async function verify(jwt: string): Promise<Record<string, string | null>> {
  await page.goto('about:blank');
  await page.goto(`${node.url}/explorer/#/verify`);
  await page.waitForSelector('main:not([aria-busy]) h1');
  await page.getByLabel('Credential (JWT VC)').fill(jwt);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForSelector('#verify-result:not([aria-busy]) #verdict', { timeout: 30_000 });
  const checks = await page.locator('#checks li').all();
  return Object.fromEntries(
    await Promise.all(
      checks.map(async (check) => [
        await check.getAttribute('data-check'),
        await check.getAttribute('data-verdict'),
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
});
