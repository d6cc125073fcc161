import type { Address } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import { type ToDidDocumentReturnType, toDidDocument } from '../../identity/didDocument.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, toPageArgs } from '../common/page.js';
import { DID_REGISTRY } from './contract.js';

const abi = DID_REGISTRY.abi;

/** What {@link getDidDocument} returns: the document, and whether its base document was usable. */
export type GetDidDocumentReturnType = ToDidDocumentReturnType;

/** The registered DIDs, in registration order. */
export async function getDids(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<string>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getDids',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * The DIDs `controller` controls (itself included while it is its own controller).
 * @throws {ResourceNotFoundError} `Controller` when `controller` is not a registered DID.
 */
export async function getDidsByController(
  reader: BlockReader,
  address: Address,
  controller: string,
  page: PageRequest,
): Promise<Page<string>> {
  try {
    const [items, total] = await reader.read({
      address,
      abi,
      functionName: 'getDidsByController',
      args: [controller, ...toPageArgs(page)],
    });
    return { items: [...items], total };
  } catch (error) {
    if (isRevertOf(error, 'DidNotFound')) {
      throw new ResourceNotFoundError('Controller', `Controller ${controller} is not registered`, {
        cause: error,
      });
    }
    throw error;
  }
}

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
    if (isRevertOf(error, 'DidNotFound')) {
      throw new ResourceNotFoundError('Identifier', `Identifier ${did} is not registered`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Whether `did` is registered in the DID Registry at `address`. */
export async function didExists(
  reader: BlockReader,
  address: Address,
  did: string,
): Promise<boolean> {
  return reader.read({ address, abi, functionName: 'didExists', args: [did] });
}
