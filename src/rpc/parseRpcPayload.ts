import { RpcError } from '../errors/rpc.js';

/** - Spec: SPEC.md §4.3.6, §8 */
export const MAX_BATCH_SIZE = 1024;
/**
 * How deep `params` may nest. Ethereum's deepest (an access list inside a call object) nests 5
 * levels; a ledger's JSON parser gives up on the whole batch somewhere past 100.
 */
export const MAX_PARAMS_DEPTH = 16;
/** The characters of strings and keys one entry's `params` may hold: room for any transaction. */
export const MAX_PARAMS_CHARACTERS = 1024 * 1024;

export type JsonRpcId = string | number | null;

/** A well-formed request. `id` is `undefined` for a notification, which gets no response. */
export type RpcRequest = {
  id: JsonRpcId | undefined;
  method: string;
  /** Positional (array) or named (object) parameters, as sent. */
  params: readonly unknown[] | Readonly<Record<string, unknown>>;
};

/** One entry of a payload: a request, or an error answered with the id we could read. */
export type RpcEntry = { request: RpcRequest } | { id: JsonRpcId; error: RpcError };

/** A parsed payload: one entry, or a batch. */
export type RpcPayload = { batch: boolean; entries: RpcEntry[] };

/**
 * Parses the body of `POST /v1/ledger` by the JSON-RPC 2.0 rules.
 * - Spec: SPEC.md §2.3, §4.3, §7.3
 * @throws {RpcError} `PARSE_ERROR` for invalid JSON, `INVALID_REQUEST` for an empty batch,
 *   `BATCH_TOO_LARGE` beyond {@link MAX_BATCH_SIZE} entries: each answered as one error object.
 */
export function parseRpcPayload(text: string): RpcPayload {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new RpcError('PARSE_ERROR', 'Parse error', { cause });
  }
  if (!Array.isArray(value)) return { batch: false, entries: [parseRpcEntry(value)] };
  if (value.length === 0) throw new RpcError('INVALID_REQUEST', 'Invalid Request: empty batch');
  if (value.length > MAX_BATCH_SIZE) {
    throw new RpcError(
      'BATCH_TOO_LARGE',
      `Number of requests exceeds max batch size (${MAX_BATCH_SIZE})`,
    );
  }
  return { batch: true, entries: value.map(parseRpcEntry) };
}

/** Checks one request object; a structural fault becomes an `INVALID_REQUEST` entry. */
export function parseRpcEntry(value: unknown): RpcEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(null, 'Invalid Request: an entry must be an object');
  }
  const entry = value as Record<string, unknown>;
  const hasId = Object.hasOwn(entry, 'id');
  if (hasId && !isJsonRpcId(entry.id)) {
    return invalid(null, 'Invalid Request: "id" must be a string, a number or null');
  }
  const id = hasId ? (entry.id as JsonRpcId) : null;
  if (entry.jsonrpc !== '2.0') return invalid(id, 'Invalid Request: "jsonrpc" must be "2.0"');
  if (typeof entry.method !== 'string') {
    return invalid(id, 'Invalid Request: "method" must be a string');
  }
  const params = Object.hasOwn(entry, 'params') ? entry.params : [];
  if (typeof params !== 'object' || params === null) {
    return invalid(id, 'Invalid Request: "params" must be an array or an object');
  }
  const oversize = measureParams(params);
  if (oversize) return { id, error: new RpcError('INVALID_PARAMS', `Invalid params: ${oversize}`) };
  return {
    request: {
      id: hasId ? id : undefined,
      method: entry.method,
      params: params as RpcRequest['params'],
    },
  };
}

/**
 * Walks `params` no deeper than the limit, counting characters.
 * @returns what is too large, or `undefined` when `params` is within bounds.
 */
function measureParams(params: object): string | undefined {
  let characters = 0;
  const visit = (value: unknown, depth: number): string | undefined => {
    if (typeof value === 'string') {
      characters += value.length;
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    if (depth > MAX_PARAMS_DEPTH) return `they nest deeper than ${MAX_PARAMS_DEPTH} levels`;
    for (const [key, member] of Object.entries(value)) {
      characters += key.length;
      const fault = visit(member, depth + 1);
      if (fault) return fault;
      if (characters > MAX_PARAMS_CHARACTERS) {
        return `they hold more than ${MAX_PARAMS_CHARACTERS} characters`;
      }
    }
    return undefined;
  };
  return visit(params, 1);
}

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return (
    value === null ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function invalid(id: JsonRpcId, message: string): RpcEntry {
  return { id, error: new RpcError('INVALID_REQUEST', message) };
}
