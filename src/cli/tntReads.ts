import type { Hex } from 'viem';
import type { CoreClient } from '../client/createCoreClient.js';
import { CliPreconditionError, CliUsageError } from './output.js';

const DOCUMENT_HASH = /^0x[0-9a-fA-F]{64}$/;

/** A document hash: `0x` + 64 hex digits, lower-cased as the read API spells it. */
export function toDocumentHash(value: string): Hex {
  if (!DOCUMENT_HASH.test(value) || /^0x0{64}$/.test(value))
    throw new CliUsageError(`${value} is not a document hash (0x + 64 hex digits, not zero)`);
  return value.toLowerCase() as Hex;
}

/** The URL of a Track and Trace document. */
export function documentHref(client: CoreClient, documentHash: Hex): string {
  return `${client.baseUrl}/v1/track-and-trace/documents/${documentHash}`;
}

/**
 * Whether a DID is on the creator whitelist (`authoriseDid`): `HEAD /v1/track-and-trace/accesses?creator=`.
 * @throws {CliPreconditionError} when the node answers neither 200 nor 404.
 */
export async function isAuthorisedCreator(client: CoreClient, did: string): Promise<boolean> {
  const response = await fetch(
    `${client.baseUrl}/v1/track-and-trace/accesses?creator=${encodeURIComponent(did)}`,
    { method: 'HEAD' },
  );
  if (response.status === 200 || response.status === 404) return response.status === 200;
  throw new CliPreconditionError(
    `The node answered ${response.status} to whether ${did} is an authorised creator`,
  );
}
