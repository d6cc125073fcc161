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
 * Archives block `number`, which a replay of the journal has just mined again. A block the
 * archive holds with the same hash is the same block, its transactions and receipts included
 * (the header commits to both): it is kept, and its receipts, whose cost grows with the square
 * of the block at scale, are not asked of anvil again. Otherwise the archive forgets it and the
 * blocks after it, and takes anvil's.
 */
export async function archiveReplayed(
  anvilUrl: string,
  archive: LedgerArchive,
  number: number,
  logger: SupervisorLogger,
): Promise<void> {
  if (archive.head >= number) {
    if (archive.blockHash(number) === (await hashOf(anvilUrl, number))) return;
    logger.warn({ from: number, to: archive.head }, FORGETTING);
    await archive.truncateAfter(number - 1);
  }
  await archiveBlocks(anvilUrl, archive, number);
}

/**
 * Brings the archive in line with the chain anvil holds after loading a checkpoint: forgets the
 * blocks after the last one both agree on (a chain restored from an older state no longer has
 * them), but keeps those past the loaded state on its chain, for the journal's replay to confirm
 * ({@link archiveReplayed}); then archives the blocks after the archive's head. A block anvil no
 * longer holds whole (the archive was removed) is archived without its transactions, and said so
 * in the log.
 * @returns the blocks kept past the loaded state: {@link settleSetAside} forgets, after the
 *   replay, those the journal did not mine again.
 */
export async function catchUpArchive(
  anvilUrl: string,
  archive: LedgerArchive,
  head: number,
  logger: SupervisorLogger,
): Promise<BlockRange | undefined> {
  let last = Math.min(archive.head, head);
  while (last >= 0 && archive.blockHash(last) !== (await hashOf(anvilUrl, last))) last--;
  let setAside: BlockRange | undefined;
  if (last < archive.head) {
    const range = { from: last + 1, to: archive.head };
    if (last === head) setAside = range;
    else {
      logger.warn(range, FORGETTING);
      await archive.truncateAfter(last);
    }
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
 * Settles the blocks {@link catchUpArchive} kept past the loaded state, once the journal was
 * replayed up to `head`: replayed, they stand (the ordinary path after a kill -9 or a stop that
 * left the journal to replay); those the journal did not hold are gone from the chain, and from
 * the archive.
 */
export async function settleSetAside(
  archive: LedgerArchive,
  logger: SupervisorLogger,
  setAside: BlockRange | undefined,
  head: number,
): Promise<void> {
  if (!setAside) return;
  if (head >= setAside.to) {
    logger.info(setAside, 'ledger archive: blocks after the checkpoint replayed');
    return;
  }
  logger.warn({ from: Math.max(setAside.from, head + 1), to: setAside.to }, FORGETTING);
  await archive.truncateAfter(head);
}

async function hashOf(anvilUrl: string, number: number): Promise<Hex | undefined> {
  const block = await callAnvil<{ hash: Hex } | null>(anvilUrl, 'eth_getBlockByNumber', [
    `0x${number.toString(16)}`,
    false,
  ]);
  return block?.hash;
}
