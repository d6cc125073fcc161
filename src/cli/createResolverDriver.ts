import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { DIDResolutionResult, DIDResolver } from 'did-resolver';
import Negotiator from 'negotiator';
import { didMethodOf } from '../identity/didSyntax.js';
import { getKeyResolver } from '../resolver/getKeyResolver.js';
import { type DocumentProof, getResolver } from '../resolver/getResolver.js';
import { DID_JSON, DID_LD_JSON } from '../resolver/representation.js';
import { type ResolutionError, toFailedResolution } from '../resolver/resolutionResult.js';

/** The media type of a whole DID resolution result (DIF Universal Resolver, W3C DID Resolution). */
export const RESOLUTION_RESULT = 'application/ld+json;profile="https://w3id.org/did-resolution"';
const JSON_MEDIA_TYPE = 'application/json';
/** What a request may accept, the whole result first: what any type and no `Accept` get. */
const PRODUCES = [RESOLUTION_RESULT, DID_LD_JSON, DID_JSON, JSON_MEDIA_TYPE];
const PATH_PREFIX = '/1.0/identifiers/';
/** A DID (W3C DID Core §3.1): `did:<method>:<method-specific-id>`. */
/** The HTTP status of each failure (W3C DID Resolution, HTTP(S) binding). */
const STATUS: Readonly<Record<ResolutionError, number>> = {
  invalidDid: 400,
  invalidOptions: 400,
  notFound: 404,
  representationNotSupported: 406,
  methodNotSupported: 501,
  internalError: 500,
};

export type CreateResolverDriverParameters = {
  /** Base URL of the core-registry node whose DID Registry answers for did:core. */
  node: string;
  /** Independent nodes instead, `quorum` of which must answer each resolution alike. */
  quorum?: { nodes: readonly string[]; quorum: number };
  /** The `fetch` the did:core driver reads the node with (default: the global one). */
  fetch?: typeof fetch;
  /** Told of an error the driver did not expect (answered 500 without its detail). */
  onError?: (error: unknown) => void;
  /** Checks each did:core document against proven state (`getResolver`'s `prove`). */
  prove?: DocumentProof;
};

/**
 * A DIF Universal Resolver driver for did:core (read from `node`) and did:key (jwk_jcs-pub),
 * not yet listening: `GET /1.0/identifiers/{did}[?versionTime=…]` answers the resolution result
 * (no `Accept`, any type, `application/ld+json;profile="https://w3id.org/did-resolution"` or
 * `application/json`) or the document alone (`application/did+ld+json`, `application/did+json`);
 * 400 `invalidDid`/`invalidOptions`, 404 `notFound`, 406 `representationNotSupported`, 501
 * `methodNotSupported`, 500 `internalError`, 503 when the node did not answer. A failure's body is
 * the resolution result, its metadata saying why.
 * - Spec: W3C DID Resolution §7.1 and its HTTP(S) binding; DIF Universal Resolver driver API
 * @throws {TypeError} when `node` is not an http(s) URL.
 */
export function createResolverDriver(parameters: CreateResolverDriverParameters): Server {
  const drivers: Readonly<Record<string, DIDResolver>> = {
    ...getResolver({
      ...(parameters.quorum ?? { node: parameters.node }),
      ...(parameters.fetch && { fetch: parameters.fetch }),
      ...(parameters.prove && { prove: parameters.prove }),
    }),
    ...getKeyResolver(),
  };
  return createServer((request, response) => {
    answer(request, drivers).then(
      ({ status, type, body }) => send(response, status, type, body),
      // The drivers answer every failure with a result: reaching here is a bug of ours.
      (error: unknown) => {
        parameters.onError?.(error);
        send(response, 500, JSON_MEDIA_TYPE, failure('internalError', 'The driver failed'));
      },
    );
  });
}

type Answer = { status: number; type: string; body: unknown };

async function answer(
  request: IncomingMessage,
  drivers: Readonly<Record<string, DIDResolver>>,
): Promise<Answer> {
  const url = new URL(request.url ?? '/', 'http://driver');
  if (!url.pathname.startsWith(PATH_PREFIX))
    return { status: 404, type: JSON_MEDIA_TYPE, body: { error: 'Not found' } };
  if (request.method !== 'GET')
    return { status: 405, type: JSON_MEDIA_TYPE, body: { error: 'Only GET is allowed' } };
  const accept = request.headers.accept;
  const type =
    accept === undefined || accept.trim() === ''
      ? RESOLUTION_RESULT
      : new Negotiator({ headers: { accept } }).mediaType(PRODUCES);
  if (type === undefined) {
    const message = `"Accept" must name one of ${PRODUCES.join(', ')}`;
    return notAcceptable(message);
  }
  const result = await resolve(url, type, drivers);
  const error = result.didResolutionMetadata.error as ResolutionError | undefined;
  const resultType = type === JSON_MEDIA_TYPE ? JSON_MEDIA_TYPE : RESOLUTION_RESULT;
  if (error !== undefined)
    return { status: toStatus(result, error), type: resultType, body: result };
  if (type === DID_LD_JSON || type === DID_JSON)
    return { status: 200, type, body: result.didDocument };
  return { status: 200, type: resultType, body: result };
}

/** The resolution of the path's DID by its method's driver, in the representation `type` needs. */
async function resolve(
  url: URL,
  type: string,
  drivers: Readonly<Record<string, DIDResolver>>,
): Promise<DIDResolutionResult> {
  const did = decodePathSegment(url.pathname.slice(PATH_PREFIX.length));
  const method = did === undefined ? undefined : didMethodOf(did);
  if (did === undefined || method === undefined)
    return toFailedResolution('invalidDid', { message: 'The identifier is not a DID' });
  const driver = Object.hasOwn(drivers, method) ? drivers[method] : undefined;
  if (driver === undefined)
    return toFailedResolution('methodNotSupported', {
      message: `This driver resolves did:core and did:key, not did:${method}`,
    });
  const versionTime = url.searchParams.get('versionTime');
  const accept = type === DID_JSON ? DID_JSON : DID_LD_JSON;
  const parsed = { did, didUrl: did, method, id: did.slice(`did:${method}:`.length) };
  const notUsed = { resolve: () => Promise.reject(new TypeError('Not a DID URL resolver')) };
  return driver(did, parsed, notUsed, {
    accept,
    ...(versionTime === null ? {} : { versionTime }),
  });
}

/** 503 for a node that did not answer (a later try may succeed), else the failure's status. */
function toStatus(result: DIDResolutionResult, error: ResolutionError): number {
  return error === 'internalError' && result.didResolutionMetadata.retryable === true
    ? 503
    : STATUS[error];
}

function notAcceptable(message: string): Answer {
  return {
    status: 406,
    type: JSON_MEDIA_TYPE,
    body: failure('representationNotSupported', message),
  };
}

function failure(error: ResolutionError, message: string): DIDResolutionResult {
  return toFailedResolution(error, { message });
}

/** The decoded path segment, or `undefined` when it does not decode or holds a `/`. */
function decodePathSegment(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.includes('/') ? undefined : decoded;
  } catch {
    // A malformed percent-escape: not a DID (the caller answers invalidDid).
    return undefined;
  }
}

function send(response: ServerResponse, status: number, type: string, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(text),
    ...(status === 405 ? { allow: 'GET' } : {}),
  });
  response.end(text);
}
