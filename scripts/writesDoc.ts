import { writeFileSync } from 'node:fs';
import { REGISTRIES, type RegistryName } from '../src/registries/catalog.js';
import { WRITE_TABLE } from '../src/rpc/writeGate/writeTable.js';

/**
 * Renders docs/writes.md from the write table of the gate (SPEC §4.4): `npm run docs:writes`
 * rewrites it; test/docs/writes.test.ts fails when it is out of date.
 */
export function renderWrites(): string {
  const lines = [
    '# Writes through `POST /v1/ledger`',
    '',
    'Generated from `src/rpc/writeGate/writeTable.ts` by `npm run docs:writes`. A raw transaction is',
    'forwarded only when it calls one of these functions on a default or registered instance, and',
    'the bearer token holds one of the listed scopes for that instance (suffix `:<0x-address>`, or no',
    'suffix for the environment default), and the sender is a capabilityInvocation key of the token',
    'holder (SPEC §4.3–4.4). `ledger:invoke:<0x-address>` allows any function of that contract.',
    '',
    '| registry | function | scopes |',
    '|---|---|---|',
  ];
  for (const [registry, functions] of Object.entries(WRITE_TABLE) as [
    RegistryName,
    Record<string, readonly string[]>,
  ][]) {
    for (const [name, scopes] of Object.entries(functions)) {
      lines.push(
        `| ${REGISTRIES[registry].contractName} | \`${name}\` | ${scopes.map((s) => `\`${s}\``).join(', ')} |`,
      );
    }
  }
  lines.push(
    '',
    "DID Registry argument rules: `insertDidDocument` registers the token's DID with the key whose RFC 7638",
    "thumbprint is the token's `cnf.jkt`, sent by that key; `addVerificationMethod` and",
    '`rollVerificationMethod` name keys by their thumbprints.',
    '',
  );
  return lines.join('\n');
}

const DOC = new URL('../../docs/writes.md', import.meta.url);
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  writeFileSync(DOC, renderWrites());
}
