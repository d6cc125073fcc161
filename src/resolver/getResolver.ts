import type { DIDResolutionResult, DIDResolver, ParsedDID } from 'did-resolver';
import { isDidCoreV1 } from '../identity/didCore.js';
import { agreeOnResolution } from './agreeOnResolution.js';
import {
  DID_LD_JSON,
  type LdDidDocument,
  toRepresentation,
  toRepresented,
} from './representation.js';
import { toFailedResolution, toResolution } from './resolutionResult.js';

/** How long one read of the node may take unless `timeout` says otherwise. */
const DEFAULT_TIMEOUT_MS = 10_000;

export type GetResolverParameters = (
  | {
      /** Base URL of a core-registry node's public API, without `/v1`: `http://localhost:8080`. */
      node: string;
      nodes?: undefined;
      quorum?: undefined;
    }
  | {
      node?: undefined;
      /** Independent operators' nodes of one network, which must agree (`quorum`). */
      nodes: readonly string[];
      /** How many of `nodes` must answer each resolution alike (docs/trust-model.md). */
      quorum: number;
    }
) & {
  /** The `fetch` every read goes through (default: the global one). */
  fetch?: typeof fetch;
  /** Milliseconds one read of the node may take before `internalError` (default 10,000). */
  timeout?: number;
  /**
   * Checks each document the node answers against a source of its own, such as state proven by
   * the ledger (`didDocumentProofs` of `core-registry/client/proofs`): a document that fails is
   * an `internalError` naming what differs; one that passes says how in
   * `didResolutionMetadata.proof`. Without it the node is believed.
   */
  prove?: DocumentProof;
};

/** A check of a document a node answered: what it found, in one sentence. */
export type DocumentProof = (request: {
  did: string;
  /** The `versionTime` asked, in Unix seconds; `undefined` for now. */
  at: number | undefined;
  /** The document as the node answered it (`application/did+ld+json`). */
  document: unknown;
}) => Promise<{ ok: boolean; detail: string }>;

export type GetResolverReturnType = { core: DIDResolver };

/** The resolution options a did:core resolution reads. */
type CoreResolutionOptions = { accept?: unknown; versionTime?: unknown };

/**
 * The `did:core` method driver for the DIF `did-resolver` package: it reads the document from a
 * node's public DID Registry read (`GET /v1/did-registry/identifiers/{did}`), at `versionTime`
 * (resolution option, or `?versionTime=` in the DID URL) through the read's `valid-at`. Failures
 * are results, never exceptions: `invalidDid` for what is not a did:core v1, `notFound` for a DID
 * the registry does not hold, `representationNotSupported` for an `accept` other than
 * `application/did+ld+json`, `application/did+json` or `application/json`, `invalidOptions` for a
 * `versionTime` the node refuses, `internalError` when the node fails.
 * - Spec: SPEC.md §4.1, §4.2.4, §4.2.5; W3C DID Resolution §4, §7.1
 * With `nodes` and `quorum`, each resolution is asked of every node and is the result `quorum`
 * of them answered alike (`didResolutionMetadata.quorum`), else an `internalError`.
 * @param parameters The node to read from, or the nodes that must agree.
 * @returns `{ core }`, to spread into `new Resolver({ ... })`.
 * @throws {TypeError} when a node is not an http(s) URL, `quorum` not from 1 to the nodes, or
 *   `timeout` not a positive number.
 * @example
 * const resolver = new Resolver({ ...getResolver({ node: 'http://localhost:8080' }) });
 * const { didDocument } = await resolver.resolve('did:core:z…', { versionTime: '2026-01-31' });
 */
export function getResolver(parameters: GetResolverParameters): GetResolverReturnType {
  const timeout = parameters.timeout ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new TypeError('"timeout" must be a positive number of milliseconds');
  const http = parameters.fetch ?? fetch;
  const read = (url: string) =>
    http(url, { headers: { accept: DID_LD_JSON }, signal: AbortSignal.timeout(timeout) });
  const { nodes, quorum, prove } = parameters;
  if (nodes === undefined) {
    const base = parseNodeUrl(parameters.node);
    return {
      core: (_did, parsed, _resolver, options) =>
        resolveDidCore(base, parsed, options as CoreResolutionOptions, read, prove),
    };
  }
  if (!Array.isArray(nodes) || nodes.length === 0)
    throw new TypeError('"nodes" must list at least one node');
  const bases = nodes.map(parseNodeUrl);
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > bases.length)
    throw new TypeError(`"quorum" must be a whole number from 1 to ${bases.length} (the nodes)`);
  if (prove) throw new TypeError('"prove" goes with "node", not "nodes"');
  return {
    core: async (_did, parsed, _resolver, options) =>
      agreeOnResolution(
        await Promise.all(
          bases.map((base) =>
            resolveDidCore(base, parsed, options as CoreResolutionOptions, read, undefined),
          ),
        ),
        quorum,
        bases,
      ),
  };
}

