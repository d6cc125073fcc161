import {
  type Address,
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  numberToHex,
} from 'viem';
import { LedgerRequestError, LedgerUnavailableError } from '../../errors/ledger.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import { SAFE, TIMELOCK } from '../contracts.js';
import type { GovernanceLogs, GovernanceState, LedgerMoment } from '../proposalHistory.js';
import { proposalId, readPublishedProposal } from '../proposals.js';

/** Blocks per `eth_getLogs` when the ledger refuses a longer range (Besu's smallest default). */
const LOG_WINDOW = 1_000n;
/** Windows asked in one JSON-RPC batch. */
const WINDOWS_PER_BATCH = 50;

type RawLog = {
  address: Address;
  topics: [Hex, ...Hex[]];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  logIndex: Hex;
};

export type GovernanceReader = {
  /** The Safe's and the timelock's state at the head, and everything they logged up to it. */
  read(): Promise<{ state: GovernanceState; logs: GovernanceLogs }>;
};

/**
 * Reads a governance through standard JSON-RPC: its state with `eth_call` at the head, its
 * history with `eth_getLogs` (the whole chain once, then only new blocks; windows of
 * {@link LOG_WINDOW} blocks when the ledger limits ranges) and the proposers' transactions, which
 * carry what they propose. Logs, transactions and block times never change, so each is fetched
 * and decoded once per node.
 */
