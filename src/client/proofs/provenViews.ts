import {
  type Abi,
  type Address,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
} from 'viem';
import { didRegistryAbi } from '../../../artifacts/DidRegistry.js';
import { issuersRegistryAbi } from '../../../artifacts/IssuersRegistry.js';
import { schemasRegistryAbi } from '../../../artifacts/SchemasRegistry.js';
import { type DidDocumentRecord, toDidDocument } from '../../identity/didDocument.js';
import type { CoreClient } from '../createCoreClient.js';
import { createProofCache, type ProofCache } from './provenAccounts.js';
import { type ProvenCallResult, provenCall } from './provenCall.js';
import type { RpcHeader } from './qbftHeader.js';
import { type QbftCheckpoint, qbftHeaderSource } from './qbftHeaderSource.js';

/** Where proven reads come from: the node that serves proofs, trusted headers, the registries. */
export type ProvenState = {
  client: Pick<CoreClient, 'rpc' | 'rpcBatch'>;
  chainId: number;
  /** Trusted headers (`qbftHeaderSource`, or the node's own). */
  header: () => Promise<RpcHeader>;
  /** How the headers are established, for each proven read: `header by validator seals …`. */
  anchor: string;
  /** The registries whose views are proven. */
  issuersRegistry: Address;
  didRegistry: Address;
  schemasRegistry: Address;
  /** Accounts already proven on recent blocks (`createProofCache`); none: each call proves all. */
  cache?: ProofCache;
};

/** What the proofs of a read take: a checkpoint (headers by seals), registries to prove. */
export type ProofOptions = {
  /** Headers trusted by their validators' seals from this block; without, the node's own. */
  checkpoint?: QbftCheckpoint;
  /** The registries whose answers are proven (default: the node's defaults, as it names them). */
  issuersRegistry?: Address;
  didRegistry?: Address;
  schemasRegistry?: Address;
  epochLength?: bigint;
};

/** The node's answer and the proven state disagree: which member, and both values. */
export type Mismatch = { member: string; node: unknown; proven: unknown };

/** A proven view's outcome, and what the node's answer differs in, if anything. */
export type Proven = { result: ProvenCallResult; mismatch: Mismatch | undefined };

/** A registry view run over proven state. */
export type ProvenView = (
  registry: 'issuers' | 'dids' | 'schemas',
  functionName: string,
  args: readonly unknown[],
) => Promise<{ result: ProvenCallResult; decode: () => unknown }>;

/**
 * The proven state a client's node serves: headers by seals from `checkpoint`, or the node's
 * latest; the registries given, or the node's defaults.
 * @returns the state, and how it is established, in words.
 */
export async function openProvenState(
  client: CoreClient,
  options: ProofOptions,
): Promise<{ state: ProvenState; established: string }> {
  const { checkpoint } = options;
  // The calls of one verification run side by side: they share each header being fetched.
  const header = shareInFlight<RpcHeader>(
    checkpoint
      ? qbftHeaderSource(client, checkpoint, options.epochLength)
      : () => client.rpc<RpcHeader>('eth_getBlockByNumber', ['latest', false]),
  );
  const anchor = checkpoint
    ? `header by validator seals from block ${checkpoint.number}`
    : 'header as the node gave it';
  const addressOf = (given: Address | undefined, registry: Parameters<CoreClient['abi']>[0]) =>
    given ?? client.abi(registry).then((abi) => abi.contractAddress);
  const [issuersRegistry, didRegistry, schemasRegistry, chainId] = await Promise.all([
    addressOf(options.issuersRegistry, 'issuers-registry'),
    addressOf(options.didRegistry, 'did-registry'),
    addressOf(options.schemasRegistry, 'schemas-registry'),
    client.chainId(),
  ]);
  const named =
    options.issuersRegistry && options.didRegistry && options.schemasRegistry
      ? ''
      : ', as the node named them';
  return {
    state: {
      client,
      chainId,
      header,
      anchor,
      issuersRegistry,
      didRegistry,
      schemasRegistry,
      cache: createProofCache(),
    },
    established: `${anchor}; registries ${didRegistry}, ${issuersRegistry}, ${schemasRegistry}${named}`,
  };
}

