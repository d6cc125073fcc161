import type { Hex } from 'viem';
import type { LedgerArchive, RpcLog, RpcReceipt } from './archive.js';
import type { FrontAnswer } from './frontAnswers.js';
import type { RpcBody } from './frontRequest.js';

/** Methods whose answers the archive holds for blocks anvil no longer keeps whole. */
const HISTORY =
  /"eth_get(TransactionReceipt|TransactionByHash|BlockByNumber|BlockByHash|BlockReceipts|Logs|TransactionByBlock(Number|Hash)AndIndex|BlockTransactionCountBy(Number|Hash))"/;

export type HistoryReadsContext = {
  archive: LedgerArchive;
  /** The newest block mined, which `latest` names. */
  head(): number;
  /** Sends a JSON-RPC body to anvil. */
  forward(body: string): Promise<FrontAnswer>;
  /** The revert data of a failed transaction that anvil still holds whole. */
  revertReason(hash: Hex): Promise<Hex | undefined>;
};

type Entry = { jsonrpc?: unknown; id: unknown; method: string; params?: unknown };
/** How one entry is answered: by the archive, by anvil, or by both (logs of a range across). */
type Plan =
  | { kind: 'archive'; result: unknown }
  | { kind: 'anvil'; entry: Entry }
  | { kind: 'both'; archived: RpcLog[]; entry: Entry };

/**
 * Answers read requests of the embedded ledger: what anvil forgot (transactions, receipts and
 * logs of blocks older than its `--transaction-block-keeper`) from the node's archive, the rest
 * from anvil, in one answer in the request's order. Requests that name no history method go to
 * anvil untouched.
 * - Design: DESIGN.md §12
 */
export async function answerReads(
  body: string,
  request: RpcBody | undefined,
  context: HistoryReadsContext,
): Promise<FrontAnswer> {
  if (!request || !HISTORY.test(body)) return context.forward(body);
  const parsed = toEntries(request);
  if (!parsed) return context.forward(body);
  const plans = parsed.entries.map((entry) => plan(entry, context));
  const toAnvil = plans.flatMap((p, i) => (p.kind === 'archive' ? [] : [{ ...p.entry, id: i }]));
  const fromAnvil = new Map<number, Record<string, unknown>>();
  if (toAnvil.length > 0) {
    const answer = await context.forward(JSON.stringify(toAnvil));
    if (answer.status !== 200) return answer;
    const answers = parseAnswers(answer.body);
    if (!answers) return answer;
    for (const item of answers) fromAnvil.set(item.id as number, item);
  }
  const replies = await Promise.all(
    plans.map(async (p, i) => {
      const { id } = parsed.entries[i] as Entry;
      if (p.kind === 'archive') return { jsonrpc: '2.0', id, result: p.result };
      const answered = fromAnvil.get(i) ?? {
        error: { code: -32603, message: 'The embedded ledger did not answer' },
      };
      if (!('result' in answered)) return { ...answered, jsonrpc: '2.0', id };
      const result =
        p.kind === 'both'
          ? [...p.archived, ...(answered.result as RpcLog[])]
          : await withRevertReason(p.entry.method, answered.result, context);
      return { jsonrpc: '2.0', id, result };
    }),
  );
  return { status: 200, body: JSON.stringify(parsed.batch ? replies : replies[0]) };
}

function plan(entry: Entry, context: HistoryReadsContext): Plan {
  const params = Array.isArray(entry.params) ? (entry.params as unknown[]) : [];
  const { archive } = context;
  const found = (result: unknown): Plan =>
    result === undefined ? { kind: 'anvil', entry } : { kind: 'archive', result };
  const [first, second] = params;
  switch (entry.method) {
    case 'eth_getTransactionReceipt':
      return found(isHash(first) ? archive.receipt(first) : undefined);
    case 'eth_getTransactionByHash':
      return found(isHash(first) ? archive.transaction(first) : undefined);
    case 'eth_getBlockByHash':
    case 'eth_getBlockByNumber': {
      const id = archivedBlock(first, context);
      return found(id === undefined ? undefined : archive.block(id, second === true));
    }
    case 'eth_getBlockReceipts': {
      const id = archivedBlock(first, context);
      return found(id === undefined ? undefined : archive.blockReceipts(id));
    }
    case 'eth_getBlockTransactionCountByHash':
    case 'eth_getBlockTransactionCountByNumber': {
      const id = archivedBlock(first, context);
      const block = id === undefined ? undefined : archive.block(id, false);
      return found(block && `0x${block.transactions.length.toString(16)}`);
    }
    case 'eth_getTransactionByBlockHashAndIndex':
    case 'eth_getTransactionByBlockNumberAndIndex': {
      const id = archivedBlock(first, context);
      const block = id === undefined ? undefined : archive.block(id, true);
      if (!block || !isQuantity(second)) return { kind: 'anvil', entry };
      return { kind: 'archive', result: block.transactions[Number(second)] ?? null };
    }
    case 'eth_getLogs':
      return planLogs(entry, first, context);
    default:
      return { kind: 'anvil', entry };
  }
}

