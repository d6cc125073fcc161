import type { DIDDocument, DIDResolutionResult } from 'did-resolver';
import type { Representation } from './representation.js';

/**
 * The `error` values of DID resolution metadata the resolvers give (W3C DID Resolution §7.1;
 * `did-resolver` gives `invalidDid` itself for what is not a DID at all).
 */
export const RESOLUTION_ERRORS = [
  'invalidDid',
  'notFound',
  'representationNotSupported',
  'methodNotSupported',
  'invalidOptions',
  'internalError',
] as const;

export type ResolutionError = (typeof RESOLUTION_ERRORS)[number];

/** What an unsuccessful resolution says besides its `error`. */
export type ResolutionFailure = {
  /** One sentence on what failed, safe to show anyone (no internal detail). */
  message: string;
  /**
   * For `internalError`: `true` when the node did not answer, timed out or was unavailable (503),
   * so that the same request may succeed later. A Universal Resolver driver answers 503 for it.
   */
  retryable?: boolean;
};

/**
 * An unsuccessful resolution: no document, empty document metadata, the error and its message.
 * - Spec: W3C DID Resolution §7.1
 */
export function toFailedResolution(
  error: ResolutionError,
  failure: ResolutionFailure,
): DIDResolutionResult {
  return {
    didResolutionMetadata: { error, ...failure },
    didDocument: null,
    didDocumentMetadata: {},
  };
}

/**
 * A successful resolution of `document` in `representation`. A node's DID read exposes no
 * creation, update or deactivation time, so the document metadata is empty.
 * - Spec: W3C DID Resolution §7.1, §7.2
 */
export function toResolution(
  document: DIDDocument,
  representation: Representation,
): DIDResolutionResult {
  return {
    didResolutionMetadata: { contentType: representation },
    didDocument: document,
    didDocumentMetadata: {},
  };
}
