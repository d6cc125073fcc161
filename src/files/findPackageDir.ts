import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What this package's `package.json` holds that the node reads. */
export type PackageManifest = { name: 'core-registry'; version?: unknown };

/**
 * The folder of the `core-registry` package: the first one above `from` whose `package.json`
 * names it (`dist/src/<part>/` once built, `src/<part>/` in the sources).
 * @throws {TypeError} when no folder above `from` holds it (a broken installation).
 */
export function findPackageDir(from: string): { dir: string; manifest: PackageManifest } {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === 'core-registry') return { dir, manifest: manifest as PackageManifest };
    if (dirname(dir) === dir) throw new TypeError(`No core-registry package.json above ${from}`);
  }
}

function readManifest(path: string): { name?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // No package.json here (or not JSON): look one folder up.
    return undefined;
  }
}