/**
 * Logs of archived blocks from the archive; of blocks after it from anvil. A filter anvil would
 * refuse (a malformed block or address) is left to anvil, to refuse as it does.
 */
function planLogs(entry: Entry, filter: unknown, context: HistoryReadsContext): Plan {
  const { archive } = context;
  if (typeof filter !== 'object' || filter === null) return { kind: 'anvil', entry };
  const { blockHash, fromBlock, toBlock, address, topics } = filter as Record<string, unknown>;
  const addresses =
    address === undefined || address === null ? [] : Array.isArray(address) ? address : [address];
  if (!addresses.every(isAddress) || !(topics === undefined || isTopicFilter(topics)))
    return { kind: 'anvil', entry };
  const query = { addresses: addresses as Hex[], topics: topics as (Hex | Hex[] | null)[] };
  try {
    if (blockHash !== undefined) {
      const block = isHash(blockHash) ? archive.block(blockHash, false) : undefined;
      if (!block) return { kind: 'anvil', entry };
      const number = Number(block.number);
      return {
        kind: 'archive',
        result: archive.logs({ ...query, fromBlock: number, toBlock: number }),
      };
    }
    const from = blockNumberOf(fromBlock ?? 'latest', context);
    const to = blockNumberOf(toBlock ?? 'latest', context);
    if (from === undefined || to === undefined || from > to || from > archive.head)
      return { kind: 'anvil', entry };
    const archived = archive.logs({
      ...query,
      fromBlock: from,
      toBlock: Math.min(to, archive.head),
    });
    if (to <= archive.head) return { kind: 'archive', result: archived };
    const rest = { ...(filter as object), fromBlock: `0x${(archive.head + 1).toString(16)}` };
    return { kind: 'both', archived, entry: { ...entry, params: [rest] } };
  } catch {
    return { kind: 'anvil', entry };
  }
}

/**
 * The number or hash of a block the archive holds, from a block parameter (a number, a tag, a
 * hash, or an EIP-1898 object); `undefined` when the archive does not hold it.
 */
function archivedBlock(value: unknown, context: HistoryReadsContext): number | Hex | undefined {
  if (typeof value === 'object' && value !== null) {
    const { blockHash, blockNumber } = value as Record<string, unknown>;
    return archivedBlock(blockHash ?? blockNumber, context);
  }
  if (isHash(value)) return context.archive.block(value, false) ? value : undefined;
  const number = blockNumberOf(value, context);
  return number !== undefined && number <= context.archive.head ? number : undefined;
}

function blockNumberOf(value: unknown, context: HistoryReadsContext): number | undefined {
  if (value === 'earliest') return 0;
  if (value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized')
    return context.head();
  return isQuantity(value) ? Number(value) : undefined;
}

/** A failed transaction's receipt carries its revert data, as Besu's do (`revertReason`). */
async function withRevertReason(
  method: string,
  result: unknown,
  context: HistoryReadsContext,
): Promise<unknown> {
  if (method !== 'eth_getTransactionReceipt' && method !== 'eth_getBlockReceipts') return result;
  const receipts = (Array.isArray(result) ? result : [result]) as (RpcReceipt | null)[];
  for (const receipt of receipts) {
    if (receipt?.status !== '0x0' || receipt.revertReason !== undefined) continue;
    const reason = await context.revertReason(receipt.transactionHash);
    if (reason !== undefined) receipt.revertReason = reason;
  }
  return result;
}

function toEntries({ batch, entries }: RpcBody): { batch: boolean; entries: Entry[] } | undefined {
  // Notifications and malformed entries: anvil answers those as it does.
  const wellFormed = entries.every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      'id' in entry &&
      typeof (entry as Entry).method === 'string',
  );
  return wellFormed && entries.length > 0 ? { batch, entries: entries as Entry[] } : undefined;
}

function parseAnswers(body: string): Record<string, unknown>[] | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return Array.isArray(value) ? (value as Record<string, unknown>[]) : undefined;
  } catch {
    return undefined;
  }
}

const isHash = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
const isAddress = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
/** Topic positions as eth_getLogs takes them: each null, a hash, or a list of hashes or nulls. */
const isTopicFilter = (value: unknown): value is (Hex | Hex[] | null)[] =>
  Array.isArray(value) &&
  value.every(
    (topic) =>
      topic === null ||
      isHash(topic) ||
      (Array.isArray(topic) && topic.every((option) => option === null || isHash(option))),
  );
const isQuantity = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value);
