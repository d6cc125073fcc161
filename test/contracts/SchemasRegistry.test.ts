import {
  type Account,
  type Address,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  keccak256,
  sha256,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
} from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import { schemasRegistryAbi, schemasRegistryBytecode } from '../../artifacts/SchemasRegistry.js';
import {
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const artifact = { abi: schemasRegistryAbi, bytecode: schemasRegistryBytecode };
const POLICIES = ['TSR:insertSchema', 'TSR:updateSchema', 'TSR:updateMetadata'] as const;
const ZERO = `0x${'00'.repeat(32)}` as Hex;

let chain: TestChain;
let admin: Account;
let policies: Address;
let registry: Address;
/** Gas used by each write in its `default` test (printed with REPORT_GAS=1). */
const gas: Record<string, bigint> = {};

beforeAll(async () => {
  chain = await startTestChain();
  admin = randomAccount();
  ({ address: policies } = await chain.deployProxy(
    admin,
    { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode },
    [admin.address],
  ));
  const onPolicies = (functionName: string, args: readonly unknown[]) => ({
    address: policies,
    abi: policiesRegistryAbi,
    functionName,
    args,
  });
  for (const name of POLICIES) {
    await chain.write(admin, onPolicies('insertPolicy', [name, 'Schemas Registry administration']));
  }
  await chain.write(admin, onPolicies('insertUserAttributes', [admin.address, [...POLICIES]]));
  registry = await deployRegistry();
});
afterAll(async () => {
  if (process.env.REPORT_GAS) console.table(gas);
  await chain.close();
});

async function deployRegistry(): Promise<Address> {
  return (await chain.deployProxy(admin, artifact, [policies])).address;
}

const call = (functionName: string, args: readonly unknown[] = [], address = registry) => ({
  address,
  abi: schemasRegistryAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = [], address = registry) =>
  chain.client.readContract(call(functionName, args, address) as never) as Promise<T>;

/** Sends a write as `account` and returns its receipt and the function's return value. */
async function send(
  account: Account,
  functionName: string,
  args: readonly unknown[],
  address = registry,
): Promise<{ receipt: TransactionReceipt; result: Hex }> {
  const { result } = await chain.client.simulateContract({
    ...call(functionName, args, address),
    account,
  } as never);
  const receipt = await chain.write(account, call(functionName, args, address));
  return { receipt, result: result as Hex };
}

const randomId = (): Hex => generatePrivateKey();
const doc = (value: unknown): Hex => toHex(JSON.stringify(value));

/** Registers a fresh schema and returns its id, first revision and first metadata. */
async function insertFresh(address = registry) {
  const schemaId = randomId();
  const schema = doc({ $id: schemaId, type: 'object' });
  const metadata = doc({ name: 'Fresh', version: 1 });
  await chain.write(admin, call('insertSchema', [schemaId, schema, metadata], address));
  return { schemaId, schema, metadata, revisionId: sha256(schema), metadataId: sha256(metadata) };
}

describe('SchemasRegistry', () => {
  test('default: type, links, ERC-165 and the locked implementation', async () => {
    expect(await read('registryType')).toBe(keccak256(toHex('core.SchemasRegistry')));
    expect(await read('policiesRegistry')).toBe(policies);
    const selectors = schemasRegistryAbi
      .filter((item) => item.type === 'function')
      .filter(
        (f) =>
          !['initialize', 'registryType', 'policiesRegistry', 'supportsInterface'].includes(f.name),
      )
      .map((f) => hexToBigInt(toFunctionSelector(f)));
    const interfaceId = toHex(
      selectors.reduce((a, b) => a ^ b),
      { size: 4 },
    );
    expect(await read('supportsInterface', [interfaceId])).toBe(true);
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
    expect(await revertOf(chain, admin, call('initialize', [policies]))).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
  });

  test('behavior: state lives at the ERC-7201 slot core.storage.SchemasRegistry', async () => {
    const address = await deployRegistry();
    await insertFresh(address);
    await insertFresh(address);
    const inner = hexToBigInt(keccak256(toHex('core.storage.SchemasRegistry'))) - 1n;
    const slot =
      hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [inner]))) & ~0xffn;
    expect(toHex(slot, { size: 32 })).toBe(
      '0x3499955ad92945e0033d6bd1d66f23636af088326e178c6af7d37e9e1655c000',
    );
    // The first member, `schemaIds`, is an array: the slot holds its length.
    const length = await chain.client.getStorageAt({ address, slot: toHex(slot, { size: 32 }) });
    expect(hexToBigInt(length ?? '0x0')).toBe(2n);
  });

  describe('insertSchema', () => {
    test('default: registers the schema, its first revision and metadata', async () => {
      const schemaId = randomId();
      const schema = doc({ type: 'object', properties: { a: { type: 'string' } } });
      const metadata = doc({ name: 'A', version: '1.0' });
      const revisionId = sha256(schema);
      const metadataId = sha256(metadata);
      const { receipt, result } = await send(admin, 'insertSchema', [schemaId, schema, metadata]);
      gas.insertSchema = receipt.gasUsed;
      expect(result).toBe(revisionId);
      expect(eventsOf(schemasRegistryAbi, receipt)).toEqual([
        {
          eventName: 'SchemaInserted',
          args: { schemaId, revisionId, metadataId, schema, metadata },
        },
      ]);
      expect(await read('schemaExists', [schemaId])).toBe(true);
      expect(await read('getSchema', [schemaId])).toEqual([revisionId, schema, 1n]);
      expect(await read('getSchemaRevisions', [schemaId, 1n, 10n])).toEqual([[revisionId], 1n]);
      const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
      expect(await read('getSchemaRevision', [schemaId, revisionId])).toEqual([
        schema,
        metadataId,
        1n,
        block.timestamp,
      ]);
      expect(await read('getRevisionMetadataIds', [schemaId, revisionId, 1n, 10n])).toEqual([
        [metadataId],
        1n,
      ]);
      expect(await read('getRevisionMetadata', [schemaId, revisionId, metadataId])).toBe(metadata);
    });

    test('behavior: the same schema document may be a revision of two schemas', async () => {
      const { schema, metadata, revisionId } = await insertFresh();
      const other = randomId();
      const { result } = await send(admin, 'insertSchema', [other, schema, metadata]);
      expect(result).toBe(revisionId);
      expect(await read('getSchema', [other])).toEqual([revisionId, schema, 1n]);
    });

    test('error: sender without TSR:insertSchema', async () => {
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('insertSchema', [randomId(), '0x01', '0x02'])),
      ).toEqual({ errorName: 'PolicyDenied', args: ['TSR:insertSchema', stranger.address] });
    });

    test.each([
      ['schemaId zero', [ZERO, '0x01', '0x02'], 'SchemaIdEmpty'],
      ['schema empty', [randomId(), '0x', '0x02'], 'SchemaEmpty'],
      ['metadata empty', [randomId(), '0x01', '0x'], 'SchemaMetadataEmpty'],
    ])('error: %s', async (_, args, errorName) => {
      expect(await revertOf(chain, admin, call('insertSchema', args))).toEqual({
        errorName,
        args: [],
      });
    });

    test('error: a registered schema id', async () => {
      const { schemaId } = await insertFresh();
      expect(
        await revertOf(chain, admin, call('insertSchema', [schemaId, '0x01', '0x02'])),
      ).toEqual({ errorName: 'SchemaExists', args: [schemaId] });
    });
  });

  describe('updateSchema', () => {
    test('default: appends a revision that becomes the latest', async () => {
      const { schemaId, revisionId: first } = await insertFresh();
      const schema = doc({ type: 'object', version: 2 });
      const metadata = doc({ name: 'Fresh', version: 2 });
      const revisionId = sha256(schema);
      const metadataId = sha256(metadata);
      const { receipt, result } = await send(admin, 'updateSchema', [schemaId, schema, metadata]);
      gas.updateSchema = receipt.gasUsed;
      expect(result).toBe(revisionId);
      expect(eventsOf(schemasRegistryAbi, receipt)).toEqual([
        {
          eventName: 'SchemaUpdated',
          args: { schemaId, revisionId, metadataId, schema, metadata },
        },
      ]);
      expect(await read('getSchema', [schemaId])).toEqual([revisionId, schema, 2n]);
      expect(await read('getSchemaRevisions', [schemaId, 1n, 10n])).toEqual([
        [first, revisionId],
        2n,
      ]);
      expect(await read('getRevisionMetadata', [schemaId, revisionId, metadataId])).toBe(metadata);
    });

    test('error: sender without TSR:updateSchema', async () => {
      const { schemaId } = await insertFresh();
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('updateSchema', [schemaId, '0x01', '0x02'])),
      ).toEqual({ errorName: 'PolicyDenied', args: ['TSR:updateSchema', stranger.address] });
    });

    test('error: empty documents', async () => {
      const { schemaId } = await insertFresh();
      expect(await revertOf(chain, admin, call('updateSchema', [schemaId, '0x', '0x02']))).toEqual({
        errorName: 'SchemaEmpty',
        args: [],
      });
      expect(await revertOf(chain, admin, call('updateSchema', [schemaId, '0x01', '0x']))).toEqual({
        errorName: 'SchemaMetadataEmpty',
        args: [],
      });
    });

    test('error: an unknown schema id (zero included)', async () => {
      for (const schemaId of [randomId(), ZERO]) {
        expect(
          await revertOf(chain, admin, call('updateSchema', [schemaId, '0x01', '0x02'])),
        ).toEqual({ errorName: 'SchemaNotFound', args: [schemaId] });
      }
    });

    test('error: a revision the schema has already', async () => {
      const { schemaId, schema, revisionId } = await insertFresh();
      expect(
        await revertOf(chain, admin, call('updateSchema', [schemaId, schema, doc({ other: 1 })])),
      ).toEqual({ errorName: 'SchemaRevisionExists', args: [schemaId, revisionId] });
    });
  });

  describe('updateMetadata', () => {
    test('default: appends metadata that becomes the latest of its revision', async () => {
      const { schemaId, schema, revisionId, metadataId: first } = await insertFresh();
      const metadata = doc({ name: 'Fresh', version: 1, deprecated: true });
      const metadataId = sha256(metadata);
      const { receipt, result } = await send(admin, 'updateMetadata', [
        schemaId,
        revisionId,
        metadata,
      ]);
      gas.updateMetadata = receipt.gasUsed;
      expect(result).toBe(metadataId);
      expect(eventsOf(schemasRegistryAbi, receipt)).toEqual([
        { eventName: 'MetadataUpdated', args: { schemaId, revisionId, metadataId, metadata } },
      ]);
      const [stored, latest, total] = await read<[Hex, Hex, bigint]>('getSchemaRevision', [
        schemaId,
        revisionId,
      ]);
      expect([stored, latest, total]).toEqual([schema, metadataId, 2n]);
      expect(await read('getRevisionMetadataIds', [schemaId, revisionId, 1n, 10n])).toEqual([
        [first, metadataId],
        2n,
      ]);
      expect(await read('getRevisionMetadata', [schemaId, revisionId, metadataId])).toBe(metadata);
    });

    test('behavior: the same metadata may describe two revisions', async () => {
      const { schemaId, metadata, metadataId } = await insertFresh();
      const { result: second } = await send(admin, 'updateSchema', [
        schemaId,
        doc({ v: 2 }),
        doc({ v: 2 }),
      ]);
      const { result } = await send(admin, 'updateMetadata', [schemaId, second, metadata]);
      expect(result).toBe(metadataId);
    });

    test('error: sender without TSR:updateMetadata', async () => {
      const { schemaId, revisionId } = await insertFresh();
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('updateMetadata', [schemaId, revisionId, '0x02'])),
      ).toEqual({ errorName: 'PolicyDenied', args: ['TSR:updateMetadata', stranger.address] });
    });

    test('error: empty metadata', async () => {
      const { schemaId, revisionId } = await insertFresh();
      expect(
        await revertOf(chain, admin, call('updateMetadata', [schemaId, revisionId, '0x'])),
      ).toEqual({ errorName: 'SchemaMetadataEmpty', args: [] });
    });

    test('error: an unknown schema, an unknown revision (zero included)', async () => {
      const { schemaId } = await insertFresh();
      const unknown = randomId();
      expect(await revertOf(chain, admin, call('updateMetadata', [unknown, ZERO, '0x02']))).toEqual(
        { errorName: 'SchemaNotFound', args: [unknown] },
      );
      for (const revisionId of [unknown, ZERO]) {
        expect(
          await revertOf(chain, admin, call('updateMetadata', [schemaId, revisionId, '0x02'])),
        ).toEqual({ errorName: 'SchemaRevisionNotFound', args: [schemaId, revisionId] });
      }
    });

    test('error: metadata the revision has already', async () => {
      const { schemaId, revisionId, metadata, metadataId } = await insertFresh();
      expect(
        await revertOf(chain, admin, call('updateMetadata', [schemaId, revisionId, metadata])),
      ).toEqual({ errorName: 'SchemaMetadataExists', args: [schemaId, revisionId, metadataId] });
    });
  });

  describe('views', () => {
    test('error: unknown schema, revision and metadata', async () => {
      const { schemaId, revisionId } = await insertFresh();
      const unknown = randomId();
      expect(await read('schemaExists', [unknown])).toBe(false);
      for (const [functionName, args] of [
        ['getSchema', [unknown]],
        ['getSchemaRevisions', [unknown, 1n, 10n]],
        ['getSchemaRevision', [unknown, revisionId]],
        ['getRevisionMetadataIds', [unknown, revisionId, 1n, 10n]],
        ['getRevisionMetadata', [unknown, revisionId, ZERO]],
      ] as const) {
        expect(await revertOf(chain, admin, call(functionName, args))).toEqual({
          errorName: 'SchemaNotFound',
          args: [unknown],
        });
      }
      for (const [functionName, args] of [
        ['getSchemaRevision', [schemaId, unknown]],
        ['getRevisionMetadataIds', [schemaId, unknown, 1n, 10n]],
        ['getRevisionMetadata', [schemaId, unknown, ZERO]],
      ] as const) {
        expect(await revertOf(chain, admin, call(functionName, args))).toEqual({
          errorName: 'SchemaRevisionNotFound',
          args: [schemaId, unknown],
        });
      }
      expect(
        await revertOf(chain, admin, call('getRevisionMetadata', [schemaId, revisionId, unknown])),
      ).toEqual({ errorName: 'SchemaMetadataNotFound', args: [schemaId, revisionId, unknown] });
    });

    test('behavior: getSchemas, getSchemaRevisions and getRevisionMetadataIds paginate', async () => {
      const address = await deployRegistry();
      const schemas = [];
      for (let i = 0; i < 3; i++) schemas.push(await insertFresh(address));
      const ids = schemas.map((s) => s.schemaId);
      expect(await read('getSchemas', [1n, 2n], address)).toEqual([ids.slice(0, 2), 3n]);
      expect(await read('getSchemas', [2n, 2n], address)).toEqual([ids.slice(2), 3n]);
      expect(await read('getSchemas', [3n, 2n], address)).toEqual([[], 3n]);
      expect(await read('getSchemas', [2n ** 255n, 50n], address)).toEqual([[], 3n]);

      const [first] = schemas as [(typeof schemas)[number]];
      const revisions = [first.revisionId];
      const metadataIds = [first.metadataId];
      for (let i = 2; i <= 3; i++) {
        const { result } = await send(
          admin,
          'updateSchema',
          [first.schemaId, doc({ v: i }), doc({ v: i })],
          address,
        );
        revisions.push(result);
        const { result: metadataId } = await send(
          admin,
          'updateMetadata',
          [first.schemaId, first.revisionId, doc({ m: i })],
          address,
        );
        metadataIds.push(metadataId);
      }
      expect(await read('getSchemaRevisions', [first.schemaId, 2n, 2n], address)).toEqual([
        revisions.slice(2),
        3n,
      ]);
      expect(
        await read('getRevisionMetadataIds', [first.schemaId, first.revisionId, 1n, 2n], address),
      ).toEqual([metadataIds.slice(0, 2), 3n]);

      for (const [functionName, args] of [
        ['getSchemas', []],
        ['getSchemaRevisions', [first.schemaId]],
        ['getRevisionMetadataIds', [first.schemaId, first.revisionId]],
      ] as const) {
        expect(
          await revertOf(chain, admin, call(functionName, [...args, 0n, 10n], address)),
        ).toEqual({ errorName: 'PaginationInvalidPage', args: [0n] });
        for (const pageSize of [0n, 51n]) {
          expect(
            await revertOf(chain, admin, call(functionName, [...args, 1n, pageSize], address)),
          ).toEqual({ errorName: 'PaginationInvalidPageSize', args: [pageSize] });
        }
      }
    });
  });
});
