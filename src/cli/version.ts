import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPackageDir } from '../files/findPackageDir.js';

/**
 * The version in the package's `package.json`: the first one above this file (`dist/src/cli/`
 * once built, `src/cli/` in the sources).
 */
export function readVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  const { manifest } = findPackageDir(from);
  if (typeof manifest.version !== 'string') {
    throw new TypeError(`The core-registry package.json above ${from} has no version`);
  }
  return manifest.version;
}
