import { base58btc } from 'multiformats/bases/base58';
import { type Hex, hexToBytes, sha256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  type Receipt,
  requestToken,
  TransactionRevertedError,
  type WriteContractParameters,
  type WriteFunctionArgs,
  type WriteFunctionName,
} from '../../src/client/index.js';
import { operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';
import {
  type Collection,
  getText,
  operatorWriter,
  pathOf,
  toCanonicalJson,
  type Writer,
  writeAndWait,
} from './support567.js';

/**
 * Journey 5 (end to end over HTTP, real embedded ledger): the operator inserts a schema, updates
 * it and adds metadata to its first revision, all through `POST /v1/ledger` with a
 * `schemas-registry:write` token obtained with its SelfAttestation; the REST reads show the
 * schema, its revisions and their metadata.
 */

/** Two revisions of one JSON Schema and three metadata documents, as canonical JSON bytes. */
const text = {
  schema1: toCanonicalJson({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Journey credential',
    type: 'object',
    properties: { name: { type: 'string' } },
  }),
  schema2: toCanonicalJson({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Journey credential',
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
    required: ['name'],
  }),
  metadata1: toCanonicalJson({ validFrom: '2026-01-01T00:00:00Z', note: 'first' }),
  metadata1b: toCanonicalJson({ validFrom: '2026-02-01T00:00:00Z', note: 'corrected' }),
  metadata2: toCanonicalJson({ validFrom: '2026-03-01T00:00:00Z', note: 'second' }),
};
const bytes = (value: string): Hex => toHex(value);
/** The schema id is the SHA-256 of the first revision's bytes; revision and metadata ids are always theirs. */
const schemaId = sha256(bytes(text.schema1));
const ids = {
  rev1: sha256(bytes(text.schema1)),
  rev2: sha256(bytes(text.schema2)),
  meta1: sha256(bytes(text.metadata1)),
  meta1b: sha256(bytes(text.metadata1b)),
  meta2: sha256(bytes(text.metadata2)),
};
const multibaseId = base58btc.encode(hexToBytes(schemaId));

let node: TestNode;
let client: CoreClient;
let operator: Writer;
let accessToken: string;
let grantedScope: string;
const receipts: Record<'insert' | 'update' | 'metadata', Receipt> = {} as never;
let base: string;

const write = <const functionName extends WriteFunctionName<'schemas-registry'>>(
  functionName: functionName,
  args: WriteFunctionArgs<'schemas-registry', functionName>,
) =>
  writeAndWait(client, {
    registry: 'schemas-registry',
    functionName,
    args,
    account: operator.account,
    accessToken,
  } as WriteContractParameters<'schemas-registry', functionName>);

beforeAll(async () => {
  node = await startTestNode();
  client = createCoreClient({ baseUrl: node.url });
  base = `${node.url}/v1/schemas-registry`;
  operator = operatorWriter(await operatorOf(node));
  ({ accessToken, scope: grantedScope } = await requestToken({
    baseUrl: node.url,
    scope: 'openid schemas-registry:write',
    holder: operator,
  }));
  receipts.insert = await write('insertSchema', [
    schemaId,
    bytes(text.schema1),
    bytes(text.metadata1),
  ]);
  receipts.update = await write('updateSchema', [
    schemaId,
    bytes(text.schema2),
    bytes(text.metadata2),
  ]);
  receipts.metadata = await write('updateMetadata', [schemaId, ids.rev1, bytes(text.metadata1b)]);
});
afterAll(() => node.close());

describe('journey 5: the operator curates a schema through the public API', () => {
  test('default: the SelfAttestation gives a schemas-registry:write token, and each write is mined', () => {
    expect(grantedScope).toBe('openid schemas-registry:write');
    expect(receipts.insert.status).toBe('0x1');
    expect(receipts.update.status).toBe('0x1');
    expect(receipts.metadata.status).toBe('0x1');
    expect(BigInt(receipts.update.blockNumber)).toBeGreaterThan(
      BigInt(receipts.insert.blockNumber),
    );
  });

  test('behavior: /schemas lists the schema by its multibase id; /schemas/{id} serves the latest revision', async () => {
    const list = await client.get<Collection<{ schemaId: string; href: string }>>(
      '/v1/schemas-registry/schemas',
    );
    expect(list).toMatchObject({
      total: 1,
      items: [{ schemaId: multibaseId, href: `${base}/schemas/${multibaseId}` }],
    });
    expect(multibaseId).toMatch(/^z[1-9A-HJ-NP-Za-km-z]+$/);

    const latest = await getText(client, pathOf(list.items[0]?.href as string));
    expect(latest).toEqual({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      text: text.schema2,
    });
    // The hex form of the id names the same schema.
    expect((await getText(client, `/v1/schemas-registry/schemas/${schemaId}`)).text).toBe(
      text.schema2,
    );
  });

  test('behavior: /revisions lists both revisions oldest first; each serves its own document', async () => {
    const revisions = await client.get<Collection<{ schemaRevisionId: string; href: string }>>(
      `/v1/schemas-registry/schemas/${multibaseId}/revisions`,
    );
    expect(revisions).toMatchObject({
      total: 2,
      items: [
        {
          schemaRevisionId: ids.rev1,
          href: `${base}/schemas/${multibaseId}/revisions/${ids.rev1}`,
        },
        {
          schemaRevisionId: ids.rev2,
          href: `${base}/schemas/${multibaseId}/revisions/${ids.rev2}`,
        },
      ],
    });
    const [first, second] = revisions.items;
    expect((await getText(client, pathOf(first?.href as string))).text).toBe(text.schema1);
    expect((await getText(client, pathOf(second?.href as string))).text).toBe(text.schema2);
  });

  test('behavior: /revisions/{revId}/metadata lists each revision’s metadata; the added one is served', async () => {
    const metadataOf = (revisionId: Hex) =>
      client.get<Collection<{ metadataId: string; href: string }>>(
        `/v1/schemas-registry/schemas/${multibaseId}/revisions/${revisionId}/metadata`,
      );
    const first = await metadataOf(ids.rev1);
    const metadataPath = `${base}/schemas/${multibaseId}/revisions/${ids.rev1}/metadata`;
    expect(first).toMatchObject({
      total: 2,
      items: [
        { metadataId: ids.meta1, href: `${metadataPath}/${ids.meta1}` },
        { metadataId: ids.meta1b, href: `${metadataPath}/${ids.meta1b}` },
      ],
    });
    const added = await getText(client, pathOf(first.items[1]?.href as string));
    expect(added).toMatchObject({ status: 200, text: text.metadata1b });
    expect((await getText(client, pathOf(first.items[0]?.href as string))).text).toBe(
      text.metadata1,
    );

    const second = await metadataOf(ids.rev2);
    expect(second).toMatchObject({ total: 1, items: [{ metadataId: ids.meta2 }] });
    expect((await getText(client, pathOf(second.items[0]?.href as string))).text).toBe(
      text.metadata2,
    );
  });

  test('error: inserting the same schema id again reverts with SchemaExists, and nothing changes', async () => {
    const again = write('insertSchema', [schemaId, bytes('{"other":true}'), bytes('{"n":1}')]);
    await expect(again).rejects.toBeInstanceOf(TransactionRevertedError);
    await expect(again).rejects.toMatchObject({ errorName: 'SchemaExists', args: [schemaId] });
    const revisions = await client.get<Collection<unknown>>(
      `/v1/schemas-registry/schemas/${multibaseId}/revisions`,
    );
    expect(revisions.total).toBe(2);
  });
});
