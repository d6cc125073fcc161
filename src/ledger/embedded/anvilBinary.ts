import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EmbeddedLedgerError } from '../../errors/ledger.js';

/** Foundry's name for each platform it ships a binary package for (`@foundry-rs/<tool>-<name>`). */
export const FOUNDRY_PLATFORMS: Readonly<Record<string, string>> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
};

/**
 * Path of the anvil binary shipped by `@foundry-rs/anvil`'s platform package. We run the binary
 * itself rather than the package's Node wrapper so that our signals reach anvil directly.
 * @throws {EmbeddedLedgerError} when this platform has no package or it is not installed.
 */
export function resolveAnvilBinary(): string {
  const platform = FOUNDRY_PLATFORMS[`${process.platform}-${process.arch}`];
  if (!platform) {
    throw new EmbeddedLedgerError(
      `The embedded ledger has no build for ${process.platform}-${process.arch}: set "CORE_LEDGER_URL"`,
    );
  }
  const require = createRequire(import.meta.url);
  try {
    const manifest = require.resolve(`@foundry-rs/anvil-${platform}/package.json`);
    const binary = join(
      dirname(manifest),
      'bin',
      platform.startsWith('win32') ? 'anvil.exe' : 'anvil',
    );
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed: reported below with the remedy.
  }
  throw new EmbeddedLedgerError(
    `The embedded ledger binary "@foundry-rs/anvil-${platform}" is not installed: run "npm ci"`,
  );
}
