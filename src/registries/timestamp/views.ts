import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { itemView, pageView } from '../common/defineView.js';
import type { Page } from '../common/page.js';
import { TIMESTAMP } from './contract.js';
import { toRecordIdMultibase, toTimestampIdMultibase } from './ids.js';

const abi = TIMESTAMP.abi;

/** `HashAlgorithmStatus` of the contract: only these two are ever stored. */
export const HASH_ALGORITHM_STATUS = { 1: 'active', 2: 'revoked' } as const;

/** A hash algorithm as the registry stores it. */
export type HashAlgorithm = {
  hashAlgorithmId: bigint;
  outputLength: bigint;
  ianaName: string;
  oid: string;
  status: number;
  multiHash: string;
};

/** A timestamp: the first registration of a hash value. */
export type Timestamp = {
  timestampId: Hex;
  hashAlgorithmId: bigint;
  hashValue: Hex;
  timestampedBy: Address;
  blockNumber: bigint;
  blockTimestamp: bigint;
  data: Hex;
};

/** A record: its current and revoked owners (ids only) and its number of versions. */
export type TimestampRecord = {
  ownerIds: string[];
  revokedOwnerIds: string[];
  totalVersions: bigint;
};

/** A record version: the hash values of its timestamps and the contents of its infos. */
export type RecordVersion = { hashValues: Hex[]; infos: Hex[] };

/** The filters of the record list; at most one applies. */
export type RecordFilter = { owner?: string; firstVersionHash?: Hex };

/** Hash algorithm ids, 0-based in insertion order. */
export const getHashAlgorithmIds = pageView(abi, 'getHashAlgorithms');

/**
 * One hash algorithm.
 * @throws {ResourceNotFoundError} `Hash Algorithm`.
 */
export const getHashAlgorithm = itemView(abi, 'getHashAlgorithm', (error, id) =>
  toItemNotFound(error, id),
);

/** Timestamp ids (on-chain form) in timestamping order. */
export const getTimestampIds = pageView(abi, 'getTimestamps');

/**
 * One timestamp.
 * @throws {ResourceNotFoundError} `Timestamp`.
 */
export const getTimestamp = itemView(abi, 'getTimestamp', (error, id) => toItemNotFound(error, id));

/** Record ids (on-chain form): all in creation order, or those of one owner or first hash. */
export async function getRecordIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
  filter: RecordFilter = {},
): Promise<Page<Hex>> {
  const { firstVersionHash, owner } = filter;
  if (firstVersionHash !== undefined)
    return getRecordsByFirstVersionHash(reader, address, firstVersionHash, page);
  if (owner !== undefined) return getRecordsByOwner(reader, address, owner, page);
  return getRecords(reader, address, page);
}
const getRecordsByFirstVersionHash = pageView(abi, 'getRecordsByFirstVersionHash');
const getRecordsByOwner = pageView(abi, 'getRecordsByOwner');
const getRecords = pageView(abi, 'getRecords');

/**
 * One record.
 * @throws {ResourceNotFoundError} `Record`.
 */
export async function getRecord(...args: Parameters<typeof readRecord>): Promise<TimestampRecord> {
  const { owners, revokedOwners, totalVersions } = await readRecord(...args);
  return {
    ownerIds: owners.map(({ ownerId }) => ownerId),
    revokedOwnerIds: revokedOwners.map(({ ownerId }) => ownerId),
    totalVersions,
  };
}
const readRecord = itemView(abi, 'getRecord', toNotFound);

/**
 * Version ids of a record (`0 … totalVersions - 1`).
 * @throws {ResourceNotFoundError} `Record`.
 */
export const getRecordVersionIds = pageView(abi, 'getRecordVersions', toNotFound);

/**
 * One version of a record.
 * @throws {ResourceNotFoundError} `Record` or `Version`.
 */
export async function getRecordVersion(
  ...args: Parameters<typeof readRecordVersion>
): Promise<RecordVersion> {
  const { hashValues, infos } = await readRecordVersion(...args);
  return { hashValues: [...hashValues], infos: [...infos] };
}
const readRecordVersion = itemView(abi, 'getRecordVersion', toNotFound);

/** Maps the record reverts to {@link ResourceNotFoundError}; other errors pass. */
function toNotFound(error: unknown, recordId: Hex, versionId?: bigint): unknown {
  const record = toRecordIdMultibase(recordId);
  if (isRevertOf(error, 'RecordNotFound')) {
    return new ResourceNotFoundError('Record', `Record ${record} does not exist`, { cause: error });
  }
  if (isRevertOf(error, 'RecordVersionNotFound')) {
    const detail = `Record ${record} has no version ${versionId}`;
    return new ResourceNotFoundError('Version', detail, { cause: error });
  }
  return error;
}

/** Maps the hash algorithm and timestamp reverts to {@link ResourceNotFoundError}. */
function toItemNotFound(error: unknown, id: bigint | Hex): unknown {
  if (isRevertOf(error, 'HashAlgorithmNotFound')) {
    const detail = `Hash algorithm ${id} is not registered`;
    return new ResourceNotFoundError('Hash Algorithm', detail, { cause: error });
  }
  if (isRevertOf(error, 'TimestampNotFound')) {
    const detail = `Timestamp ${toTimestampIdMultibase(id as Hex)} does not exist`;
    return new ResourceNotFoundError('Timestamp', detail, { cause: error });
  }
  return error;
}
