import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Abi,
  type Address,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  type LocalAccount,
  type Log,
  numberToHex,
} from 'viem';
import { EnvironmentError } from '../errors/environment.js';
import { LedgerRequestError } from '../errors/ledger.js';
import type { LedgerClient } from './createLedgerClient.js';
import { toContractRevert } from './toContractRevert.js';

/** Gas limit of every genesis transaction: gas is free, and estimates cannot see a burst's earlier transactions. */
const GENESIS_GAS = 15_000_000n;
const RECEIPT_TIMEOUT_MS = 120_000;

type Planned = { label: string; to: Address | undefined; data: Hex };

/**
 * A burst of transactions from one signer, sent together and mined in nonce order (usually in one
 * block). Deployment addresses are known before sending, so later transactions of the burst can
 * use them.
 */
export type Burst = {
  /** Plans a contract creation and returns its address. */
  deploy(label: string, bytecode: Hex): Address;
  /** Plans a contract call. */
  call(label: string, to: Address, abi: Abi, functionName: string, args: readonly unknown[]): void;
  /**
   * Signs and sends the planned transactions, then waits for every receipt.
   * @throws {EnvironmentError} naming the first transaction that reverted.
   */
  send(): Promise<BurstReceipt[]>;
  readonly size: number;
};

/** Starts a burst at the signer's next nonce. */
export async function createBurst(
  ledger: LedgerClient,
  signer: LocalAccount,
  chainId: number,
): Promise<Burst> {
  const firstNonce = Number(
    await ledger.request<Hex>('eth_getTransactionCount', [signer.address, 'pending']),
  );
  const planned: Planned[] = [];
  return {
    get size() {
      return planned.length;
    },
    deploy(label, bytecode) {
      const address = getContractAddress({
        from: signer.address,
        nonce: BigInt(firstNonce + planned.length),
      });
      planned.push({ label, to: undefined, data: bytecode });
      return address;
    },
    call(label, to, abi, functionName, args) {
      planned.push({ label, to, data: encodeFunctionData({ abi, functionName, args } as never) });
    },
    async send() {
      const hashes: Hex[] = [];
      for (const [index, tx] of planned.entries()) {
        const raw = await signer.signTransaction({
          chainId,
          type: 'eip1559',
          nonce: firstNonce + index,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.data,
          gas: GENESIS_GAS,
          maxFeePerGas: 0n,
          maxPriorityFeePerGas: 0n,
        });
        hashes.push(await ledger.request<Hex>('eth_sendRawTransaction', [raw]));
      }
      const receipts = await waitForReceipts(ledger, hashes);
      const failed = receipts.findIndex((receipt) => receipt.status !== '0x1');
      if (failed >= 0) {
        const tx = planned[failed] as Planned;
        const reason = await explainRevert(ledger, signer.address, tx, receipts[failed]);
        throw new EnvironmentError(`Genesis transaction "${tx.label}" reverted${reason}`);
      }
      return receipts;
    },
  };
}

/** The receipt fields a burst's caller reads (e.g. an event in `logs`). */
export type BurstReceipt = { status: Hex; blockNumber: Hex; logs: Log[]; revertReason?: Hex };
type Receipt = BurstReceipt;

async function waitForReceipts(ledger: LedgerClient, hashes: Hex[]): Promise<Receipt[]> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  const receipts: (Receipt | null)[] = hashes.map(() => null);
  while (receipts.some((receipt) => receipt === null)) {
    if (Date.now() > deadline)
      throw new EnvironmentError('Genesis transactions were not mined in time');
    const pending = hashes.flatMap((hash, i) => (receipts[i] === null ? [{ hash, i }] : []));
    const outcomes = await ledger.send(
      pending.map(({ hash }) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    );
    outcomes.forEach((outcome, k) => {
      if ('result' in outcome && outcome.result)
        receipts[(pending[k] as { i: number }).i] = outcome.result as Receipt;
    });
    if (receipts.some((receipt) => receipt === null)) await sleep(100);
  }
  return receipts as Receipt[];
}

/**
 * Names the error of a reverted transaction: its receipt's `revertReason` where the ledger
 * records one, else the transaction replayed as a call in the block before it.
 */
async function explainRevert(
  ledger: LedgerClient,
  from: Address,
  tx: Planned,
  receipt: Receipt | undefined,
): Promise<string> {
  if (receipt?.revertReason) {
    const { message } = toContractRevert(
      tx.label,
      new LedgerRequestError('eth_sendRawTransaction', {
        code: 3,
        message: 'execution reverted',
        data: receipt.revertReason,
      }),
    );
    return `: ${message}`;
  }
  const block = receipt ? numberToHex(Math.max(Number(receipt.blockNumber) - 1, 0)) : 'latest';
  try {
    await ledger.request('eth_call', [
      { from, to: tx.to, data: tx.data, gas: numberToHex(GENESIS_GAS) },
      block,
    ]);
    return '';
  } catch (error) {
    return error instanceof LedgerRequestError ? `: ${error.message}` : '';
  }
}
