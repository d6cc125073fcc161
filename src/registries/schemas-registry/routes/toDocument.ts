import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hex } from 'viem';
import { statusProblem } from '../../../errors/problem.js';
import { negotiateMediaType } from '../../../http/negotiation.js';
import { toJsonText } from '../documents.js';

export const OCTET_STREAM = 'application/octet-stream';
/** What a schema document read can answer with, preferred first. */
export const DOCUMENT_TYPES = ['application/json', OCTET_STREAM] as const;
/** What a metadata read can answer with (JSON-LD kept for clients of the prior art). */
export const METADATA_TYPES = ['application/json', 'application/ld+json', OCTET_STREAM] as const;

/**
 * The body of a document read. A document is stored as bytes (the registry takes any): its JSON
 * text, as stored, in the negotiated JSON media type; or the bytes as `application/octet-stream`
 * when that was negotiated, or when they are not UTF-8 JSON and `Accept` allows bytes (as a missing
 * `Accept` or a wildcard does).
 * @param label Names the document in the 406 detail, e.g. `Revision 0x… of schema z…`.
 * @throws {ProblemError} 406 when the bytes are not JSON and `Accept` allows JSON only.
 */
export function toDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Hex,
  label: string,
): string | Buffer {
  const text = request.responseType === OCTET_STREAM ? undefined : toJsonText(bytes);
  if (text !== undefined) {
    reply.type(`${request.responseType}; charset=utf-8`);
    return text;
  }
  if (
    request.responseType !== OCTET_STREAM &&
    negotiateMediaType(request.headers.accept, [OCTET_STREAM]) === undefined
  ) {
    throw statusProblem(
      406,
      `${label} is not JSON: it is served as ${OCTET_STREAM} only, which "Accept" does not allow`,
    );
  }
  reply.type(OCTET_STREAM);
  return Buffer.from(bytes.slice(2), 'hex');
}
