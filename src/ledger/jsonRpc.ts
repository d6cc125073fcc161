/** A JSON-RPC 2.0 call as the node sends it to the ledger. */
export type LedgerCall = {
  method: string;
  params: readonly unknown[];
};

/** A JSON-RPC 2.0 error object. */
export type JsonRpcErrorObject = {
  code: number;
  message: string;
  data?: unknown;
};

/** The outcome of one call: a result or the ledger's error object. */
export type LedgerOutcome = { result: unknown } | { error: JsonRpcErrorObject };

/** Whether `value` is a well-formed JSON-RPC error object. */
export function isJsonRpcErrorObject(value: unknown): value is JsonRpcErrorObject {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return Number.isInteger(code) && typeof message === 'string';
}

/**
 * Reads one response object of the ledger into an outcome.
 * @returns `undefined` when the object is not a JSON-RPC response.
 */
export function toLedgerOutcome(response: unknown): LedgerOutcome | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const record = response as Record<string, unknown>;
  if (isJsonRpcErrorObject(record.error)) return { error: record.error };
  if ('result' in record) return { result: record.result };
  return undefined;
}
