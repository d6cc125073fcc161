import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { sha256 } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../src/client/index.js';
import { hasChromium, launchChromium, openExplorer, screenshot } from '../support/chromium.js';
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

const open = (hash: string) => openExplorer(page, node.url, hash);
const shot = (name: string) => screenshot(page, SHOTS, name);

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
    const stamp = await page.textContent('#entity');
    expect(stamp).toContain(`block ${seed.fileBlock}`);
    // In hex, as "Check a file" shows it.
    expect(stamp).toContain(`Hash (SHA-256)${sha256(seed.file)}`);
    expect(await page.textContent('h1')).toMatch(/^Timestamp /);
    await shot('timestamp');
    await open('#/browse/policies-registry/policies');
    expect(await page.textContent('h1')).toBe('Policies');
    expect(await page.locator('#browse-list tbody tr').count()).toBeGreaterThan(0);
  });

  test('default: the seeded schema is listed; it shows its latest revision, and both revisions are listed', async () => {
    await open('#/browse/schemas-registry/schemas');
    await page.click(`#browse-list a:has-text("${seed.schema.multibaseId}")`);
    await page.waitForSelector('#entity');
    expect(await page.textContent('#entity')).toContain(seed.schema.title);
    await shot('schema');
    await page.click('#nested a:text-is("Revisions")');
    await page.waitForSelector('main:not([aria-busy]) #browse-list');
    expect(await page.locator('#browse-list tbody tr').count()).toBe(2);
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
    expect(shown).toMatch(/Created\d{4}-\d\d-\d\dT/);
    await page.click('#nested a:text-is("Events")');
    await page.waitForSelector('#browse-list');
    await page.locator('#browse-list a').first().click();
    await page.waitForSelector('#entity');
    const event = await page.textContent('#entity');
    expect(event).toContain('warehouse 7');
    expect(event).toContain(`By${document.creator}`);
    await page.goBack();
    await page.goBack();
    await page.click('#nested a:text-is("Who may access it")');
    await page.waitForSelector('main:not([aria-busy]) #browse-list');
    const accesses = await page.textContent('main');
    expect(accesses).toContain(document.creator);
    expect(accesses).toContain('Created it: write events and grant access');
  });

  test('behavior: a malformed DID says so, and what a valid DID looks like', async () => {
    await open('#/dids/did:core:not-a-did');
    expect(await page.textContent('#error-title')).toBe('This DID is malformed');
    expect(await page.textContent('#error-detail')).toContain(
      '"did:core:not-a-did" is not a valid DID. A DID of this network looks like did:core:z',
    );
  });

  test('behavior: every view, on a desktop and at 390 px, fits the width and logs no console error', async () => {
    const views = await everyView();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    console.log(
      `screenshots of every view: ${SHOTS} (kept after the run with CORE_TEST_KEEP_TMP=1)`,
    );
    for (const [width, height, device] of [
      [1280, 800, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, hash, ready] of views) {
        await open(hash);
        if (ready) await page.waitForSelector(ready);
        if (name === 'check-file') {
          await page.setInputFiles('#file', {
            name: 'a-long-file-name-of-a-contract.pdf',
            mimeType: 'application/pdf',
            buffer: seed.file,
          });
          await page.waitForSelector('#check-result .verdict');
        }
        const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
        expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
        await shot(`${device}-${name}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
    // 64 page loads: about 15 s on two idle cores, several times that beside other test files.
  }, 180_000);
});

/** Every view of the explorer with the seeded data: its name, its location, what shows it is done. */
async function everyView(): Promise<[name: string, hash: string, ready?: string][]> {
  const first = async (path: string) => {
    const { items } = (await (await fetch(`${node.url}${path}`)).json()) as {
      items: { href: string }[];
    };
    const href = items[0]?.href;
    if (!href) throw new Error(`${path} is empty`);
    return `#/browse/${new URL(href).pathname.replace(/^\/v1\//, '')}`;
  };
  const document = `#/browse/track-and-trace/documents/${seed.document.hash}`;
  const schema = await first('/v1/schemas-registry/schemas');
  const revision = await first(`${schema.replace('#/browse/', '/v1/')}/revisions`);
  const record = await first('/v1/timestamp/records');
  return [
    ['network', ''],
    ['dids', '#/dids'],
    ['did-document', `#/dids/${encodeURIComponent(seed.tao.did)}`, '#history:not([aria-busy])'],
    ['did-malformed', '#/dids/did:core:not-a-did'],
    ['issuers', '#/issuers'],
    ['issuer', `#/issuers/${encodeURIComponent(seed.revokedTi.did)}`, '#chain'],
    ['check-file', '#/check'],
    ['verify-credential', '#/verify'],
    ['policies', '#/browse/policies-registry/policies'],
    ['policy', await first('/v1/policies-registry/policies')],
    ['policy-holders', '#/browse/policies-registry/subjects'],
    ['policy-holder', await first('/v1/policies-registry/subjects')],
    ['schemas', '#/browse/schemas-registry/schemas'],
    ['schema', schema],
    ['schema-revisions', `${schema}/revisions`],
    ['schema-revision', revision],
    ['schema-metadata', `${revision}/metadata`],
    ['timestamps', '#/browse/timestamp/timestamps'],
    ['timestamp', await first('/v1/timestamp/timestamps')],
    ['hash-algorithms', '#/browse/timestamp/hash-algorithms'],
    ['hash-algorithm', await first('/v1/timestamp/hash-algorithms')],
    ['records', '#/browse/timestamp/records'],
    ['record', record],
    ['record-versions', `${record}/versions`],
    ['record-version', await first(`${record.replace('#/browse/', '/v1/')}/versions`)],
    ['tnt-documents', '#/browse/track-and-trace/documents'],
    ['tnt-document', document],
    ['tnt-events', `${document}/events`],
    ['tnt-event', await first(`/v1/track-and-trace/documents/${seed.document.hash}/events`)],
    ['tnt-accesses', `${document}/accesses`],
    ['contracts', '#/browse/contracts-registry/contracts'],
    ['page-not-found', '#/nowhere'],
  ];
}
