import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ProposalJson } from '../../src/governance/api/toGovernanceJson.js';
import { hasChromium, launchChromium, openExplorer, screenshot } from '../support/chromium.js';
import { runCli } from '../support/cli.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

// The explorer's governance section in headless Chromium: a 3-operator network, 2 of whom decide,
// with a day and an hour of notice and one pending proposal; and a network its operator governs
// alone. Skipped where Chromium is missing, as explorer.test.ts is.
const run = hasChromium() || process.env.CI === 'true';
const NAMES = ['alice', 'bob', 'carol'] as const;
const DELAY = 90_000;
const SUBJECT = '0x0000000000000000000000000000000000000042';
const SHOTS = mkdtempSync(join(tmpdir(), 'core-registry-explorer-shots-'));

vi.setConfig({ testTimeout: 60_000 });
let governed: TestNode;
let alone: TestNode;
let workDir: string;
let members: Address[];
let grant: ProposalJson;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  if (!run) return;
  workDir = mkdtempSync(join(tmpdir(), 'core-explorer-governance-'));
  members = await Promise.all(
    NAMES.map(async (name) => {
      const keys = await runCli(
        ['keys', 'generate', '--to', `${name}.key`, '--curve', 'secp256k1', '--json'],
        { cwd: workDir },
      );
      expect(keys.code, keys.stderr).toBe(0);
      return JSON.parse(keys.stdout).address as Address;
    }),
  );
  // One after the other: both deploy on the worker's ledger.
  governed = await startTestNode({
    governance: { operators: members, threshold: 2, delaySeconds: DELAY },
  });
  alone = await startTestNode();
  const proposed = await runCli(
    [
      'admin',
      'propose',
      'grant',
      SUBJECT,
      'TSR:insertSchema',
      '--operator-key',
      'alice.key',
      '--json',
    ],
    { cwd: workDir, env: { CORE_NODE_URL: governed.url, CORE_DATA_DIR: governed.dataDir } },
  );
  expect(proposed.code, proposed.stderr).toBe(0);
  const { id } = JSON.parse(proposed.stdout) as { id: string };
  grant = (await (
    await fetch(`${governed.url}/v1/governance/proposals/${id}`)
  ).json()) as ProposalJson;
  browser = await launchChromium();
  page = await browser.context.newPage();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([governed?.close(), alone?.close()]);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const open = (node: TestNode, hash: string) => openExplorer(page, node.url, hash);
const shot = (name: string) => screenshot(page, SHOTS, name);

describe.runIf(run)('explorer: #/governance', () => {
  test('default: a governed network shows its Safe, timelock, members, threshold, notice and pending proposal', async () => {
    const { safe, timelock } = governed.environment.governance as {
      safe: string;
      timelock: string;
    };
    await open(governed, '#/governance');
    expect(await page.textContent('h1')).toBe('Governance');
    expect(await page.getAttribute('header nav a[href="#/governance"]', 'aria-current')).toBe(
      'page',
    );
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain(safe);
    expect(main).toContain(timelock);
    const listed = await page.locator('#members li').allTextContents();
    expect(listed).toHaveLength(3);
    for (const member of members) expect(listed.join(' ')).toContain(member);
    expect(await page.textContent('#threshold')).toBe('2 of 3 operators decide');
    expect(await page.textContent('#notice')).toBe('1 day and 1 hour before a decision may run');

    const proposal = page.locator(`#proposals article[data-id="${grant.id}"]`);
    expect(await proposal.locator('.status').textContent()).toBe('pending — waiting for approvals');
    const shown = (await proposal.textContent()) ?? '';
    expect(shown).toContain('schedule: timelocked calls, 1 day and 1 hour notice');
    expect(shown).toContain(`Nonce${grant.nonce}`);
    expect(shown).toContain(`Proposedby ${members[0]}, ${grant.proposed?.time}`);
    expect(await proposal.locator('ol.calls li').allTextContents()).toEqual([
      `policies-registry.insertUserAttributes(subject=${SUBJECT}, attributes=["TSR:insertSchema"])`,
    ]);
    const [approval] = grant.approvals;
    const approvals = await proposal.locator('table tbody tr').allTextContents();
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toContain(members[0]);
    expect(approvals[0]).toContain(approval?.time);
    expect(approvals[0]).toContain(approval?.transactionHash);
    expect(await proposal.locator('caption').textContent()).toBe('Approvals: 1 of 2 needed');
    await shot('governance');
  });

  test("behavior: a proposal's id opens it alone, read from /v1/governance/proposals/{id}", async () => {
    await open(governed, '#/governance');
    await page.click(`#proposals a[href="#/governance/${grant.id}"]`);
    await page.waitForSelector('main:not([aria-busy]) h1 .long-id');
    expect(await page.textContent('h1')).toContain(grant.id);
    expect(await page.textContent('article.proposal ol.calls')).toContain(
      'policies-registry.insertUserAttributes(',
    );
    expect(await page.locator('article.proposal table tbody tr').count()).toBe(1);
    await shot('governance-proposal');
  });

  test('behavior: at 390 px the pages fit the width and log no console error', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const hash of ['#/governance', `#/governance/${grant.id}`]) {
      await open(governed, hash);
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect(width, hash).toBeLessThanOrEqual(390);
      await shot(`phone-${hash === '#/governance' ? 'governance' : 'governance-proposal'}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });

  test('error: a proposal the governance does not have is not found', async () => {
    await open(governed, `#/governance/0x${'0'.repeat(64)}`);
    expect(await page.textContent('#error-title')).toBe('Not found');
  });

  test('default: a network without governance names its operator, who governs alone', async () => {
    const { operatorDid } = (await (await fetch(`${alone.url}/v1/governance`)).json()) as {
      operatorDid: string;
    };
    await open(alone, '#/governance');
    expect(await page.textContent('#governance-summary')).toBe(
      `The operator ${operatorDid} governs this network alone, with one key.`,
    );
    expect(await page.getAttribute('#governance-summary a', 'href')).toBe(
      `#/dids/${encodeURIComponent(operatorDid)}`,
    );
    await shot('governance-alone');
  });
});
