/** A JSON-RPC answer as the embedded ledger's front sends it back: HTTP status and body text. */
export type FrontAnswer = { status: number; body: string };

/** Sends a JSON-RPC body to anvil as it is and returns its answer (503 when it does not answer). */
export async function postToAnvil(anvilUrl: string, body: string): Promise<FrontAnswer> {
  try {
    const response = await fetch(anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return unavailable('did not answer');
  }
}

/** The answer while anvil cannot take a request: a JSON-RPC error, HTTP 503. */
export function unavailable(reason: string): FrontAnswer {
  return {
    status: 503,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: `The embedded ledger ${reason}` },
    }),
  };
}

/** The answer to a method reserved to the supervisor. */
export function refused(method: string): FrontAnswer {
  return {
    status: 200,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32601,
        message: `"${method}" is reserved to the embedded ledger's supervisor`,
      },
    }),
  };
}
