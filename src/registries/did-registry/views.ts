import type { Address } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { type ToDidDocumentReturnType, toDidDocument } from '../../identity/didDocument.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { itemView, pageView } from '../common/defineView.js';
import { DID_REGISTRY } from './contract.js';

const abi = DID_REGISTRY.abi;

/** What {@link getDidDocument} returns: the document, and whether its base document was usable. */
export type GetDidDocumentReturnType = ToDidDocumentReturnType;

/** The registered DIDs, in registration order. */
export const getDids = pageView(abi, 'getDids');

/**
 * The DIDs `controller` controls (itself included while it is its own controller).
 * @throws {ResourceNotFoundError} `Controller` when `controller` is not a registered DID.
 */
export const getDidsByController = pageView(abi, 'getDidsByController', (error, controller) =>
  toNotFound(error, 'Controller', controller),
);

/**
 * The DID document of `did` at `at` (Unix seconds), or at the time of the reader's block: only
 * the verification methods with a relationship valid then, each with only those relationships.
 * What REST resolution serves and what presentation checks resolve holder keys with.
 * - Spec: SPEC.md §4.1, §5.3.6
 * - Design: DESIGN.md §5
 * @throws {ResourceNotFoundError} `Identifier` when `did` is not registered.
 */
export async function getDidDocument(
  reader: BlockReader,
  address: Address,
  did: string,
  at?: bigint,
): Promise<GetDidDocumentReturnType> {
  try {
    const record = await (at === undefined
      ? reader.read({ address, abi, functionName: 'getDidDocument', args: [did] })
      : reader.read({ address, abi, functionName: 'getDidDocumentByTimestamp', args: [did, at] }));
    return toDidDocument(did, record);
  } catch (error) {
    throw toNotFound(error, 'Identifier', did);
  }
}

/** A DID that is not registered, named as the `resource` the request asked for. */
function toNotFound(error: unknown, resource: string, did: string): unknown {
  if (!isRevertOf(error, 'DidNotFound')) return error;
  return new ResourceNotFoundError(resource, `${resource} ${did} is not registered`, {
    cause: error,
  });
}

/** Whether `did` is registered in the DID Registry at `address`. */
export const didExists = itemView(abi, 'didExists');
