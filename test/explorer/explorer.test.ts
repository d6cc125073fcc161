import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { sha256 } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/client/index.js';
import { hasChromium, launchChromium } from '../support/chromium.js';
import { signFreeTransfer } from '../support/freeTransfer.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import { TEST_CHAIN_ID } from '../support/workerLedger.js';
import { type ExplorerSeed, seedExplorer } from './seedExplorer.js';

// The explorer in real headless Chromium (Debian's), against a node with seeded data. CI installs
// Chromium (.ci/run); elsewhere the suite is skipped when it is missing.
const run = hasChromium() || process.env.CI === 'true';
const SHOTS = mkdtempSync(join(tmpdir(), 'core-registry-explorer-shots-'));

let node: TestNode;
let seed: ExplorerSeed;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  if (!run) return;
  // The explorer's files are built by the global setup (test/setup.global.ts).
  node = await startTestNode();
  [seed, browser] = await Promise.all([seedExplorer(node), launchChromium()]);
  page = await browser.context.newPage();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await node?.close();
});

/** Loads the explorer afresh at `hash` (a hash change alone could match the previous view). */
async function open(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${node.url}/explorer/${hash}`);
  await page.waitForSelector('main:not([aria-busy]) h1');
}

async function shot(name: string): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
}

describe.runIf(run)('explorer', () => {
  test('behavior: /explorer redirects, files have their types, a missing file is a 404 problem', async () => {
    const redirect = await fetch(`${node.url}/explorer`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/explorer/']);
    const types = await Promise.all(
      ['', 'explorer.css', 'main.js'].map(async (file) => {
        const response = await fetch(`${node.url}/explorer/${file}`, {
          headers: { accept: 'text/html' },
        });
        return [response.status, response.headers.get('content-type')?.split(';')[0]];
      }),
    );
    expect(types).toEqual([
      [200, 'text/html'],
      [200, 'text/css'],
      [200, 'application/javascript'],
    ]);
    const missing = await fetch(`${node.url}/explorer/nothing.js`);
    expect([missing.status, missing.headers.get('content-type')]).toEqual([
      404,
      'application/problem+json; charset=utf-8',
    ]);
  });

  test('default: the network view shows the chain, a live head block, the registries and the operator', async () => {
    await open('');
    expect(await page.textContent('#chain-id')).toBe(String(TEST_CHAIN_ID));
    const rows = await page.locator('#registries tbody tr').allTextContents();
    expect(rows).toHaveLength(7);
    expect(rows[0]).toContain(node.environment.registries['did-registry']);
    expect(await page.locator('#registries a[href="/v1/timestamp/details"]').count()).toBe(1);
    expect(await page.textContent('main')).toContain(seed.operatorDid);
    // The ledger mines when there is work: a transaction sent to it moves the head, which the
    // page reads again every 3 s.
    const head = Number(await page.textContent('#head-block'));
    await fetch(node.ledger.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_sendRawTransaction',
        params: [await signFreeTransfer()],
      }),
    });
    await expect
      .poll(async () => Number(await page.textContent('#head-block')), { timeout: 10_000 })
      .toBeGreaterThan(head);
    await shot('network');
  });

  test('default: the DID list shows the seeded DIDs; a search opens a document with keys and controllers', async () => {
    await open('#/dids');
    const listed = await page.locator('#did-list').textContent();
    expect(listed).toContain(seed.tao.did);
    expect(listed).toContain(seed.revokedTi.did);
    await page.fill('#did-search', seed.tao.did);
    await page.press('#did-search', 'Enter');
    await page.waitForSelector('#keys');
    expect(await page.textContent('h1')).toContain(seed.tao.did);
    expect(await page.textContent('#controllers')).toContain(seed.tao.did);
    const key = await page.locator('#keys tbody tr').first().textContent();
    expect(key).toContain(seed.tao.key.vMethodId);
    expect(key).toContain('capabilityInvocation');
    expect(page.url()).toContain(`#/dids/${encodeURIComponent(seed.tao.did)}`);
    await shot('did-document');
  });

  test('behavior: "as of" a date before the DID was registered shows the document then', async () => {
    await open(`#/dids/${encodeURIComponent(seed.tao.did)}`);
    await page.fill('#valid-at', '2001-01-01');
    await page.click('form[aria-label="Document at a date"] button');
    await page.waitForSelector('#as-of:text("As of 2001-01-01")');
    const response = await fetch(
      `${node.url}/v1/did-registry/identifiers/${seed.tao.did}?valid-at=2001-01-01`,
      { headers: { accept: 'application/did+json' } },
    );
    const then = (await response.json()) as { verificationMethod: unknown[] };
    expect(await page.locator('#keys tbody tr').count()).toBe(then.verificationMethod.length);
  });

  test("default: the key history lists the DID's changes; a change's date opens the document then", async () => {
    await open(`#/dids/${encodeURIComponent(seed.tao.did)}`);
    await page.waitForSelector('#history:not([aria-busy]) #history-table');
    const rows = page.locator('#history-table tbody tr');
    expect(
      await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-event'))),
    ).toEqual(['DidDocumentInserted', 'BaseDocumentUpdated']);
    const registered = (await rows.first().textContent()) ?? '';
    expect(registered).toContain('Registered');
    expect(registered).toContain(seed.tao.key.vMethodId);
    const when = ((await rows.first().locator('th a').textContent()) ?? '').trim();
    expect(when).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await shot('did-history');
    await rows.first().locator('th a').click();
    await page.waitForSelector(`#as-of:text("As of ${when}")`);
    expect(await page.textContent('#keys')).toContain(seed.tao.key.vMethodId);
  });

  test('error: a DID that is not registered shows a clear message', async () => {
    const missing = createDidCoreV1();
    await open(`#/dids/${encodeURIComponent(missing)}`);
    expect(await page.textContent('#error-title')).toBe('Not found');
    expect(await page.textContent('#error-detail')).toContain(`${missing} is not registered`);
    await shot('did-missing');
  });

  test('default: a timestamped file is found, by choosing it or dropping it; another is not', async () => {
    await open('#/check');
    await page.setInputFiles('#file', {
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: seed.file,
    });
    await page.waitForSelector('#check-result .verdict');
    const found = await page.textContent('#check-result');
    expect(found).toContain('Timestamped');
    expect(found).toContain(sha256(seed.file));
    expect(found).toContain(String(seed.fileBlock));
    await shot('check-file-found');

    const other = randomBytes(100);
    // Browser code as text: the tests are type-checked without the DOM library.
    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(${JSON.stringify([...other])})], 'other.bin'));
      return transfer;
    })()`);
    await page.dispatchEvent('#drop-zone', 'drop', { dataTransfer: dropped });
    await page.waitForSelector('#check-result .verdict.warn');
    const result = await page.textContent('#check-result');
    expect(result).toContain('Not timestamped');
    expect(result).toContain(sha256(other));
    await shot('check-file-not-found');
  });

  test('default: an issuer shows its chain up to the Root TAO, the revocation marked', async () => {
    await open('#/issuers');
    const listed = await page.textContent('#issuer-list');
    for (const did of [seed.operatorDid, seed.tao.did, seed.revokedTi.did])
      expect(listed).toContain(did);
    await page.click(`#issuer-list a:has-text("${seed.revokedTi.did}")`);
    await page.waitForSelector('#chain');
    const chain = await page.locator('#chain li').allTextContents();
    expect(chain).toHaveLength(3);
    expect(chain[0]).toContain(seed.revokedTi.did);
    expect(chain[0]).toContain('revoked');
    expect(chain[1]).toContain(seed.tao.did);
    expect(chain[1]).toContain('TAO');
    expect(chain[2]).toContain(seed.operatorDid);
    expect(chain[2]).toContain('RootTAO');
    expect(await page.textContent('#attributes mark.revoked')).toBe('Revoked');
    await shot('issuer-chain');
  });

  test('default: the timestamps list links to the seeded timestamp; policies are listed', async () => {
    await open('#/browse/timestamp/timestamps');
    await page.locator('#browse-list a').first().click();
    await page.waitForSelector('#entity');
    expect(await page.textContent('#entity')).toContain(String(seed.fileBlock));
    await shot('timestamp');
    await open('#/browse/policies-registry/policies');
    expect(await page.locator('#browse-list li').count()).toBeGreaterThan(0);
  });

  test('default: the seeded schema is listed; it shows its latest revision, and both revisions are listed', async () => {
    await open('#/browse/schemas-registry/schemas');
    await page.click(`#browse-list a:has-text("${seed.schema.multibaseId}")`);
    await page.waitForSelector('#entity');
    expect(await page.textContent('#entity')).toContain(seed.schema.title);
    await shot('schema');
    await page.click('#nested a:text-is("revisions")');
    await page.waitForSelector('main:not([aria-busy]) #browse-list');
    expect(await page.locator('#browse-list li').count()).toBe(2);
  });

  test('default: a Track and Trace document shows its metadata and creator, its event and its accesses', async () => {
    const { document } = seed;
    await open('#/browse/track-and-trace/documents');
    await page.click(`#browse-list a:has-text("${document.hash}")`);
    await page.waitForSelector('#entity');
    const shown = await page.textContent('#entity');
    expect(shown).toContain(document.metadata);
    expect(shown).toContain(document.creator);
    await shot('tnt-document');
    await page.click('#nested a:text-is("events")');
    await page.waitForSelector('#browse-list');
    await page.locator('#browse-list a').first().click();
    await page.waitForSelector('#entity');
    expect(await page.textContent('#entity')).toContain('warehouse 7');
    await page.goBack();
    await page.goBack();
    await page.click('#nested a:text-is("accesses")');
    await page.waitForSelector('main:not([aria-busy]) #browse-list');
    const accesses = await page.textContent('main');
    expect(accesses).toContain(document.creator);
    expect(accesses).toContain('creator');
  });

  test('behavior: on a phone-sized screen the network view needs no sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('');
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await shot('network-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
