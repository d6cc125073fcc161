import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sources } from '../support/sourceFiles.js';

/**
 * The layering of docs/architecture.md (STYLE.md B3), checked on every import of `src/`: static
 * `import`/`export … from`, side-effect imports and dynamic `import()`. Paths are relative to
 * `src/`; `type` marks an import erased at build time.
 */
const SRC = new URL('../../src/', import.meta.url).pathname;

type Import = { path: string; type: boolean };
type Source = { file: string; imports: Import[]; text: string };

const STATIC = /^(import|export)(\s+type)?\b[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gms;
const BARE = /^import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(SRC, join(SRC, file, '..', specifier)).replace(/\.js$/, '.ts');
}

const files: Source[] = sources(SRC).map((path) => {
  const text = readFileSync(path, 'utf8');
  const file = relative(SRC, path);
  const imports: Import[] = [
    ...[...text.matchAll(STATIC)].map((m) => ({ path: m[3] as string, type: Boolean(m[2]) })),
    ...[...text.matchAll(BARE)].map((m) => ({ path: m[1] as string, type: false })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ path: m[1] as string, type: false })),
  ].map(({ path: specifier, type }) => ({ path: resolve(file, specifier), type }));
  return { file, imports, text };
});

const FASTIFY = /^(fastify|@fastify\/|fastify-plugin)/;
const isLocal = (path: string) => path.endsWith('.ts') && !path.startsWith('../');

/** `file -> import` for each import of the matching files that breaks the rule. */
function violations(
  inPart: (file: string) => boolean,
  bad: (imp: Import, from: Source) => boolean,
): string[] {
  return files
    .filter((s) => inPart(s.file))
    .flatMap((s) =>
      s.imports.filter((imp) => bad(imp, s)).map((imp) => `${s.file} -> ${imp.path}`),
    );
}

/** What the authorisation service and the ledger endpoint both build on. */
const BELOW_AUTH = [
  'errors/',
  'identity/',
  'crypto/',
  'governance/',
  'ledger/',
  'http/',
  'registries/',
  'genesis/',
];

/** Parts of `src/` a part may import (besides itself), per docs/architecture.md. */
const ALLOWED: Record<string, readonly string[]> = {
  'errors/': [],
  'files/': [],
  'besu/': ['governance/'],
  'config.ts': ['errors/', 'governance/'],
  // Before governance/: its REST read, over the ledger and the HTTP kernel.
  'governance/api/': ['errors/', 'governance/', 'ledger/', 'http/'],
  'governance/': ['errors/'],
  'identity/': ['errors/'],
  'crypto/': ['errors/', 'identity/'],
  'ledger/': ['errors/', 'files/'],
  'http/': ['errors/'],
  'registries/': ['errors/', 'identity/', 'ledger/', 'http/'],
  'genesis/': [
    'errors/',
    'files/',
    'identity/',
    'crypto/',
    'governance/',
    'ledger/',
    'registries/',
  ],
  'auth/': [...BELOW_AUTH, 'files/'],
  'rpc/': [...BELOW_AUTH, 'auth/'],
  'ops/': ['errors/', 'ledger/', 'http/'],
  'explorer/': ['errors/', 'files/', 'http/'],
  'client/': ['errors/', 'identity/'],
  // TRQP answers by the SDK's own accreditation rule, over the node's REST reads.
  'trqp/': ['errors/', 'identity/', 'http/', 'client/'],
  'resolver/': ['errors/', 'identity/'],
};

/** What the SDK may import types from besides its own parts (`import type` only). */
const SDK_TYPE_SOURCES =
  /^(registries\/catalog|registries\/[a-z-]+\/schemas|auth\/schemas|http\/(pagination|problemSchema))\.ts$/;

const partOf = (file: string) =>
  Object.keys(ALLOWED).find((name) => (name.endsWith('/') ? file.startsWith(name) : file === name));

