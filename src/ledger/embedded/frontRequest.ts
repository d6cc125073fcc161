/** A JSON-RPC body, parsed: its entries (one for a single request), and whether it was a batch. */
export type RpcBody = { batch: boolean; entries: unknown[] };

/**
 * How the embedded ledger's front treats a request body, with the body parsed (once: the
 * batcher and the history reads take it from here); `undefined` for a body that is no JSON.
 */
export type FrontRequest =
  | { kind: 'write'; raws: `0x${string}`[]; parsed: RpcBody }
  | { kind: 'read'; parsed: RpcBody | undefined }
  | { kind: 'refused'; method: string };

/**
 * Methods that would change the chain behind the journal's back (mining, state edits, time
 * travel) are the supervisor's alone.
 */
const SUPERVISOR_ONLY = /^(anvil|evm|hardhat)_/;
const HEX = /^0x[0-9a-fA-F]*$/;

/** Parses a JSON-RPC body; `undefined` for a body that is no JSON. */
export function parseRpcBody(body: string): RpcBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const batch = Array.isArray(value);
  return { batch, entries: batch ? (value as unknown[]) : [value] };
}

/** Classifies a JSON-RPC body; anything unparsable is a read (anvil answers it with -32700). */
export function classifyFrontRequest(body: string): FrontRequest {
  const parsed = parseRpcBody(body);
  if (!parsed) return { kind: 'read', parsed };
  const raws: `0x${string}`[] = [];
  for (const entry of parsed.entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { method, params } = entry as { method?: unknown; params?: unknown };
    if (typeof method !== 'string') continue;
    if (SUPERVISOR_ONLY.test(method)) return { kind: 'refused', method };
    if (method !== 'eth_sendRawTransaction' || !Array.isArray(params)) continue;
    const [raw] = params as unknown[];
    if (typeof raw === 'string' && HEX.test(raw)) raws.push(raw as `0x${string}`);
  }
  return raws.length > 0 ? { kind: 'write', raws, parsed } : { kind: 'read', parsed };
}