async function resolveDidCore(
  base: string,
  parsed: ParsedDID,
  options: CoreResolutionOptions,
  read: (url: string) => Promise<Response>,
  prove: DocumentProof | undefined,
): Promise<DIDResolutionResult> {
  if (!isDidCoreV1(parsed.did))
    return toFailedResolution('invalidDid', {
      message: `"${parsed.did}" is not a did:core v1, the form a DID Registry holds`,
    });
  const representation = toRepresentation(options.accept);
  if (representation === undefined)
    return toFailedResolution('representationNotSupported', {
      message: `"accept" must be ${DID_LD_JSON}, application/did+json or application/json`,
    });
  // A DID URL's query (`did:core:z…?versionTime=…`); did-resolver 4 also parsed it into `params`.
  const versionTime =
    options.versionTime ?? new URLSearchParams(parsed.query ?? '').get('versionTime') ?? undefined;
  if (versionTime !== undefined && typeof versionTime !== 'string')
    return toFailedResolution('invalidOptions', { message: '"versionTime" must be a string' });
  const url = new URL(`${base}/v1/did-registry/identifiers/${encodeURIComponent(parsed.did)}`);
  if (versionTime !== undefined) url.searchParams.set('valid-at', versionTime);
  let response: Response;
  try {
    response = await read(url.href);
  } catch {
    // Refused, reset or timed out: the node did not answer, which a later try may change.
    return unavailable(base);
  }
  if (!response.ok) return toResolutionFailure(response, parsed.did, base);
  const document: unknown = await response.json().catch(() => undefined);
  if (!isDocumentOf(document, parsed.did))
    return failed(base, 'did not answer with a DID document');
  const resolution = toResolution(toRepresented(document, representation), representation);
  if (!prove) return resolution;
  // The node accepted `versionTime`: a date is that day at 00:00:00Z, as the node reads it.
  const at = versionTime === undefined ? undefined : Math.floor(Date.parse(versionTime) / 1000);
  const proof = await prove({ did: parsed.did, at, document });
  if (!proof.ok) return toFailedResolution('internalError', { message: proof.detail });
  return {
    ...resolution,
    didResolutionMetadata: { ...resolution.didResolutionMetadata, proof: proof.detail },
  };
}

/** The result for a node's refusal (4xx, 5xx), by the Problem Details it answered with. */
async function toResolutionFailure(
  response: Response,
  did: string,
  base: string,
): Promise<DIDResolutionResult> {
  const problem = (await response.json().catch(() => ({}))) as {
    title?: unknown;
    errors?: { parameter?: unknown; detail?: unknown }[];
  };
  // Only the DID read's own 404 names the identifier: a bare `Not Found` is a URL without the read.
  if (response.status === 404 && problem.title === 'Identifier Not Found')
    return toFailedResolution('notFound', { message: `${did} is not registered` });
  const refused = Array.isArray(problem.errors) ? problem.errors : [];
  const validAt = refused.find((issue) => issue.parameter === 'valid-at');
  if (response.status === 400 && validAt)
    return toFailedResolution('invalidOptions', {
      message: `"versionTime" must be a date (YYYY-MM-DD) or an RFC 3339 date-time, from 1970 on`,
    });
  if (response.status === 503) return unavailable(base);
  return failed(base, `answered ${response.status}`);
}

function unavailable(base: string): DIDResolutionResult {
  return toFailedResolution('internalError', {
    message: `The node at ${base} did not answer, or is unavailable`,
    retryable: true,
  });
}

function failed(base: string, what: string): DIDResolutionResult {
  return toFailedResolution('internalError', { message: `The node at ${base} ${what}` });
}

/** Whether `body` is a JSON-LD DID document of `did`, as the node's read always answers. */
function isDocumentOf(body: unknown, did: string): body is LdDidDocument {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return '@context' in body && (body as { id?: unknown }).id === did;
}

/**
 * `node` without trailing slashes, when it is an http(s) URL.
 * @throws {TypeError} otherwise.
 */
function parseNodeUrl(node: unknown): string {
  const url = typeof node === 'string' && URL.canParse(node) ? new URL(node) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new TypeError('"node" must be the http(s) URL of a core-registry node');
  return (node as string).replace(/\/+$/, '');
}