/** Runs registry views over the proven state. */
export function provenView(state: ProvenState): ProvenView {
  const registries: Record<Parameters<ProvenView>[0], { address: Address; abi: Abi }> = {
    issuers: { address: state.issuersRegistry, abi: issuersRegistryAbi as Abi },
    dids: { address: state.didRegistry, abi: didRegistryAbi as Abi },
    schemas: { address: state.schemasRegistry, abi: schemasRegistryAbi as Abi },
  };
  return async (registry, functionName, args) => {
    const { address, abi } = registries[registry];
    const data = encodeFunctionData({ abi, functionName, args } as never);
    const result = await provenCall(state.client, {
      to: address,
      data,
      chainId: state.chainId,
      header: state.header,
      ...(state.cache ? { cache: state.cache } : {}),
    });
    return {
      result,
      decode: () =>
        decodeFunctionResult({ abi, functionName, data: result.returnData } as never) as unknown,
    };
  };
}

/**
 * Compares a DID document the node answered (as at `at`, Unix seconds, or now) with the same
 * view run over proven state, shaped by the same `toDidDocument` the node uses.
 * @param node the node's answer: its document, or its refusal.
 */
export async function proveDidDocument(
  view: ProvenView,
  did: string,
  at: number | undefined,
  node: { ok: true; value: unknown } | { ok: false },
): Promise<Proven> {
  const { result, decode } = await (at === undefined
    ? view('dids', 'getDidDocument', [did])
    : view('dids', 'getDidDocumentByTimestamp', [did, BigInt(at)]));
  if (result.reverted || !node.ok) {
    const agree = result.reverted === !node.ok;
    return {
      result,
      mismatch: agree
        ? undefined
        : {
            member: `the document of ${did}`,
            node: node.ok ? 'a document' : null,
            proven: result.reverted ? revertName(result.returnData, didRegistryAbi) : 'a document',
          },
    };
  }
  const proven = toDidDocument(did, decode() as DidDocumentRecord).document;
  const answer = node.value as Record<string, unknown>;
  const member = differingMember(answer, proven);
  return {
    result,
    mismatch:
      member === undefined
        ? undefined
        : {
            member: `"${member}" of the document of ${did}`,
            node: answer[member] ?? null,
            proven: (proven as Record<string, unknown>)[member] ?? null,
          },
  };
}

/** A finding in words: what differs, and where the state was proven. */
export function describeMismatch(mismatch: Mismatch, where: string): string {
  return `The node's answer differs from the state ${where}: ${mismatch.member} is ${JSON.stringify(mismatch.node)}, proven ${JSON.stringify(mismatch.proven)}`;
}

/** The name of a custom error a registry reverted with. */
export function revertName(data: Hex, abi: Abi | typeof issuersRegistryAbi): string {
  try {
    return decodeErrorResult({ abi: abi as Abi, data }).errorName;
  } catch {
    return 'a revert';
  }
}

/** The first member (of either) whose values differ, compared as canonical JSON. */
function differingMember(node: Record<string, unknown>, proven: object): string | undefined {
  const other = proven as Record<string, unknown>;
  return [...new Set([...Object.keys(other), ...Object.keys(node)])].find(
    (member) => canonical(node[member]) !== canonical(other[member]),
  );
}

/** JSON with object members sorted: the same value whatever order a serialiser wrote. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)))
      : entry,
  );
}

/**
 * `fetch`, shared by the callers that ask while it runs: they all get its one result. A caller
 * that asks after it settled starts a new one (the latest header is asked for anew).
 */
export function shareInFlight<T>(fetch: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    if (!running) {
      const started = fetch();
      running = started;
      const settle = () => {
        if (running === started) running = undefined;
      };
      started.then(settle, settle);
    }
    return running;
  };
}