describe('module boundaries', () => {
  test.each(Object.entries(ALLOWED))('behavior: %s imports only downwards', (name, allowed) => {
    expect(
      violations(
        (file) => partOf(file) === name,
        (imp, from) =>
          isLocal(imp.path) &&
          partOf(imp.path) !== name &&
          !allowed.some((other) => imp.path.startsWith(other)) &&
          // The SDK's registry names and ABIs are types derived from the catalogue, its REST
          // response types are derived from the routes' JSON Schemas: erased, no server code.
          !(from.file.startsWith('client/') && imp.type && SDK_TYPE_SOURCES.test(imp.path)),
      ),
    ).toEqual([]);
  });

  test('behavior: the HTTP kernel knows no registry and no ledger (Fastify helpers and errors/ only)', () => {
    const helpers = /^(fastify|@fastify\/|fastify-plugin|negotiator|node:)/;
    expect(
      violations(
        (file) => file.startsWith('http/'),
        (imp) =>
          imp.path.startsWith('../') ||
          (isLocal(imp.path) && !/^(http|errors)\//.test(imp.path)) ||
          (!isLocal(imp.path) && !helpers.test(imp.path)),
      ),
    ).toEqual([]);
  });

  test('behavior: the ledger adapter knows no registry, no genesis and no HTTP', () => {
    expect(
      violations(
        (file) => file.startsWith('ledger/'),
        (imp) => FASTIFY.test(imp.path) || /^(registries|genesis|http|rpc|auth)\//.test(imp.path),
      ),
    ).toEqual([]);
  });

  test('behavior: identity/, the SDK and the resolvers ship without server code', () => {
    const shipped = (file: string) => /^(identity|client|resolver)\//.test(file);
    expect(
      violations(
        shipped,
        (imp) =>
          !imp.type &&
          (FASTIFY.test(imp.path) ||
            /^(ledger|http|registries|auth|rpc|genesis|ops|cli)\//.test(imp.path)),
      ),
    ).toEqual([]);
  });

  test('behavior: registries never import auth, rpc, genesis or cli', () => {
    expect(
      violations(
        (file) => file.startsWith('registries/'),
        (imp) =>
          /^(auth|rpc|genesis|cli|ops)\//.test(imp.path) ||
          /^(server|services)\.ts$/.test(imp.path),
      ),
    ).toEqual([]);
  });

  test('behavior: no registry imports another (what two share lives in registries/common/)', () => {
    const sliceOf = (path: string) => /^registries\/([^/]+)\//.exec(path)?.[1];
    expect(
      violations(
        (file) => sliceOf(file) !== undefined && sliceOf(file) !== 'common',
        (imp, from) =>
          sliceOf(imp.path) !== undefined &&
          sliceOf(imp.path) !== 'common' &&
          sliceOf(imp.path) !== sliceOf(from.file),
      ),
    ).toEqual([]);
  });

  test('behavior: only surface code imports Fastify', () => {
    const surface =
      /^(http\/|rpc\/|ops\/|explorer\/|cli\/|server\.ts$|services\.ts$|registries\/[^/]+\/(routes|index)|registries\/common\/(register|openReadScope|registryDescriptor)|auth\/routes|trqp\/(routes|localReads))/;
    expect(
      violations(
        (file) => !surface.test(file),
        (imp) => !imp.type && FASTIFY.test(imp.path),
      ),
    ).toEqual([]);
  });

  test('behavior: only ledger/embedded/ names non-standard ledger methods', () => {
    const named = files
      .filter((s) => !s.file.startsWith('ledger/embedded/'))
      .filter((s) => /['"`](anvil|evm|hardhat)_[A-Za-z]+['"`]/.test(s.text))
      .map((s) => s.file);
    expect(named).toEqual([]);
  });

  test('behavior: no import cycles (type and dynamic imports included)', () => {
    const graph = new Map(
      files.map((s) => [s.file, s.imports.map((imp) => imp.path).filter(isLocal)] as const),
    );
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** The strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node))
      cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
