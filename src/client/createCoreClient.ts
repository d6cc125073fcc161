import type { Abi, Address } from 'viem';
import type { CONTRACTS_REGISTRY_DESCRIPTOR, RegistryName } from '../registries/catalog.js';
import { LedgerRpcError, ProblemResponseError } from './errors.js';

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
  /** Calls `POST /v1/ledger` with one JSON-RPC request. */
  rpc<T>(method: string, params: readonly unknown[], accessToken?: string): Promise<T>;
  /** The ABI and default address of a registry (`GET /v1/<registry>/abi`), fetched once. */
  abi(registry: RegistrySegment): Promise<{ contractAddress: Address; abi: Abi }>;
  /** The chain id, fetched once. */
  chainId(): Promise<number>;
};

export type CreateCoreClientParameters = {
  /** e.g. `http://localhost:8080` */
  baseUrl: string;
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
  const client: CoreClient = {
    baseUrl,
    async get<T>(pathOrHref: string) {
      const response = await http(`${baseUrl}${toPath(pathOrHref, baseUrl)}`, {
        headers: { accept: 'application/json, application/*;q=0.5' },
      });
      const body = (await response.json()) as T & {
        type?: string;
        title?: string;
        detail?: string;
      };
      if (!response.ok) throw new ProblemResponseError(response.status, body);
      return body;
    },
    async rpc<T>(method: string, params: readonly unknown[], accessToken?: string) {
      const response = await http(`${baseUrl}/v1/ledger`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      const body = (await response.json()) as {
        result?: T;
        error?: { code: number; message: string; data?: unknown };
      };
      if (body.error) throw new LedgerRpcError(method, body.error);
      return body.result as T;
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
