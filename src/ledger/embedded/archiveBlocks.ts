import type { Hex } from 'viem';
import { callAnvil } from './anvilRpc.js';
import type { LedgerArchive, RpcBlock, RpcReceipt } from './archive.js';
import type { SupervisorLogger } from './supervisorLogger.js';

/** Block numbers from `from` to `to`, both included. */
export type BlockRange = { from: number; to: number };

const FORGETTING = 'ledger archive: forgetting blocks the chain no longer has';

/** The transactions root of a block without transactions. */
const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/**
 * Archives the blocks after the archive's head up to `number` from anvil while anvil still holds
 * them whole: each block with its transactions, its receipts, and the revert data of each failed
 * transaction as the receipt's `revertReason` (Besu's field), which no later `eth_call` could
 * find once the block's state is gone.
 * - Design: DESIGN.md §12
 */
export async function archiveBlocks(
  anvilUrl: string,
  archive: LedgerArchive,
  number: number,
): Promise<void> {
  while (archive.head < number) await archiveNext(anvilUrl, archive);
}

async function archiveNext(anvilUrl: string, archive: LedgerArchive): Promise<void> {
  const number = archive.head + 1;
  const tag = `0x${number.toString(16)}`;
  const [block, receipts] = await Promise.all([
    callAnvil<RpcBlock>(anvilUrl, 'eth_getBlockByNumber', [tag, true]),
    callAnvil<RpcReceipt[]>(anvilUrl, 'eth_getBlockReceipts', [tag]),
  ]);
  for (const receipt of receipts) {
    if (receipt.status !== '0x0') continue;
    const reason = await revertReasonOf(anvilUrl, receipt.transactionHash);
    if (reason !== undefined) receipt.revertReason = reason;
  }
  archive.append(block, receipts);
}

/** The revert data of a failed transaction anvil still holds whole (`ots_getTransactionError`). */
export async function revertReasonOf(anvilUrl: string, hash: Hex): Promise<Hex | undefined> {
  const data = await callAnvil<Hex>(anvilUrl, 'ots_getTransactionError', [hash]).catch(
    () => undefined,
  );
  return data === undefined || data === '0x' ? undefined : data;
}

/**
 * Brings the archive in line with the chain anvil holds after loading a checkpoint: forgets the
 * blocks after the last one both agree on (blocks after the checkpoint are archived again as the
 * journal replays them; a chain restored from an older state no longer has them), then archives
 * the blocks after the archive's head. A block anvil no longer holds whole (the archive was
 * removed) is archived without its transactions, and said so in the log.
 * @returns the blocks forgotten past the loaded state, on its chain: {@link noteSetAside} says,
 *   after the replay, whether the journal mined them again.
 */
export async function catchUpArchive(
  anvilUrl: string,
  archive: LedgerArchive,
  head: number,
  logger: SupervisorLogger,
): Promise<BlockRange | undefined> {
  let last = Math.min(archive.head, head);
  while (last >= 0 && archive.blockHash(last) !== (await hashOf(anvilUrl, last))) last--;
  // Blocks past the loaded state, on its chain: the journal may mine them again.
  let setAside: BlockRange | undefined;
  if (last < archive.head) {
    const range = { from: last + 1, to: archive.head };
    if (last === head) setAside = range;
    else logger.warn(range, FORGETTING);
    await archive.truncateAfter(last);
  }
  let incomplete = 0;
  while (archive.head < head) {
    await archiveNext(anvilUrl, archive);
    const block = archive.block(archive.head, false);
    if (block && block.transactions.length === 0 && block.transactionsRoot !== EMPTY_ROOT)
      incomplete++;
  }
  if (incomplete > 0)
    logger.error(
      { blocks: incomplete },
      'ledger archive: blocks archived without their transactions (anvil no longer held them)',
    );
  await archive.flush();
  return setAside;
}

/**
 * Says what became of the blocks {@link catchUpArchive} set aside, once the journal was replayed
 * up to `head`: archived again (the ordinary path after a kill -9 or a stop that left the journal
 * to replay), or, for those it did not hold, gone from the chain.
 */
export function noteSetAside(
  logger: SupervisorLogger,
  setAside: BlockRange | undefined,
  head: number,
): void {
  if (!setAside) return;
  if (head >= setAside.to) {
    logger.info(setAside, 'ledger archive: blocks after the checkpoint archived again as replayed');
  } else logger.warn({ from: Math.max(setAside.from, head + 1), to: setAside.to }, FORGETTING);
}

async function hashOf(anvilUrl: string, number: number): Promise<Hex | undefined> {
  const block = await callAnvil<{ hash: Hex } | null>(anvilUrl, 'eth_getBlockByNumber', [
    `0x${number.toString(16)}`,
    false,
  ]);
  return block?.hash;
}
