import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`, as `.ci/run` does); Playwright's own is never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for a closed network: no background connections (they are refused here, many at a time),
 * no QUIC, no first-run or sync, and no sandbox (CI runs as root).
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Whether Debian's Chromium is installed. */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** A headless Chromium with a fresh profile, removed on close. */
export async function launchChromium(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'core-registry-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Loads the explorer of the node at `url` afresh at `hash` (a hash change alone could match the previous view). */
export async function openExplorer(page: Page, url: string, hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${url}/explorer/${hash}`);
  await page.waitForSelector('main:not([aria-busy]) h1');
}

/** Saves a full-page screenshot as `<dir>/<name>.png` and prints where. */
export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
}
