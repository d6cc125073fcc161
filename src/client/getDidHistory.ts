import {
  type Address,
  type ContractEventName,
  type DecodeEventLogReturnType,
  decodeEventLog,
  encodeEventTopics,
  type Hex,
  keccak256,
  numberToHex,
  stringToHex,
} from 'viem';
import { didRegistryAbi } from '../../artifacts/DidRegistry.js';
import type { CoreClient } from './createCoreClient.js';
import { LedgerRpcError } from './errors.js';

/** The events the DID Registry logs for one DID (each indexed by `keccak256(did)`). */
export const DID_HISTORY_EVENTS = [
  'DidDocumentInserted',
  'BaseDocumentUpdated',
  'ControllerAdded',
  'ControllerRevoked',
  'VerificationMethodAdded',
  'VerificationRelationshipAdded',
  'VerificationMethodRevoked',
  'VerificationMethodExpired',
  'VerificationMethodRolled',
] as const satisfies readonly ContractEventName<typeof didRegistryAbi>[];

export type DidHistoryEventName = (typeof DID_HISTORY_EVENTS)[number];

/** A change of a DID document as the DID Registry logged it, and where. */
export type DidChange = DecodeEventLogReturnType<typeof didRegistryAbi, DidHistoryEventName> & {
  blockNumber: bigint;
  transactionHash: Hex;
  logIndex: number;
};

/** A change of a DID document, and when it was made (not when it takes effect). */
export type DidHistoryEntry = DidChange & {
  /** The time of its block, Unix seconds. */
  timestamp: bigint;
};

export type GetDidHistoryParameters = {
  did: string;
  /** The DID Registry instance (default: the node's default instance). */
  contractAddress?: Address;
  /**
   * Blocks per `eth_getLogs` when the ledger refuses the whole chain in one query (default
   * {@link LOG_WINDOW}; Besu: its `--rpc-max-logs-range`).
   */
  logWindow?: bigint;
};

/** A log as `eth_getLogs` returns it. */
export type RpcLog = {
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  logIndex: Hex;
};

/** Blocks per `eth_getLogs` when the ledger limits ranges: Besu's smallest default limit. */
export const LOG_WINDOW = 1_000n;
/** Windows asked in one JSON-RPC batch. */
const WINDOWS_PER_BATCH = 50;
/** Blocks whose time is asked in one JSON-RPC batch. */
const BLOCKS_PER_BATCH = 100;

/**
 * The history of a DID: every change the DID Registry logged for it (registration, keys added,
 * rolled, revoked or expired, relationships, controllers, base document), oldest first, each with
 * its block's time. Read through the node's `POST /v1/ledger` (`eth_getLogs`): the whole chain in
 * one query, or, when the ledger limits the range of a query, windows of `logWindow` blocks from
 * the head back to the DID's registration.
 * @example
 * for (const change of await getDidHistory(client, { did })) console.log(change.eventName, change.args);
 * @throws {LedgerRpcError} when the ledger refuses a query.
 */
export async function getDidHistory(
  client: CoreClient,
  parameters: GetDidHistoryParameters,
): Promise<DidHistoryEntry[]> {
  const { did, logWindow = LOG_WINDOW } = parameters;
  const address = parameters.contractAddress ?? (await client.abi('did-registry')).contractAddress;
  const filter = { address, topics: [null, keccak256(stringToHex(did))] };
  const head = BigInt(await client.rpc<Hex>('eth_blockNumber', []));
  let logs: RpcLog[];
  try {
    logs = await client.rpc<RpcLog[]>('eth_getLogs', [
      { ...filter, fromBlock: '0x0', toBlock: numberToHex(head) },
    ]);
  } catch (error) {
    if (!(error instanceof LedgerRpcError)) throw error;
    logs = await getLogsBackwards(client, filter, head, logWindow);
  }
  const changes = toDidChanges(did, logs);
  const times = await getBlockTimes(client, [...new Set(changes.map((c) => c.blockNumber))]);
  return changes.map(
    (change) => ({ ...change, timestamp: times.get(change.blockNumber) }) as DidHistoryEntry,
  );
}

/**
 * The DID Registry events of `did` among `logs`, decoded, oldest first. Logs of other events or
 * of another DID (the filter matches a hash) are left out.
 */
export function toDidChanges(did: string, logs: readonly RpcLog[]): DidChange[] {
  const events: ReadonlySet<string> = new Set(DID_HISTORY_EVENTS);
  const changes: DidChange[] = [];
  for (const log of logs) {
    let decoded: DecodeEventLogReturnType<typeof didRegistryAbi>;
    try {
      decoded = decodeEventLog({
        abi: didRegistryAbi,
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
      });
    } catch {
      continue;
    }
    if (!events.has(decoded.eventName)) continue;
    const event = decoded as DecodeEventLogReturnType<typeof didRegistryAbi, DidHistoryEventName>;
    if (event.args.did !== did) continue;
    changes.push({
      ...event,
      blockNumber: BigInt(log.blockNumber),
      transactionHash: log.transactionHash,
      logIndex: Number(log.logIndex),
    });
  }
  return changes.sort((a, b) =>
    a.blockNumber === b.blockNumber
      ? a.logIndex - b.logIndex
      : a.blockNumber < b.blockNumber
        ? -1
        : 1,
  );
}

/** The logs of `filter` from `head` back to the block holding the DID's registration, or block 0. */
async function getLogsBackwards(
  client: CoreClient,
  filter: { address: Address; topics: (Hex | null)[] },
  head: bigint,
  window: bigint,
): Promise<RpcLog[]> {
  const [registered] = encodeEventTopics({ abi: didRegistryAbi, eventName: 'DidDocumentInserted' });
  const logs: RpcLog[] = [];
  let to = head;
  while (to >= 0n) {
    const windows: { fromBlock: Hex; toBlock: Hex }[] = [];
    for (let i = 0; i < WINDOWS_PER_BATCH && to >= 0n; i++) {
      const from = to - window + 1n > 0n ? to - window + 1n : 0n;
      windows.push({ fromBlock: numberToHex(from), toBlock: numberToHex(to) });
      to = from - 1n;
    }
    const outcomes = await client.rpcBatch<RpcLog[]>(
      windows.map((window) => ({ method: 'eth_getLogs', params: [{ ...filter, ...window }] })),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'failure') throw outcome.error;
      logs.push(...outcome.result);
    }
    if (logs.some((log) => log.topics[0] === registered)) break;
  }
  return logs;
}

/** The time of each block, Unix seconds. */
async function getBlockTimes(
  client: CoreClient,
  blocks: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  const times = new Map<bigint, bigint>();
  for (let i = 0; i < blocks.length; i += BLOCKS_PER_BATCH) {
    const chunk = blocks.slice(i, i + BLOCKS_PER_BATCH);
    const outcomes = await client.rpcBatch<{ timestamp: Hex } | null>(
      chunk.map((block) => ({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(block), false],
      })),
    );
    outcomes.forEach((outcome, j) => {
      if (outcome.status === 'failure') throw outcome.error;
      if (outcome.result === null) {
        throw new LedgerRpcError('eth_getBlockByNumber', {
          code: -32000,
          message: `block ${chunk[j]} is not known to the ledger`,
        });
      }
      times.set(chunk[j] as bigint, BigInt(outcome.result.timestamp));
    });
  }
  return times;
}
