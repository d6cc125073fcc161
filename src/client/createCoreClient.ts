import type { Abi, Address } from 'viem';
import type { CONTRACTS_REGISTRY_DESCRIPTOR, RegistryName } from '../registries/catalog.js';
import { LedgerRpcError, ProblemResponseError } from './errors.js';

/** What an entry the node left unanswered is reported as (a node answers every entry with an id). */
const NO_RESPONSE: RpcErrorObject = { code: -32603, message: 'The node sent no response for it' };

/**
 * Where a registry lives on a node: its URL segment. Derived from the node's registry catalogue
 * (a type-only import: the SDK ships no server code).
 */
export type RegistrySegment = RegistryName | (typeof CONTRACTS_REGISTRY_DESCRIPTOR)['name'];

/** A connection to one node's public HTTP API. Every SDK call takes it first. */
export type CoreClient = {
  /** The node's base URL, without `/v1`. */
  readonly baseUrl: string;
  /**
   * GETs a path under the base URL, or a link the node returned, and returns its JSON, throwing
   * Problem Details as errors.
   */
  get<T>(path: string): Promise<T>;
  /**
   * POSTs a JSON body to a path under the base URL (a query, such as TRQP's) and returns its
   * JSON, throwing Problem Details as errors.
   */
  post<T>(path: string, body: unknown): Promise<T>;
  /**
   * Calls `POST /v1/ledger` with one JSON-RPC request.
   * @throws {LedgerRpcError} when the node answers it with an error object.
   */
  rpc<T>(method: string, params: readonly unknown[], accessToken?: string): Promise<T>;
  /**
   * Calls `POST /v1/ledger` once with a JSON-RPC batch and returns each entry's outcome in request
   * order, as viem's `multicall` does: the node answers every entry on its own (one refused entry
   * never fails the others), so a refused entry is a `failure` holding its {@link LedgerRpcError}
   * and the call itself does not throw for it. One `accessToken` covers the whole batch.
   * - Spec: SPEC.md §4.3, §7.3
   * @throws {TypeError} when `requests` is empty.
   * @throws {LedgerRpcError} when the node answers the whole batch with one error (more entries
   *   than it takes, a rate limit).
   * @throws {ProblemResponseError} when HTTP refuses the request (e.g. 413, a body too large).
   * @example
   * const [block, chain] = await client.rpcBatch([
   *   { method: 'eth_blockNumber', params: [] },
   *   { method: 'eth_chainId', params: [] },
   * ]);
   */
  rpcBatch<T = unknown>(
    requests: readonly RpcBatchRequest[],
    accessToken?: string,
  ): Promise<RpcBatchResult<T>[]>;
  /** The ABI and default address of a registry (`GET /v1/<registry>/abi`), fetched once. */
  abi(registry: RegistrySegment): Promise<{ contractAddress: Address; abi: Abi }>;
  /** The chain id, fetched once. */
  chainId(): Promise<number>;
};

/** A response's JSON body, its Problem Details thrown when it is an error. */
async function toJson<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & ProblemFields;
  if (!response.ok) throw new ProblemResponseError(response.status, body);
  return body;
}

/** One request of a JSON-RPC batch. */
export type RpcBatchRequest = { method: string; params: readonly unknown[] };

/** The outcome of one batch entry: its result, or the error the node answered it with. */
export type RpcBatchResult<T = unknown> =
  | { status: 'success'; result: T }
  | { status: 'failure'; error: LedgerRpcError };

type RpcResponse = { id?: unknown; result?: unknown; error?: RpcErrorObject };
type RpcErrorObject = { code: number; message: string; data?: unknown };
type ProblemFields = ConstructorParameters<typeof ProblemResponseError>[1];

export type CreateCoreClientParameters = {
  /** e.g. `http://localhost:8080` */
  baseUrl: string;
  /** The `fetch` every request goes through (default: the global one). */
  fetch?: typeof fetch;
};

/**
 * Creates a client of a node's public API: everything the SDK does goes through it (REST reads,
 * `/v1/ledger`, `/v1/auth`), never straight to the ledger.
 * @example
 * const client = createCoreClient({ baseUrl: 'http://localhost:8080' });
 */
export function createCoreClient(parameters: CreateCoreClientParameters): CoreClient {
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '');
  const http = parameters.fetch ?? fetch;
  const abis = new Map<RegistrySegment, Promise<{ contractAddress: Address; abi: Abi }>>();
  let chainId: Promise<number> | undefined;
  let id = 0;
  /** POSTs a JSON-RPC payload; what HTTP itself refuses (405, 413, 415) is Problem Details. */
  const postLedger = async (payload: unknown, accessToken: string | undefined) => {
    const response = await http(`${baseUrl}/v1/ledger`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(payload),
    });
    const body: unknown = await response.json();
    if (!response.ok && !Array.isArray(body) && (body as RpcResponse).error === undefined) {
      throw new ProblemResponseError(response.status, body as ProblemFields);
    }
    return body;
  };
  const client: CoreClient = {
    baseUrl,
    async get<T>(pathOrHref: string) {
      const response = await http(`${baseUrl}${toPath(pathOrHref, baseUrl)}`, {
        headers: { accept: 'application/json, application/*;q=0.5' },
      });
      return toJson<T>(response);
    },
    async post<T>(path: string, payload: unknown) {
      const response = await http(`${baseUrl}${toPath(path, baseUrl)}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return toJson<T>(response);
    },
    async rpc<T>(method: string, params: readonly unknown[], accessToken?: string) {
      const body = (await postLedger(
        { jsonrpc: '2.0', id: ++id, method, params },
        accessToken,
      )) as RpcResponse;
      if (body.error) throw new LedgerRpcError(method, body.error);
      return body.result as T;
    },
    async rpcBatch<T>(requests: readonly RpcBatchRequest[], accessToken?: string) {
      if (requests.length === 0) throw new TypeError('"requests" must hold at least one request');
      const ids = requests.map(() => ++id);
      const body = await postLedger(
        requests.map(({ method, params }, i) => ({ jsonrpc: '2.0', id: ids[i], method, params })),
        accessToken,
      );
      if (!Array.isArray(body)) {
        throw new LedgerRpcError('batch', (body as RpcResponse).error ?? NO_RESPONSE);
      }
      const byId = new Map((body as RpcResponse[]).map((response) => [response.id, response]));
      return requests.map(({ method }, i): RpcBatchResult<T> => {
        const response = byId.get(ids[i]);
        if (response && !response.error) return { status: 'success', result: response.result as T };
        return {
          status: 'failure',
          error: new LedgerRpcError(method, response?.error ?? NO_RESPONSE),
        };
      });
    },
    abi(registry) {
      let known = abis.get(registry);
      if (!known) {
        known = client.get<{ contractAddress: Address; abi: Abi }>(`/v1/${registry}/abi`);
        abis.set(registry, known);
      }
      return known;
    },
    chainId() {
      chainId ??= client.rpc<string>('eth_chainId', []).then(Number);
      return chainId;
    },
  };
  return client;
}

/**
 * A path under the base URL. Links the node returns (`href`, `links.next`) are absolute and name
 * its public URL, which may differ from the URL this client reaches it by: their path and query
 * are read from this node.
 */
function toPath(pathOrHref: string, baseUrl: string): string {
  if (pathOrHref.startsWith('/')) return pathOrHref;
  if (pathOrHref.startsWith(`${baseUrl}/`)) return pathOrHref.slice(baseUrl.length);
  const { pathname, search } = new URL(pathOrHref);
  return `${pathname}${search}`;
}
