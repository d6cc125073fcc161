import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The built SDK (`npm run build`; CI builds it in `npm ci`). */
export const SDK = join(ROOT, 'dist/src/client/index.js');

/** @throws {Error} when `dist/` is older than the SDK's sources: the tests would try stale code. */
export function assertSdkBuilt(): void {
  const newestSource = Math.max(
    ...readdirSync(join(ROOT, 'src/client')).map(
      (file) => statSync(join(ROOT, 'src/client', file)).mtimeMs,
    ),
  );
  if ((statSync(SDK, { throwIfNoEntry: false })?.mtimeMs ?? 0) < newestSource)
    throw new Error('dist/ is older than src/client: run "npm run build" first');
}
