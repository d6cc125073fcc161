import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, toPageArgs } from '../common/page.js';
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
export async function getHashAlgorithmIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<bigint>> {
  const args = toPageArgs(page);
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getHashAlgorithms',
    args,
  });
  return { items: [...items], total };
}

/**
 * One hash algorithm.
 * @throws {ResourceNotFoundError} `Hash Algorithm`.
 */
export async function getHashAlgorithm(
  reader: BlockReader,
  address: Address,
  hashAlgorithmId: bigint,
): Promise<HashAlgorithm> {
  try {
    const args = [hashAlgorithmId] as const;
    return await reader.read({ address, abi, functionName: 'getHashAlgorithm', args });
  } catch (error) {
    if (!isRevertOf(error, 'HashAlgorithmNotFound')) throw error;
    const detail = `Hash algorithm ${hashAlgorithmId} is not registered`;
    throw new ResourceNotFoundError('Hash Algorithm', detail, { cause: error });
  }
}

/** Timestamp ids (on-chain form) in timestamping order. */
export async function getTimestampIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Hex>> {
  const args = toPageArgs(page);
  const [items, total] = await reader.read({ address, abi, functionName: 'getTimestamps', args });
  return { items: [...items], total };
}

/**
 * One timestamp.
 * @throws {ResourceNotFoundError} `Timestamp`.
 */
export async function getTimestamp(
  reader: BlockReader,
  address: Address,
  timestampId: Hex,
): Promise<Timestamp> {
  try {
    const args = [timestampId] as const;
    return await reader.read({ address, abi, functionName: 'getTimestamp', args });
  } catch (error) {
    if (!isRevertOf(error, 'TimestampNotFound')) throw error;
    const detail = `Timestamp ${toTimestampIdMultibase(timestampId)} does not exist`;
    throw new ResourceNotFoundError('Timestamp', detail, { cause: error });
  }
}

/** Record ids (on-chain form): all in creation order, or those of one owner or first hash. */
export async function getRecordIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
  filter: RecordFilter = {},
): Promise<Page<Hex>> {
  const pageArgs = toPageArgs(page);
  const { firstVersionHash, owner } = filter;
  const [items, total] =
    firstVersionHash !== undefined
      ? await reader.read({
          address,
          abi,
          functionName: 'getRecordsByFirstVersionHash',
          args: [firstVersionHash, ...pageArgs],
        })
      : owner !== undefined
        ? await reader.read({
            address,
            abi,
            functionName: 'getRecordsByOwner',
            args: [owner, ...pageArgs],
          })
        : await reader.read({ address, abi, functionName: 'getRecords', args: pageArgs });
  return { items: [...items], total };
}

/**
 * One record.
 * @throws {ResourceNotFoundError} `Record`.
 */
export async function getRecord(
  reader: BlockReader,
  address: Address,
  recordId: Hex,
): Promise<TimestampRecord> {
  try {
    const { owners, revokedOwners, totalVersions } = await reader.read({
      address,
      abi,
      functionName: 'getRecord',
      args: [recordId],
    });
    return {
      ownerIds: owners.map(({ ownerId }) => ownerId),
      revokedOwnerIds: revokedOwners.map(({ ownerId }) => ownerId),
      totalVersions,
    };
  } catch (error) {
    throw toNotFound(error, recordId);
  }
}

/**
 * Version ids of a record (`0 … totalVersions - 1`).
 * @throws {ResourceNotFoundError} `Record`.
 */
export async function getRecordVersionIds(
  reader: BlockReader,
  address: Address,
  recordId: Hex,
  page: PageRequest,
): Promise<Page<bigint>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getRecordVersions',
      args: [recordId, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    throw toNotFound(error, recordId);
  }
}

/**
 * One version of a record.
 * @throws {ResourceNotFoundError} `Record` or `Version`.
 */
export async function getRecordVersion(
  reader: BlockReader,
  address: Address,
  recordId: Hex,
  versionId: bigint,
): Promise<RecordVersion> {
  try {
    const { hashValues, infos } = await reader.read({
      address,
      abi,
      functionName: 'getRecordVersion',
      args: [recordId, versionId],
    });
    return { hashValues: [...hashValues], infos: [...infos] };
  } catch (error) {
    throw toNotFound(error, recordId, versionId);
  }
}

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
