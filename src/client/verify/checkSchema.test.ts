import { base58btc } from 'multiformats/bases/base58';
import { describe, expect, test } from 'vitest';
import { checkSchema, toSchemaReference } from './checkSchema.js';
import type { Read, RegistryReads } from './createRegistryReads.js';

const ID = base58btc.encode(new Uint8Array(32).fill(9));
const HEX = `0x${'09'.repeat(32)}`;
const REVISIONS = [`0x${'01'.repeat(32)}`, `0x${'02'.repeat(32)}`];
const SOURCE = `https://node.example/v1/schemas-registry/schemas/${ID}/revisions`;

/** Reads answering the revision list of schema `ID`, and 404 for any other. */
const reads = {
  async collect<T>(path: string): Promise<Read<T[]>> {
    if (path === `/v1/schemas-registry/schemas/${ID}/revisions`)
      return {
        ok: true,
        value: REVISIONS.map((schemaRevisionId) => ({ schemaRevisionId })) as T[],
        source: SOURCE,
      };
    return {
      ok: false,
      status: 404,
      reason: '404 Not Found',
      source: `https://node.example${path}`,
    };
  },
} as RegistryReads;

describe('toSchemaReference', () => {
  test('default: a bare id, a hex id, a schema URL, a revision URL', () => {
    expect(toSchemaReference(ID)).toEqual({ schemaId: ID, revisionId: undefined });
    expect(toSchemaReference(HEX)).toEqual({ schemaId: ID, revisionId: undefined });
    expect(toSchemaReference(`https://n.example/v1/schemas-registry/schemas/${ID}`)).toEqual({
      schemaId: ID,
      revisionId: undefined,
    });
    expect(
      toSchemaReference(`https://n.example/v1/schemas-registry/schemas/${HEX}/revisions/0xab`),
    ).toEqual({
      schemaId: ID,
      revisionId: '0xab',
    });
  });

  test('error: names no schema', () => {
    expect(toSchemaReference('https://schemas.example/degree.json')).toBeUndefined();
    expect(toSchemaReference('zNotBase58!')).toBeUndefined();
  });
});

describe('checkSchema', () => {
  test('default: the latest revision, or the one named', async () => {
    expect(await checkSchema(reads, { schemas: [{ id: ID }] })).toEqual({
      id: 'schema',
      verdict: 'pass',
      detail: `In the Schemas Registry: ${ID} (revision ${REVISIONS[1]}, 2 of 2)`,
      source: SOURCE,
    });
    const first = `https://n.example/v1/schemas-registry/schemas/${ID}/revisions/${REVISIONS[0]}`;
    expect((await checkSchema(reads, { schemas: [{ id: first }] })).detail).toBe(
      `In the Schemas Registry: ${ID} (revision ${REVISIONS[0]}, 1 of 2)`,
    );
  });

  test('behavior: no credentialSchema is skipped', async () => {
    expect(await checkSchema(reads, { schemas: [] })).toEqual({
      id: 'schema',
      verdict: 'skip',
      detail: 'The credential names no "credentialSchema"',
    });
  });

  test('error: unknown schema, unknown revision', async () => {
    const unknown = base58btc.encode(new Uint8Array(32).fill(1));
    expect((await checkSchema(reads, { schemas: [{ id: unknown }] })).detail).toBe(
      `The schema "${unknown}" is not in the Schemas Registry`,
    );
    expect(
      (await checkSchema(reads, { schemas: [{ id: `${SOURCE}/0x${'03'.repeat(32)}` }] })).detail,
    ).toBe(`The schema "${ID}" has no revision "0x${'03'.repeat(32)}"`);
  });
});
