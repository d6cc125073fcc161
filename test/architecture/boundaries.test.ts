import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Imports run downwards only (STYLE.md B3); this scans every import line of `src/`. */
const SRC = new URL('../../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

type Source = { file: string; imports: string[]; text: string };
const files: Source[] = sources(SRC).map((path) => {
  const text = readFileSync(path, 'utf8');
  const imports = [...text.matchAll(/^(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => {
      const specifier = m[1] as string;
      return specifier.startsWith('.') ? relative(SRC, join(path, '..', specifier)) : specifier;
    },
  );
  return { file: relative(SRC, path), imports, text };
});

const FASTIFY = /^(fastify|@fastify\/|fastify-plugin)/;
const violations = (match: (s: Source) => boolean, bad: (imp: string) => boolean) =>
  files.filter(match).flatMap((s) => s.imports.filter(bad).map((imp) => `${s.file} -> ${imp}`));

describe('module boundaries', () => {
  test('behavior: errors/ imports nothing else from src', () => {
    expect(
      violations(
        (s) => s.file.startsWith('errors/'),
        (i) => i.endsWith('.js') && !i.startsWith('errors/') && !i.startsWith('../artifacts/'),
      ),
    ).toEqual([]);
  });

  test('behavior: config.ts imports only errors/', () => {
    expect(
      violations(
        (s) => s.file === 'config.ts',
        (i) => i.endsWith('.js') && !i.startsWith('errors/'),
      ),
    ).toEqual([]);
  });

  test('behavior: ledger/ knows nothing of HTTP', () => {
    expect(
      violations(
        (s) => s.file.startsWith('ledger/'),
        (i) =>
          FASTIFY.test(i) || /^(http|rpc|ops|registries|auth|cli)\//.test(i) || i === 'server.js',
      ),
    ).toEqual([]);
  });

  test('behavior: only surface code imports Fastify', () => {
    const surface =
      /^(http\/|rpc\/|ops\/|cli\/|server\.ts$|services\.ts$|registries\/[^/]+\/(routes|index)|registries\/common\/(register|openReadScope|registryDescriptor)|auth\/routes|auth\/.*routes)/;
    expect(
      violations(
        (s) => !surface.test(s.file),
        (i) => FASTIFY.test(i),
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
});
