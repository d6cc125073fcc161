// Bundles the parts of the SDK the explorer runs in the browser (dist/explorer/sdk.js): the
// credential verifier and a DID's history. The explorer has no bundler, and the SDK needs jose,
// viem and a secp256k1 that runs in a browser.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shims = join(root, 'explorer', 'sdk');
const file = join(root, 'dist', 'explorer', 'sdk.js');

await build({
  input: join(shims, 'sdk.ts'),
  platform: 'browser',
  logLevel: 'warn',
  resolve: {
    // The Node-only modules the shared verification code imports, on their browser stand-ins.
    alias: {
      'node:crypto': join(shims, 'crypto.ts'),
      secp256k1: join(shims, 'secp256k1.ts'),
    },
  },
  output: { file, format: 'esm', minify: true, codeSplitting: false },
});

const bundle = await readFile(file, 'utf8');
const nodeOnly = /\bfrom\s*["']node:|\brequire\s*\(|import\s*\(\s*["']node:/.exec(bundle);
if (nodeOnly) {
  console.error(`${file}: a Node-only import is left in the browser bundle: ${nodeOnly[0]}`);
  process.exit(1);
}
console.log(`${file}: ${Math.round(bundle.length / 1024)} KiB`);
