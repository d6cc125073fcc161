import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { itemView, pageView } from '../common/defineView.js';
import { readAllPages } from '../common/page.js';
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
export const getSchemaIds = pageView(abi, 'getSchemas');

/**
 * One schema.
 * @throws {ResourceNotFoundError} `Schema`.
 */
export async function getSchema(...args: Parameters<typeof readSchema>): Promise<Schema> {
  const [latestRevisionId, schema, totalRevisions] = await readSchema(...args);
  return { latestRevisionId, schema, totalRevisions };
}
const readSchema = itemView(abi, 'getSchema', toNotFound);

/**
 * The revision ids of a schema, oldest first.
 * @throws {ResourceNotFoundError} `Schema`.
 */
export const getSchemaRevisionIds = pageView(abi, 'getSchemaRevisions', toNotFound);

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
  ...args: Parameters<typeof readSchemaRevision>
): Promise<SchemaRevision> {
  const [schema, latestMetadataId, totalMetadata, timestamp] = await readSchemaRevision(...args);
  return { schema, latestMetadataId, totalMetadata, timestamp };
}
const readSchemaRevision = itemView(abi, 'getSchemaRevision', toNotFound);

/**
 * The metadata ids of a revision, oldest first.
 * @throws {ResourceNotFoundError} `Schema` or `Revision`.
 */
export const getRevisionMetadataIds = pageView(abi, 'getRevisionMetadataIds', toNotFound);

/**
 * One metadata document of a revision (its stored bytes).
 * @throws {ResourceNotFoundError} `Schema`, `Revision` or `Metadata`.
 */
export const getRevisionMetadata = itemView(abi, 'getRevisionMetadata', toNotFound);

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
