import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  REGISTRY_DESCRIPTORS,
} from '../../src/registries/catalog.js';
import { sources } from '../support/sourceFiles.js';

/**
 * A registry is a vertical slice (DESIGN.md §3): adding one is one folder, one contract and its
 * artifact, and one line in `registries/catalog.ts`. This lists every file of `src/` outside a
 * registry's folder that names it (an import of `registries/<name>/`, or a string starting with
 * `<name>` such as a path `/v1/<name>/…` or a scope `<name>:write`) and holds the list to the few
 * places allowed to: the catalogue, the trust model of the token endpoint (DESIGN.md §6: the
 * registries it reads and the scopes with their own credential), the SDK's registry-specific
 * helpers (a DID's history among them), credential verifier and did:core resolver, and the CLI's registry-specific commands.
 */
const SRC = new URL('../../src/', import.meta.url).pathname;

const NAMES = [...REGISTRY_DESCRIPTORS, CONTRACTS_REGISTRY_DESCRIPTOR].map((d) => d.name);

/**
 * A registry named in code: an import of its folder, a path `/v1/<name>`, a scope `<name>:…`, or
 * the name as a string. A one-word name (`timestamp`) is also a common field name, so as a bare
 * string it does not count.
 */
function namePattern(name: string): RegExp {
  const quoted = name.includes('-') ? `|['"\`]${name}['"\`]` : '';
  return new RegExp(`(?:registries/|/v1/|\\./)${name}(?=['"\`/?])|['"\`]${name}:${quoted}`);
}

/** Which registries each file names, outside their own folders (comments aside). */
function mentions(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const path of sources(SRC)) {
    const file = relative(SRC, path);
    const code = readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const named = NAMES.filter(
      (name) => !file.startsWith(`registries/${name}/`) && namePattern(name).test(code),
    );
    if (named.length > 0) found[file] = named.sort();
  }
  return found;
}

const ALL = [...NAMES].sort();
const TRUST = ['did-registry', 'issuers-registry', 'track-and-trace'];

/** The files allowed to name a registry outside its folder, and which. */
const ALLOWED: Record<string, string[]> = {
  // The one list of registries.
  'registries/catalog.ts': ALL,
  // The token endpoint's trust model: the registries it reads, the scopes with their own credential.
  'auth/createTrustSources.ts': [
    'contracts-registry',
    'did-registry',
    'issuers-registry',
    'policies-registry',
  ],
  'auth/checkEntitlement.ts': TRUST,
  'auth/dcqlQueries.ts': TRUST,
  'auth/handleTokenRequest.ts': ['did-registry'],
  // SDK helpers for one registry's protocol (commit–reveal legs, DID registration, DID history).
  'client/commitAndReveal.ts': ['track-and-trace'],
  'client/getDidHistory.ts': ['did-registry'],
  'client/registerDid.ts': ['did-registry'],
  // The accreditation chain's reads checked against proven state (docs/trust-model.md).
  'client/proofs/provenViews.ts': ['did-registry', 'issuers-registry', 'schemas-registry'],
  // The credential verifier's reads of the trust registries (README, "Verify a credential").
  'client/verify/checkAccreditation.ts': ['issuers-registry'],
  'client/verify/checkIssuerKeys.ts': ['did-registry'],
  'client/verify/checkSchema.ts': ['schemas-registry'],
  // The SDK's REST response types, derived from each registry's response schemas (types only).
  'client/responses.ts': ALL,
  // The did:core resolver reads the DID Registry's public REST read (docs/resolver.md).
  'resolver/getResolver.ts': ['did-registry'],
  // TRQP is answered from the Issuers Registry's public REST reads (docs/trqp.md).
  'trqp/decideAuthorization.ts': ['issuers-registry'],
};

describe('registry slices', () => {
  test('behavior: outside its folder, a registry is named only where the allow-list says', () => {
    const found = mentions();
    // The CLI's commands are registry-specific by design (`wallet timestamp`, `admin accredit`, …).
    const outsideCli = Object.fromEntries(
      Object.entries(found).filter(([file]) => !file.startsWith('cli/')),
    );
    expect(outsideCli).toEqual(ALLOWED);
  });

  test('behavior: the catalogue is the only file that imports the descriptors', () => {
    const importers = sources(SRC)
      .map((path) => relative(SRC, path))
      .filter((file) =>
        /from '\.\/[a-z-]+\/index\.js'|registries\/[a-z-]+\/index\.js/.test(
          readFileSync(join(SRC, file), 'utf8'),
        ),
      );
    expect(importers).toEqual(['registries/catalog.ts']);
  });
});
