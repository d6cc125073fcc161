import { readFileSync, writeFileSync } from 'node:fs';
import type { Abi } from 'viem';

type AbiError = Extract<Abi[number], { type: 'error' }>;

import { REGISTRIES, REGISTRY_NAMES } from '../src/registries/catalog.js';
import { CONTRACTS_REGISTRY } from '../src/registries/contracts-registry/contract.js';

/**
 * Renders the "Contract custom errors" section of docs/errors.md from the committed ABIs: every
 * custom error once, with the contracts that can raise it. `npm run docs:errors` rewrites the
 * section; test/docs/errors.test.ts fails when it is out of date.
 */
export function renderContractErrors(): string {
  const contracts = [CONTRACTS_REGISTRY, ...REGISTRY_NAMES.map((name) => REGISTRIES[name])];
  const raisedBy = new Map<string, string[]>();
  for (const { contractName, abi } of contracts) {
    for (const error of (abi as Abi).filter((item): item is AbiError => item.type === 'error')) {
      const signature = `${error.name}(${error.inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ''}`).join(', ')})`;
      raisedBy.set(signature, [...(raisedBy.get(signature) ?? []), contractName]);
    }
  }
  const all = contracts.length;
  const rows = [...raisedBy.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([signature, names]) =>
        `| \`${signature}\` | ${names.length === all ? 'every registry' : names.join(', ')} |`,
    );
  return [
    '## Contract custom errors',
    '',
    'Reverts of the registry contracts (generated from `artifacts/` by `npm run docs:errors`). The',
    'API decodes them against these ABIs; a transaction receipt with status `0x0` carries one of them.',
    '',
    '| error | raised by |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const DOC = new URL('../../docs/errors.md', import.meta.url);

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const page = readFileSync(DOC, 'utf8');
  const start = page.indexOf('## Contract custom errors');
  const head = start === -1 ? `${page.trimEnd()}\n\n` : page.slice(0, start);
  writeFileSync(DOC, `${head}${renderContractErrors()}`);
}
