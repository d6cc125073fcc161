import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base58btc } from 'multiformats/bases/base58';
import { hexToBytes, sha256, toHex } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('schema');
const { json: cli, raw, registeredWallet } = env;

/** Two revisions of a schema and a metadata document, as the files hold them (stored verbatim). */
const files = {
  'schema1.json': '{\n  "title": "CLI credential",\n  "type": "object"\n}\n',
  'schema2.json': '{"title":"CLI credential","type":"object","required":["name"]}',
  'metadata.json': '{"validFrom":"2026-01-01T00:00:00Z"}',
};

beforeAll(() => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(env.workDir, name), text);
});

const read = async (path: string) => {
  const response = await fetch(`${env.node.url}${path}`);
  return { status: response.status, text: await response.text() };
};

describe('core-registry wallet schema', () => {
  test('a wallet granted the TSR policies inserts a schema and adds a revision', async () => {
    const s = await registeredWallet('s');
    await cli('admin', 'grant', s.did, 'TSR:insertSchema', 'TSR:updateSchema');

    const schemaIdHex = sha256(toHex(files['schema1.json']));
    const schemaId = base58btc.encode(hexToBytes(schemaIdHex));
    const base = `/v1/schemas-registry/schemas/${schemaId}`;
    const inserted = await cli(
      'wallet',
      'schema',
      'insert',
      'schema1.json',
      'metadata.json',
      '--wallet',
      s.wallet,
    );
    expect(inserted).toMatchObject({
      schemaId,
      schemaIdHex,
      schemaRevisionId: schemaIdHex,
      metadataId: sha256(toHex(files['metadata.json'])),
      href: `${env.node.url}${base}`,
    });
    expect(await read(base)).toEqual({ status: 200, text: files['schema1.json'] });
    expect(
      await read(
        `${base}/revisions/${schemaIdHex}/metadata/${sha256(toHex(files['metadata.json']))}`,
      ),
    ).toEqual({ status: 200, text: files['metadata.json'] });

    // The update names the schema by its hex id; without a metadata file the revision gets `{}`.
    const updated = await raw(
      'wallet',
      'schema',
      'update',
      schemaIdHex,
      'schema2.json',
      '--wallet',
      s.wallet,
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toContain(schemaId);
    expect(updated.stdout).toContain(`${env.node.url}${base}`);
    expect(await read(base)).toEqual({ status: 200, text: files['schema2.json'] });
    const revisions = JSON.parse((await read(`${base}/revisions`)).text);
    expect(revisions).toMatchObject({
      total: 2,
      items: [
        { schemaRevisionId: schemaIdHex },
        { schemaRevisionId: sha256(toHex(files['schema2.json'])) },
      ],
    });
    const revision2 = sha256(toHex(files['schema2.json']));
    expect(await read(`${base}/revisions/${revision2}/metadata/${sha256(toHex('{}'))}`)).toEqual({
      status: 200,
      text: '{}',
    });
  });

  test('error: a wallet without TSR:insertSchema is told which policy it lacks, before signing', async () => {
    const t = await registeredWallet('t');
    const run = await raw('wallet', 'schema', 'insert', 'schema1.json', '--wallet', t.wallet);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(
      `core-registry: Check that ${t.did} holds TSR:insertSchema failed: ${t.address}, the key of ${t.did}, does not hold the policy "TSR:insertSchema": the operator grants it with "npx core-registry admin grant ${t.did} TSR:insertSchema"`,
    );
    expect(run.stderr).not.toContain('Request a');
  });

  test('bad usage exits 2 before any request: a malformed schema id', async () => {
    const run = await raw('wallet', 'schema', 'update', 'not-an-id', 'schema2.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not-an-id is not a schema id');
    expect(run.stdout).toBe('');
  });
});