export function createGovernanceReader(parameters: {
  ledger: LedgerClient;
  governance: { safe: Address; timelock: Address };
  chainId: number;
}): GovernanceReader {
  const { ledger, governance, chainId } = parameters;
  const safe = { address: governance.safe, chainId };
  // What the contracts logged up to `scannedTo`, decoded once: logs never change.
  const logs = emptyLogs();
  let scannedTo = -1n;
  // Scans run one after another, each from where the last stopped.
  let scans: Promise<void> = Promise.resolve();
  const inputs = new Map<Hex, Promise<{ input: Hex; from: Address }>>();
  const times = new Map<bigint, Promise<number>>();

  async function scan(head: bigint): Promise<void> {
    if (head <= scannedTo) return;
    const from = scannedTo + 1n;
    const found = await decode(await getLogs([governance.safe, governance.timelock], from, head));
    for (const list of Object.keys(logs) as (keyof GovernanceLogs)[]) {
      (logs[list] as unknown[]).push(...found[list]);
    }
    scannedTo = head;
  }

  async function getLogs(address: Address[], from: bigint, to: bigint): Promise<RawLog[]> {
    try {
      return await ledger.request<RawLog[]>('eth_getLogs', [
        { address, fromBlock: numberToHex(from), toBlock: numberToHex(to) },
      ]);
    } catch (error) {
      if (!(error instanceof LedgerRequestError)) throw error;
    }
    const found: RawLog[] = [];
    for (let start = from; start <= to; ) {
      const windows = [];
      for (let i = 0; i < WINDOWS_PER_BATCH && start <= to; i++) {
        const end = start + LOG_WINDOW - 1n < to ? start + LOG_WINDOW - 1n : to;
        windows.push({ fromBlock: numberToHex(start), toBlock: numberToHex(end) });
        start = end + 1n;
      }
      const outcomes = await ledger.send(
        windows.map((window) => ({ method: 'eth_getLogs', params: [{ address, ...window }] })),
      );
      for (const outcome of outcomes) {
        if ('error' in outcome) {
          throw new LedgerUnavailableError({ cause: outcome.error.message });
        }
        found.push(...(outcome.result as RawLog[]));
      }
    }
    return found;
  }

  const timeOf = (block: bigint) => {
    let time = times.get(block);
    if (!time) {
      time = ledger
        .request<{ timestamp: Hex }>('eth_getBlockByNumber', [numberToHex(block), false])
        .then(({ timestamp }) => Number(timestamp));
      times.set(block, time);
      time.catch(() => times.delete(block));
    }
    return time;
  };

  const transactionOf = (hash: Hex) => {
    let transaction = inputs.get(hash);
    if (!transaction) {
      transaction = ledger.request<{ input: Hex; from: Address }>('eth_getTransactionByHash', [
        hash,
      ]);
      inputs.set(hash, transaction);
      transaction.catch(() => inputs.delete(hash));
    }
    return transaction;
  };

  async function readState(): Promise<{ state: GovernanceState; head: bigint }> {
    // At "latest", not at a block number: a ledger may keep the state of its latest block only.
    // The head is read after the state, so the logs read up to it cover at least that state.
    const call = async <const abi extends readonly unknown[]>(
      address: Address,
      abi: abi,
      functionName: string,
    ) => {
      const data = encodeFunctionData({ abi: abi as never, functionName } as never);
      const result = await ledger.request<Hex>('eth_call', [{ to: address, data }, 'latest']);
      return decodeFunctionResult({ abi: abi as never, functionName, data: result } as never);
    };
    const [members, threshold, nonce, delay] = await Promise.all([
      call(governance.safe, SAFE.abi, 'getOwners') as Promise<Address[]>,
      call(governance.safe, SAFE.abi, 'getThreshold') as Promise<bigint>,
      call(governance.safe, SAFE.abi, 'nonce') as Promise<bigint>,
      call(governance.timelock, TIMELOCK.abi, 'getMinDelay') as Promise<bigint>,
    ]);
    const block = await ledger.request<{ number: Hex; timestamp: Hex }>('eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    return {
      head: BigInt(block.number),
      state: {
        ...governance,
        members: members.map((member) => getAddress(member)),
        threshold: Number(threshold),
        nonce,
        delaySeconds: Number(delay),
        // The ledger's clock, not this node's: only a block at or after `readyAt` may execute.
        now: Number(block.timestamp),
      },
    };
  }

  async function decode(raw: readonly RawLog[]): Promise<GovernanceLogs> {
    const result = emptyLogs();
    const moment = async (log: RawLog): Promise<LedgerMoment> => ({
      blockNumber: BigInt(log.blockNumber),
      transactionHash: log.transactionHash,
      timestamp: await timeOf(BigInt(log.blockNumber)),
    });
    // SafeL2 logs a transaction's details, then its outcome, in the same transaction.
    const details = new Map<Hex, { to: Address; data: Hex; nonce: bigint; executor: Address }>();
    for (const log of raw) {
      const abi = getAddress(log.address) === governance.safe ? SAFE.abi : TIMELOCK.abi;
      let event: { eventName: string; args: Record<string, unknown> };
      try {
        event = decodeEventLog({ abi: abi as never, topics: log.topics, data: log.data }) as never;
      } catch {
        continue;
      }
      const { args } = event;
      switch (event.eventName) {
        case 'ApproveHash': {
          const id = args.approvedHash as Hex;
          const owner = getAddress(args.owner as Address);
          const at = await moment(log);
          result.approvals.push({ ...at, id, owner });
          const { input } = await transactionOf(log.transactionHash);
          const published = readPublishedProposal(input, safe);
          if (published?.id === id) result.published.push({ ...at, ...published, proposer: owner });
          break;
        }
        case 'SafeMultiSigTransaction': {
          const [nonce, executor] = decodeAbiParameters(
            [{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
            args.additionalInfo as Hex,
          );
          details.set(log.transactionHash, {
            to: getAddress(args.to as Address),
            data: args.data as Hex,
            nonce,
            executor: getAddress(executor),
          });
          break;
        }
        case 'ExecutionSuccess':
        case 'ExecutionFailure': {
          const detail = details.get(log.transactionHash);
          if (!detail) break;
          const { executor, ...proposal } = detail;
          const id = args.txHash as Hex;
          // A transaction with value, delegatecall or refunds is not one of ours: its id differs.
          if (proposalId(proposal, safe) !== id) break;
          result.executions.push({
            ...(await moment(log)),
            id,
            proposal,
            executor,
            success: event.eventName === 'ExecutionSuccess',
          });
          break;
        }
        case 'CallScheduled': {
          if (args.index !== 0n) break;
          const at = await moment(log);
          result.scheduled.push({
            ...at,
            operationId: args.id as Hex,
            readyAt: at.timestamp + Number(args.delay as bigint),
          });
          break;
        }
        case 'CallExecuted':
          if (args.index === 0n) {
            result.executedOperations.push({ ...(await moment(log)), operationId: args.id as Hex });
          }
          break;
        case 'Cancelled':
          result.cancelledOperations.push({ ...(await moment(log)), operationId: args.id as Hex });
          break;
      }
    }
    return result;
  }

  return {
    async read() {
      const { state, head } = await readState();
      const scanned = scans.then(() => scan(head));
      scans = scanned.catch(() => undefined);
      await scanned;
      // A concurrent read may have scanned past this one's head: keep to the state it read.
      const upTo = Object.fromEntries(
        Object.entries(logs).map(([list, entries]) => [
          list,
          (entries as LedgerMoment[]).filter((entry) => entry.blockNumber <= head),
        ]),
      ) as GovernanceLogs;
      return { state, logs: upTo };
    },
  };
}

/** Logs of nothing yet. */
function emptyLogs(): GovernanceLogs {
  return {
    published: [],
    approvals: [],
    executions: [],
    scheduled: [],
    executedOperations: [],
    cancelledOperations: [],
  };
}
