// Bundles the parts of the SDK the explorer runs in the browser: dist/explorer/sdk.js (the
// credential verifier and a DID's history) and dist/explorer/proofs.js (the verifier's proofs
// mode: `proofs` of core-registry/client/proofs, with an EVM and trie proofs), loaded only when a
// visitor asks for proven reads. The explorer has no bundler, and the SDK needs jose, viem and a
// secp256k1 that runs in a browser.
//
// One build with two entries: what both use (the core client, its errors, viem) goes into shared
// chunks, so proofs.js adds only its own code, and a client made by sdk.js throws the same error
// classes the proofs code tests with `instanceof`.
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shims = join(root, 'explorer', 'sdk');
const dir = join(root, 'dist', 'explorer');
/** The shared chunks' names: removed before each build, whose hashes name new ones. */
const CHUNK_PREFIX = 'sdk-chunk-';

for (const name of await readdir(dir).catch(() => [])) {
  if (name.startsWith(CHUNK_PREFIX)) await rm(join(dir, name));
}

const { output } = await build({
  input: { sdk: join(shims, 'sdk.ts'), proofs: join(shims, 'proofs.ts') },
  platform: 'browser',
  logLevel: 'warn',
  resolve: {
    // The Node-only modules the shared verification code imports, on their browser stand-ins.
    alias: {
      'node:crypto': join(shims, 'crypto.ts'),
      secp256k1: join(shims, 'secp256k1.ts'),
      keccak: join(shims, 'keccak.ts'),
    },
  },
  output: {
    dir,
    format: 'esm',
    minify: true,
    entryFileNames: '[name].js',
    chunkFileNames: `${CHUNK_PREFIX}[hash].js`,
  },
});

const chunks = new Map(output.filter((file) => file.type === 'chunk').map((c) => [c.fileName, c]));

/** A chunk and every chunk it imports statically: what a browser loads with it. */
function loadedWith(fileName) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return [...seen].map((name) => chunks.get(name));
}

let failed = false;
for (const chunk of chunks.values()) {
  const code = await readFile(join(dir, chunk.fileName), 'utf8');
  const nodeOnly = /\bfrom\s*["']node:|\brequire\s*\(|import\s*\(\s*["']node:/.exec(code);
  if (nodeOnly) {
    console.error(
      `${chunk.fileName}: a Node-only import is left in the browser bundle: ${nodeOnly[0]}`,
    );
    failed = true;
  }
}
// The verifier's script stays wallet-sized: the EVM and the trie proofs load with proofs.js only.
const proofsOnly = /[\\/]node_modules[\\/]@ethereumjs[\\/]|[\\/]src[\\/]client[\\/]proofs[\\/]/;
const sdk = loadedWith('sdk.js');
const leaked = sdk.flatMap((chunk) => chunk.moduleIds.filter((id) => proofsOnly.test(id)));
if (leaked.length > 0) {
  console.error(`sdk.js loads the proofs code: ${leaked.slice(0, 3).join(', ')}`);
  failed = true;
}
if (failed) process.exit(1);

const kib = (files) => Math.round(files.reduce((sum, chunk) => sum + chunk.code.length, 0) / 1024);
const proofs = loadedWith('proofs.js').filter((chunk) => !sdk.includes(chunk));
console.log(
  `${join(dir, 'sdk.js')}: ${kib(sdk)} KiB with its chunks; proofs.js adds ${kib(proofs)} KiB`,
);
