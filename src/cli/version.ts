import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in the package's `package.json`: the first one above this file (`dist/src/cli/`
 * once built, `src/cli/` in the sources).
 */
export function readVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === 'core-registry' && typeof manifest.version === 'string')
      return manifest.version;
    if (dirname(dir) === dir) throw new TypeError(`No core-registry package.json above ${from}`);
  }
}

function readManifest(path: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // No package.json here (or not JSON): look one folder up.
    return undefined;
  }
}
