import type { Address, ContractFunctionReturnType, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, readAllPages, toPageArgs } from '../common/page.js';
import { TRACK_AND_TRACE } from './contract.js';

const abi = TRACK_AND_TRACE.abi;
type Returned<name extends 'getDocument' | 'getEvent' | 'getAccessesByDocument'> =
  ContractFunctionReturnType<typeof abi, 'view', name>;

/** `ITrackAndTrace.Document`: a document without its events and accesses. */
export type DocumentStruct = Returned<'getDocument'>;
/** `ITrackAndTrace.DocumentEvent`. */
export type EventStruct = Returned<'getEvent'>;
/** `ITrackAndTrace.Access`: one permission of one subject on one document. */
export type AccessStruct = Returned<'getAccessesByDocument'>[0][number];

/** Document ids (hashes) in creation order (a removal moves the last one into its place). */
export async function getDocumentIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Hex>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getDocuments',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * One document.
 * @throws {ResourceNotFoundError} `Document`.
 */
export async function getDocument(
  reader: BlockReader,
  address: Address,
  documentId: Hex,
): Promise<DocumentStruct> {
  try {
    return await reader.read({ address, abi, functionName: 'getDocument', args: [documentId] });
  } catch (error) {
    throw toNotFound(error, documentId);
  }
}

/**
 * A page of a document's event ids, in writing order.
 * @throws {ResourceNotFoundError} `Document`.
 */
export async function getEventIds(
  reader: BlockReader,
  address: Address,
  documentId: Hex,
  page: PageRequest,
): Promise<Page<Hex>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getEvents',
      args: [documentId, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    throw toNotFound(error, documentId);
  }
}

/**
 * Every event id of a document that has `eventCount` events, read in pages of 50 sent together.
 * @throws {ResourceNotFoundError} `Document`.
 */
export async function getAllEventIds(
  reader: BlockReader,
  address: Address,
  documentId: Hex,
  eventCount: bigint,
): Promise<Hex[]> {
  return readAllPages((page) => getEventIds(reader, address, documentId, page), eventCount);
}

/**
 * One event of a document.
 * @throws {ResourceNotFoundError} `Document`, or `Event`.
 */
export async function getEvent(
  reader: BlockReader,
  address: Address,
  documentId: Hex,
  eventId: Hex,
): Promise<EventStruct> {
  try {
    return await reader.read({
      address,
      abi,
      functionName: 'getEvent',
      args: [documentId, eventId],
    });
  } catch (error) {
    if (isRevertOf(error, 'EventNotFound')) {
      throw new ResourceNotFoundError(
        'Event',
        `Event ${eventId} does not exist on document ${documentId}`,
        { cause: error },
      );
    }
    throw toNotFound(error, documentId);
  }
}

/**
 * A page of the accesses to a document, the creator's first.
 * @throws {ResourceNotFoundError} `Document`.
 */
export async function getDocumentAccesses(
  reader: BlockReader,
  address: Address,
  documentId: Hex,
  page: PageRequest,
): Promise<Page<AccessStruct>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getAccessesByDocument',
      args: [documentId, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    throw toNotFound(error, documentId);
  }
}

/** A page of the accesses a subject account holds, the `Creator` ones first (none: empty). */
export async function getSubjectAccesses(
  reader: BlockReader,
  address: Address,
  subject: Hex,
  page: PageRequest,
): Promise<Page<AccessStruct>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getAccessesBySubject',
    args: [subject, ...toPageArgs(page)],
  });
  return { items: [...items], total };
}

/** A page of the `Creator` accesses of the documents that a did:core created. */
export async function getCreatorAccesses(
  reader: BlockReader,
  address: Address,
  creator: string,
  page: PageRequest,
): Promise<Page<AccessStruct>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getAccessesByCreator',
    args: [creator, ...toPageArgs(page)],
  });
  return { items: [...items], total };
}

/** Whether a DID is whitelisted to create documents. */
export async function isCreator(
  reader: BlockReader,
  address: Address,
  did: string,
): Promise<boolean> {
  return reader.read({ address, abi, functionName: 'isCreator', args: [did] });
}

function toNotFound(error: unknown, documentId: Hex): unknown {
  if (!isRevertOf(error, 'DocumentNotFound')) return error;
  return new ResourceNotFoundError('Document', `Document ${documentId} does not exist`, {
    cause: error,
  });
}
