import { EmbeddedLedgerError } from '../../errors/ledger.js';

/**
 * Calls one JSON-RPC method of the embedded anvil directly (the supervisor's own calls:
 * mining, state dumps, replay), outside the node's ledger client.
 * @throws {EmbeddedLedgerError} when anvil cannot be reached or answers with an error.
 */
export async function callAnvil<T = unknown>(
  url: string,
  method: string,
  params: readonly unknown[] = [],
): Promise<T> {
  let body: { result?: T; error?: { message?: string } };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: anvilRequest(method, params),
      signal: AbortSignal.timeout(60_000),
    });
    body = (await response.json()) as typeof body;
  } catch (cause) {
    throw anvilSilent(method, cause);
  }
  if (body.error || !('result' in body)) throw anvilRefused(method, body);
  return body.result as T;
}

/** The body of a JSON-RPC request to anvil. */
export function anvilRequest(method: string, params: readonly unknown[] = []): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
}

/** anvil could not be reached, or its answer could not be read. */
export function anvilSilent(method: string, cause: unknown): EmbeddedLedgerError {
  return new EmbeddedLedgerError(`The embedded ledger did not answer "${method}"`, { cause });
}

/** anvil answered `method` with an error, or with no result (`answer` undefined: no JSON). */
export function anvilRefused(
  method: string,
  answer: { error?: { message?: string } } | undefined,
): EmbeddedLedgerError {
  return new EmbeddedLedgerError(
    `The embedded ledger refused "${method}": ${answer?.error?.message ?? 'no result'}`,
  );
}

/** Number and timestamp of the ledger's latest block. */
export async function getHead(url: string): Promise<{ block: number; timestamp: number }> {
  const latest = await callAnvil<{ number: string; timestamp: string }>(
    url,
    'eth_getBlockByNumber',
    ['latest', false],
  );
  return { block: Number(latest.number), timestamp: Number(latest.timestamp) };
}
