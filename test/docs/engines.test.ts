import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, test } from 'vitest';

/**
 * `npm install` on the oldest Node that `engines` allows prints no EBADENGINE: every package of
 * the lockfile, development tools included (a clone installs them), supports that version.
 */
const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  test('default: every locked package supports the oldest Node that engines allows', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version as string;
    expect(oldest).toBeDefined();
    const unsupported = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(oldest, range) ? [`${path} needs Node ${range}`] : [];
    });
    expect(unsupported).toEqual([]);
  });
});
