import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, readAllPages, toPageArgs } from '../common/page.js';
import { SCHEMAS_REGISTRY } from './contract.js';
import { toJsonValue } from './documents.js';
import { toSchemaIdMultibase } from './ids.js';
import { isMetadataValidAt } from './validAt.js';

const abi = SCHEMAS_REGISTRY.abi;

/** A schema: its latest revision and the number of revisions. */
export type Schema = { latestRevisionId: Hex; schema: Hex; totalRevisions: bigint };

/** A revision of a schema: its document, its latest metadata, and when it was stored. */
export type SchemaRevision = {
  schema: Hex;
  latestMetadataId: Hex;
  totalMetadata: bigint;
  /** Block time (unix seconds) of the transaction that stored it. */
  timestamp: bigint;
};

/** Schema ids (hex) in registration order. */
export async function getSchemaIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Hex>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getSchemas',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * One schema.
 * @throws {ResourceNotFoundError} `Schema`.
 */
export async function getSchema(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
): Promise<Schema> {
  try {
    const [latestRevisionId, schema, totalRevisions] = await reader.read({
      address,
      abi,
      functionName: 'getSchema',
      args: [schemaId],
    });
    return { latestRevisionId, schema, totalRevisions };
  } catch (error) {
    throw toNotFound(error, schemaId);
  }
}

/**
 * The revision ids of a schema, oldest first.
 * @throws {ResourceNotFoundError} `Schema`.
 */
export async function getSchemaRevisionIds(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
  page: PageRequest,
): Promise<Page<Hex>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getSchemaRevisions',
      args: [schemaId, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    throw toNotFound(error, schemaId);
  }
}

/**
 * Every revision id of a schema, oldest first (pages of the largest size, read together).
 * @throws {ResourceNotFoundError} `Schema`.
 */
export async function getAllSchemaRevisionIds(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
): Promise<Hex[]> {
  return readAllPages((page) => getSchemaRevisionIds(reader, address, schemaId, page));
}

/**
 * The revision ids of a schema valid at `at` (oldest first): those whose latest metadata passes
 * {@link isMetadataValidAt}. Reads every revision and its latest metadata, in batches.
 * - Spec: SPEC.md §9.6 (`valid-at` with `version=deprecated`)
 * @throws {ResourceNotFoundError} `Schema`.
 */
export async function getSchemaRevisionIdsValidAt(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
  at: Date,
): Promise<Hex[]> {
  const revisionIds = await getAllSchemaRevisionIds(reader, address, schemaId);
  const valid = await Promise.all(
    revisionIds.map(async (revisionId) => {
      const { latestMetadataId } = await getSchemaRevision(reader, address, schemaId, revisionId);
      const metadata = await getRevisionMetadata(
        reader,
        address,
        schemaId,
        revisionId,
        latestMetadataId,
      );
      return isMetadataValidAt(toJsonValue(metadata)?.value, at);
    }),
  );
  return revisionIds.filter((_, i) => valid[i]);
}

/**
 * One revision of a schema.
 * @throws {ResourceNotFoundError} `Schema` or `Revision`.
 */
export async function getSchemaRevision(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
  revisionId: Hex,
): Promise<SchemaRevision> {
  try {
    const [schema, latestMetadataId, totalMetadata, timestamp] = await reader.read({
      address,
      abi,
      functionName: 'getSchemaRevision',
      args: [schemaId, revisionId],
    });
    return { schema, latestMetadataId, totalMetadata, timestamp };
  } catch (error) {
    throw toNotFound(error, schemaId, revisionId);
  }
}

/**
 * The metadata ids of a revision, oldest first.
 * @throws {ResourceNotFoundError} `Schema` or `Revision`.
 */
export async function getRevisionMetadataIds(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
  revisionId: Hex,
  page: PageRequest,
): Promise<Page<Hex>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getRevisionMetadataIds',
      args: [schemaId, revisionId, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    throw toNotFound(error, schemaId, revisionId);
  }
}

/**
 * One metadata document of a revision (its stored bytes).
 * @throws {ResourceNotFoundError} `Schema`, `Revision` or `Metadata`.
 */
export async function getRevisionMetadata(
  reader: BlockReader,
  address: Address,
  schemaId: Hex,
  revisionId: Hex,
  metadataId: Hex,
): Promise<Hex> {
  try {
    return await reader.read({
      address,
      abi,
      functionName: 'getRevisionMetadata',
      args: [schemaId, revisionId, metadataId],
    });
  } catch (error) {
    throw toNotFound(error, schemaId, revisionId, metadataId);
  }
}

/** Maps the registry's not-found reverts to {@link ResourceNotFoundError}; other errors pass. */
function toNotFound(error: unknown, schemaId: Hex, revisionId?: Hex, metadataId?: Hex): unknown {
  const schema = toSchemaIdMultibase(schemaId);
  if (isRevertOf(error, 'SchemaNotFound')) {
    return new ResourceNotFoundError('Schema', `Schema ${schema} is not registered`, {
      cause: error,
    });
  }
  if (isRevertOf(error, 'SchemaRevisionNotFound')) {
    return new ResourceNotFoundError('Revision', `Schema ${schema} has no revision ${revisionId}`, {
      cause: error,
    });
  }
  if (isRevertOf(error, 'SchemaMetadataNotFound')) {
    return new ResourceNotFoundError(
      'Metadata',
      `Revision ${revisionId} of schema ${schema} has no metadata ${metadataId}`,
      { cause: error },
    );
  }
  return error;
}
