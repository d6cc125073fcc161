import {
  type FuzzOutcome,
  type FuzzRequest,
  type FuzzResponse,
  type Surface,
  surfacesOf,
} from './fuzzRequest.js';

/** What kind of rule an answer broke. */
export type ViolationKind = 'no answer' | 'server error' | 'leak' | 'shape' | 'crash';

/** A rule an answer broke; `cause` groups answers that most likely share a defect. */
export type Violation = { kind: ViolationKind; rule: string; cause: string };

/** Traces of the framework or the runtime that must never reach a client. */
const LEAKS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Fastify error code', pattern: /FST_[A-Z_]+/ },
  { name: '"statusCode"', pattern: /"statusCode"/ },
  { name: '"Client Error"', pattern: /Client Error/ },
  // A stack in JSON has its line breaks escaped.
  { name: 'stack trace', pattern: /(\n|\\n)\s*at \S[^\n]*:\d+:\d+/ },
];

const OAUTH_ERRORS = ['invalid_request', 'invalid_scope', 'invalid_grant'];
/** The -32603 texts the node writes itself when it hides a failure (src/rpc/toRpcError.ts). */
const INTERNAL_RPC_MESSAGES = ['The ledger is unavailable', 'Internal error'];

/**
 * Checks one answer against what every answer owes: no 5xx (the ledger is up), nothing
 * leaked, and every error in the format of the route it came from.
 * - Spec: SPEC.md §2.1, §2.2, §2.3, §4 (405 with `Allow`), §5.4.5, §7; docs/errors.md (429)
 */
export function findViolations(request: FuzzRequest, outcome: FuzzOutcome): Violation[] {
  if ('failure' in outcome) {
    return [{ kind: 'no answer', rule: 'no answer', cause: outcome.failure }];
  }
  const { response } = outcome;
  const violations = [...findLeaks(request, response)];
  if (response.status >= 500) {
    violations.push({
      kind: 'server error',
      rule: 'server error',
      cause: `${response.status} ${identify(response.body)}`,
    });
  }
  if (response.status === 429 && response.headers['retry-after'] === undefined) {
    const cause = `429 ${identify(response.body)}`;
    violations.push({ kind: 'shape', rule: '429 without Retry-After', cause });
  }
  if (request.method === 'HEAD') return violations;
  const shape = findShapeViolation(request, response);
  if (shape !== undefined) violations.push(shape);
  return violations;
}

function findLeaks(request: FuzzRequest, response: FuzzResponse): Violation[] {
  // A value the request sent may come back (a path in a 404); only a new one is a leak.
  const sent = `${request.target} ${request.body ?? ''}`;
  return LEAKS.filter(({ pattern }) => pattern.test(response.body) && !pattern.test(sent)).map(
    ({ name }) => ({
      kind: 'leak',
      rule: `leaks ${name}`,
      cause: `${response.status} ${identify(response.body)}`,
    }),
  );
}

/** A violation when the answer fits none of the formats the request may be answered in. */
function findShapeViolation(request: FuzzRequest, response: FuzzResponse): Violation | undefined {
  const violations = surfacesOf(request).map((surface) => findFormatViolation(surface, response));
  return violations.includes(undefined) ? undefined : violations[0];
}

function findFormatViolation(surface: Surface, response: FuzzResponse): Violation | undefined {
  if (surface === 'json-rpc') return findRpcViolation(response);
  if (response.status < 400) return undefined;
  const body = parseJson(response.body);
  const broken = (rule: string): Violation => ({
    kind: 'shape',
    rule,
    cause: `${response.status} ${identify(response.body)}`,
  });
  if (surface === 'oauth') return isOAuthError(body) ? undefined : broken('not an OAuth error');
  if (!isProblemMediaType(response)) return broken('not application/problem+json');
  if (!isProblem(body, response.status)) return broken('not Problem Details');
  if (response.status === 405 && response.headers.allow === undefined) {
    return broken('405 without Allow');
  }
  return undefined;
}

/** JSON-RPC answers: errors in JSON-RPC (or Problem Details for HTTP's own), no hidden failure. */
function findRpcViolation(response: FuzzResponse): Violation | undefined {
  const body = parseJson(response.body);
  const cause = `${response.status} ${identify(response.body)}`;
  if (response.status >= 400) {
    const ok =
      isRpcErrorResponse(body) ||
      (isProblemMediaType(response) && isProblem(body, response.status));
    return ok
      ? undefined
      : { kind: 'shape', rule: 'not a JSON-RPC error nor Problem Details', cause };
  }
  if (response.status === 204) return undefined;
  const entries = Array.isArray(body) ? body : [body];
  const internal = entries.find(
    (entry) => isRpcErrorResponse(entry) && INTERNAL_RPC_MESSAGES.includes(entry.error.message),
  );
  if (internal !== undefined) {
    return {
      kind: 'server error',
      rule: 'JSON-RPC internal error (ledger up)',
      cause: `${response.status} ${identify(JSON.stringify(internal))}`,
    };
  }
  const malformed = entries.some((entry) => !isRpcResponse(entry));
  return malformed ? { kind: 'shape', rule: 'not a JSON-RPC response', cause } : undefined;
}

function isProblemMediaType(response: FuzzResponse): boolean {
  return (
    (response.headers['content-type'] ?? '').split(';')[0]?.trim() === 'application/problem+json'
  );
}

function isProblem(body: unknown, status: number): boolean {
  if (!isRecord(body)) return false;
  return (
    typeof body.type === 'string' &&
    typeof body.title === 'string' &&
    body.status === status &&
    (body.detail === undefined || typeof body.detail === 'string') &&
    (body.errors === undefined || Array.isArray(body.errors))
  );
}

function isOAuthError(body: unknown): boolean {
  return (
    isRecord(body) &&
    typeof body.error === 'string' &&
    OAUTH_ERRORS.includes(body.error) &&
    typeof body.error_description === 'string'
  );
}

type RpcErrorResponse = { jsonrpc: '2.0'; error: { code: number; message: string } };

function isRpcErrorResponse(body: unknown): body is RpcErrorResponse {
  if (Array.isArray(body)) return body.length > 0 && body.every(isRpcErrorResponse);
  return (
    isRecord(body) &&
    body.jsonrpc === '2.0' &&
    'id' in body &&
    isRecord(body.error) &&
    typeof body.error.code === 'number' &&
    typeof body.error.message === 'string'
  );
}

function isRpcResponse(body: unknown): boolean {
  return (
    isRecord(body) &&
    body.jsonrpc === '2.0' &&
    'id' in body &&
    ('result' in body || isRpcErrorResponse(body))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What identifies an error body without what the request put in it: the members that name the
 * error (a Fastify `code`, a Problem `title`, an OAuth `error`, a JSON-RPC code and message).
 */
function identify(body: string): string {
  const json = parseJson(body);
  const entry = Array.isArray(json) ? json.find(isRpcErrorResponse) : json;
  if (isRecord(entry)) {
    const error = isRecord(entry.error) ? entry.error : entry;
    const named = ['code', 'title', 'error', 'message']
      .filter((key) => typeof error[key] === 'string' || typeof error[key] === 'number')
      .slice(0, 2)
      .map((key) => `${key}=${JSON.stringify(error[key])}`);
    if (named.length > 0) return named.join(' ').slice(0, 160);
  }
  return body === '' ? '(no body)' : JSON.stringify(body.slice(0, 60));
}
