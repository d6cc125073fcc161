import type { Address, ContractFunctionReturnType, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { itemView, pageView } from '../common/defineView.js';
import { readAllPages } from '../common/page.js';
import { TRACK_AND_TRACE } from './contract.js';
import type { AccessesFilter } from './parseAccessesFilter.js';

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
export const getDocumentIds = pageView(abi, 'getDocuments');

/**
 * One document.
 * @throws {ResourceNotFoundError} `Document`.
 */
export const getDocument = itemView(abi, 'getDocument', toNotFound);

/**
 * A page of a document's event ids, in writing order.
 * @throws {ResourceNotFoundError} `Document`.
 */
export const getEventIds = pageView(abi, 'getEvents', toNotFound);

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
export const getEvent = itemView(abi, 'getEvent', (error, documentId, eventId) =>
  isRevertOf(error, 'EventNotFound')
    ? new ResourceNotFoundError(
        'Event',
        `Event ${eventId} does not exist on document ${documentId}`,
        {
          cause: error,
        },
      )
    : toNotFound(error, documentId),
);

/**
 * A page of the accesses to a document, the creator's first.
 * @throws {ResourceNotFoundError} `Document`.
 */
export const getDocumentAccesses = pageView(abi, 'getAccessesByDocument', toNotFound);

/** A page of the accesses a subject account holds, the `Creator` ones first (none: empty). */
export const getSubjectAccesses = pageView(abi, 'getAccessesBySubject');

/** A page of the `Creator` accesses of the documents that a did:core created. */
export const getCreatorAccesses = pageView(abi, 'getAccessesByCreator');

/**
 * The page of accesses the `/accesses` filter selects: a creator's, or a subject's; none for a
 * subject DID that no account can have.
 */
export async function getFilteredAccesses(
  reader: BlockReader,
  address: Address,
  filter: AccessesFilter,
  page: PageRequest,
): ReturnType<typeof getSubjectAccesses> {
  if ('creator' in filter) return getCreatorAccesses(reader, address, filter.creator, page);
  if (filter.account === undefined) return { items: [], total: 0n };
  return getSubjectAccesses(reader, address, filter.account, page);
}

/** Whether a DID is whitelisted to create documents. */
export const isCreator = itemView(abi, 'isCreator');

function toNotFound(error: unknown, documentId: Hex): unknown {
  if (!isRevertOf(error, 'DocumentNotFound')) return error;
  return new ResourceNotFoundError('Document', `Document ${documentId} does not exist`, {
    cause: error,
  });
}
