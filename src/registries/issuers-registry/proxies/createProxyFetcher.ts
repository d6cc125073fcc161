import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { ProblemError, parameterProblem, typedProblem } from '../../../errors/problem.js';
import { assertStatusListJwt } from './assertStatusListJwt.js';
import { isPublicAddress } from './isPublicAddress.js';
import type { IssuerProxy } from './parseIssuerProxy.js';

/** Default limits of an upstream request. */
export const PROXY_TIMEOUT_MS = 5_000;
export const PROXY_MAX_BYTES = 1024 * 1024;

/** Stored headers the node forwards; any other is left out (the rest are the node's own). */
const FORWARDED_HEADERS = new Set(['authorization', 'cache-control']);
/** Bytes of an unused body read to keep its connection; a longer one closes it. */
const DISCARD_LIMIT = 16 * 1024;
const ACCEPT = 'application/jwt, application/vc+jwt, text/plain;q=0.9, */*;q=0.1';

export type CreateProxyFetcherParameters = {
  /**
   * Lets proxies use `http` and reach loopback and private addresses. For tests only: in
   * production an issuer's proxy could otherwise make the node reach into its own network.
   */
  allowInsecureUpstreams?: boolean;
  /** Time allowed for the whole upstream exchange, in ms (default 5 000). */
  timeoutMs?: number;
  /** Largest upstream body accepted, in bytes (default 1 MiB). */
  maxBytes?: number;
};

/** Fetches status lists through issuer proxies. */
export type ProxyFetcher = {
  /**
   * GETs `<prefix>/<path>` with the proxy's forwarded headers and returns the status-list
   * credential JWT it answers. Redirects are never followed.
   * @param path The request's path after the proxy id, still percent-encoded, not empty.
   * @throws {ProblemError} 400 `validation-error` when `path` leaves the prefix; 502
   *   `upstream-error` when the prefix is unsafe, the upstream fails, redirects, answers a
   *   non-2xx status, too large a body or no status list; 504 `upstream-timeout`.
   */
  fetch(proxy: IssuerProxy, path: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * Creates the fetcher of proxy resolution. Its connection pool is its own; outside tests it
 * connects over https to public addresses only, checked after DNS resolution.
 * - Spec: SPEC.md §4.1 (issuer proxies); reference/read-api.md §3.3 (proxy resolution)
 */
export function createProxyFetcher(parameters: CreateProxyFetcherParameters = {}): ProxyFetcher {
  const {
    allowInsecureUpstreams = false,
    timeoutMs = PROXY_TIMEOUT_MS,
    maxBytes = PROXY_MAX_BYTES,
  } = parameters;
  const agent = new Agent({
    connect: allowInsecureUpstreams ? {} : { lookup: publicOnlyLookup },
    maxResponseSize: maxBytes,
  });

  return {
    async fetch(proxy, path) {
      const url = toUpstreamUrl(proxy.prefix, path, allowInsecureUpstreams);
      const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': 'core-registry' };
      for (const [name, value] of Object.entries(proxy.headers)) {
        if (FORWARDED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
      }
      const signal = AbortSignal.timeout(timeoutMs);
      let text: string;
      try {
        const response = await request(url, { method: 'GET', headers, signal, dispatcher: agent });
        text = await readBody(response, maxBytes);
      } catch (error) {
        if (signal.aborted) {
          throw typedProblem(
            'upstream-timeout',
            `The proxy's upstream did not answer within ${timeoutMs} ms`,
            { cause: error },
          );
        }
        if (error instanceof ProblemError) throw error;
        if ((error as { code?: string }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
          throw tooLarge(maxBytes, error);
        }
        throw typedProblem('upstream-error', "The proxy's upstream could not be reached", {
          cause: error,
        });
      }
      const jwt = text.trim();
      assertStatusListJwt(jwt);
      return jwt;
    },
    close: () => agent.close(),
  };
}

type UpstreamResponse = Awaited<ReturnType<typeof request>>;

async function readBody(response: UpstreamResponse, maxBytes: number): Promise<string> {
  const { statusCode, headers, body } = response;
  if (statusCode < 200 || statusCode >= 300) {
    await discard(body);
    throw typedProblem(
      'upstream-error',
      statusCode >= 300 && statusCode < 400
        ? `The proxy's upstream answered a redirect (HTTP ${statusCode}), which is not followed`
        : `The proxy's upstream answered HTTP ${statusCode}`,
    );
  }
  if (Number(headers['content-length'] ?? 0) > maxBytes) {
    await discard(body);
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    // Leaving the loop destroys the stream.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Drops an unused body: a short one is read (the connection stays reusable), a long one cut. */
async function discard(body: UpstreamResponse['body']): Promise<void> {
  await body.dump({ limit: DISCARD_LIMIT });
}

function tooLarge(maxBytes: number, cause?: unknown): ProblemError {
  return typedProblem(
    'upstream-error',
    `The proxy's upstream answered more than ${maxBytes} bytes`,
    { cause },
  );
}

/**
 * `<prefix>/<path>`, once the prefix is a safe base: https (or http when allowed), no query,
 * fragment or credentials, no literal non-public address; the path may not climb out of it.
 */
function toUpstreamUrl(prefix: string, path: string, allowInsecure: boolean): URL {
  const refuse = (why: string) => typedProblem('upstream-error', `The proxy's prefix ${why}`);
  let base: URL;
  try {
    base = new URL(prefix);
  } catch (error) {
    throw typedProblem('upstream-error', "The proxy's prefix is not a URL", { cause: error });
  }
  if (base.protocol !== 'https:' && !(allowInsecure && base.protocol === 'http:')) {
    throw refuse('is not an https URL');
  }
  if (base.search !== '' || base.hash !== '' || base.username !== '' || base.password !== '') {
    throw refuse('has a query, a fragment or credentials');
  }
  const host = base.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowInsecure && isIP(host) !== 0 && !isPublicAddress(host)) {
    throw refuse('is not a public address');
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${base.origin}${basePath}/${path}`);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) {
    throw parameterProblem('path', 'Parameter "path" must stay under the proxy prefix');
  }
  return url;
}

/** DNS lookup that fails unless every address of the name is public (checked at connect time). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) {
      callback(
        typedProblem('upstream-error', "The proxy's prefix does not resolve to a public address"),
        '',
        0,
      );
      return;
    }
    const [first] = addresses as [LookupAddress];
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  });
};
