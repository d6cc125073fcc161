import { METHODS } from 'node:http';

/** A header as sent: name and value, in order, repeats allowed. */
export type HeaderPair = readonly [name: string, value: string];

/** One request of the fuzzer, kept as sent so that a failure can be replayed byte for byte. */
export type FuzzRequest = {
  method: string;
  /** The request target as it goes on the request line: path and query, not normalised. */
  target: string;
  headers: readonly HeaderPair[];
  body?: string;
  /** An HTTP version other than `HTTP/1.1` (the request then goes over a raw socket). */
  version?: string;
  /** Header lines written verbatim, malformed on purpose (the request then goes over a raw socket). */
  rawHeaderLines?: readonly string[];
};

/** A response as received, header names lower-cased. */
export type FuzzResponse = {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
};

/** A response, or why none came back (a connection closed or timed out without one). */
export type FuzzOutcome = { response: FuzzResponse } | { failure: string };

/** The error format a request is owed, by the route it reaches (SPEC.md §2.1–§2.3). */
export type Surface = 'problem' | 'oauth' | 'json-rpc';

export const TOKEN_PATH = '/v1/auth/token';
export const LEDGER_PATH = '/v1/ledger';

/**
 * The error formats a request may be answered in. `POST` on the token and ledger paths is owed
 * their own; other methods there go through routing (405, Problem Details). A request the HTTP
 * parser refuses (unknown method, broken header or version) reaches no route: on those two
 * paths either format is right.
 */
export function surfacesOf(request: FuzzRequest): Surface[] {
  const path = request.target.split('?', 1)[0];
  const own = path === TOKEN_PATH ? 'oauth' : path === LEDGER_PATH ? 'json-rpc' : undefined;
  if (own === undefined) return ['problem'];
  if (!isParsable(request)) return [own, 'problem'];
  return request.method === 'POST' ? [own] : ['problem'];
}

/** Node's default limit on the request line and headers together (`--max-http-header-size`). */
const MAX_HEAD_BYTES = 16 * 1024;
/** What HTTP allows, as undici checks it (lib/core/request.js). */
const TARGET = /^\/[\u0021-\u00ff]*$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

/** Whether the request is well-formed HTTP/1.1: what a client library agrees to send. */
export function isWellFormed(request: FuzzRequest): boolean {
  return (
    request.version === undefined &&
    request.rawHeaderLines === undefined &&
    TOKEN.test(request.method) &&
    TARGET.test(request.target) &&
    request.headers.every(([name, value]) => TOKEN.test(name) && FIELD_VALUE.test(value))
  );
}

/** Whether Node's HTTP parser takes the request (and a route can answer it). */
function isParsable(request: FuzzRequest): boolean {
  const headBytes = request.headers.reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    request.target.length,
  );
  return isWellFormed(request) && METHODS.includes(request.method) && headBytes < MAX_HEAD_BYTES;
}

const SHOWN_CHARS = 300;

/** The request in a few lines, long parts cut with their length, for a failure report. */
export function describeRequest(request: FuzzRequest): string {
  const lines = [`${request.method} ${shorten(request.target)} ${request.version ?? 'HTTP/1.1'}`];
  const headers = request.headers.map(([name, value]) => `${name}: ${value}`);
  for (const line of [...headers, ...(request.rawHeaderLines ?? [])].slice(0, 12)) {
    lines.push(`  ${shorten(line)}`);
  }
  if (headers.length > 12) lines.push(`  … ${headers.length} headers in all`);
  if (request.body !== undefined) lines.push(`  body: ${shorten(request.body)}`);
  return lines.join('\n');
}

function shorten(text: string): string {
  const printable = JSON.stringify(text).slice(1, -1);
  return printable.length > SHOWN_CHARS
    ? `${printable.slice(0, SHOWN_CHARS)}… (${text.length} chars)`
    : printable;
}

/** Bodies up to this size go into a trace whole, so that the request can be replayed. */
const TRACED_BODY_CHARS = 65_536;

/** One exchange as a JSON line: when it ended, how long it took, what was sent, what came back. */
export function toTraceLine(
  request: FuzzRequest,
  outcome: FuzzOutcome,
  violations: readonly { rule: string }[],
  startedAt: number,
): string {
  const body = request.body;
  const sent =
    body !== undefined && body.length > TRACED_BODY_CHARS
      ? { ...request, body: `${body.slice(0, TRACED_BODY_CHARS)}… (${body.length} chars)` }
      : request;
  const answer =
    'response' in outcome
      ? { status: outcome.response.status, body: outcome.response.body.slice(0, 300) }
      : outcome;
  return JSON.stringify({
    at: new Date().toISOString(),
    ms: Math.round(performance.now() - startedAt),
    request: sent,
    answer,
    violations: violations.map(({ rule }) => rule),
  });
}
