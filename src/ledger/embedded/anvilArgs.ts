/** Settings of the embedded ledger process. */
export type AnvilSettings = {
  /** Port to bind on 127.0.0.1; 0 lets the OS choose. */
  port: number;
  chainId: number;
  /**
   * Historical states kept in memory besides the head's (default: none). Each is a whole copy of
   * the state: with 256 of them, 20,000 DIDs took 6.6 GiB. Without any, `eth_call` at an earlier
   * block fails with `BlockOutOfRangeError`, and the node's readers move to the new head.
   */
  historyStates?: number;
  /** Blocks anvil keeps whole (default {@link TRANSACTION_BLOCKS_KEPT}); 0 keeps every block. */
  transactionBlocksKept?: number;
};

/**
 * Blocks whose transactions and receipts anvil keeps in memory, and in every checkpoint (each
 * transaction with its call traces: 6.4 KiB in a checkpoint, measured; with 64 blocks of a few
 * hundred transactions they were 70 % of it). Older ones are served from the node's archive
 * (archive.ts), which takes each block as it is mined, before the next one.
 */
export const TRANSACTION_BLOCKS_KEPT = 4;

/**
 * Command-line arguments for anvil: loopback only, free gas (base fee 0, gas price 0, no
 * minimum tip), no pre-funded dev accounts, and no mining or state files of its own: the
 * supervisor mines (journaled first) and writes the checkpoints (DESIGN.md §11).
 * - Design: DESIGN.md §1, §2; reference/ledger-stack.md §7
 */
export function toAnvilArgs(settings: AnvilSettings): string[] {
  return [
    '--host',
    '127.0.0.1',
    '--port',
    String(settings.port),
    '--chain-id',
    String(settings.chainId),
    '--hardfork',
    'cancun',
    '--no-mining',
    // Without the flag anvil spills every state to disk (DESIGN.md §2).
    '--prune-history',
    ...(settings.historyStates ? [String(settings.historyStates)] : []),
    ...((settings.transactionBlocksKept ?? TRANSACTION_BLOCKS_KEPT) > 0
      ? [
          '--transaction-block-keeper',
          String(settings.transactionBlocksKept ?? TRANSACTION_BLOCKS_KEPT),
        ]
      : []),
    '--base-fee',
    '0',
    '--gas-price',
    '0',
    '--disable-min-priority-fee',
    '--gas-limit',
    '1000000000',
    '--accounts',
    '0',
    '--no-cors',
    // A checkpoint is loaded over JSON-RPC (`anvil_loadState`), often above anvil's 2 MB; what
    // others send reaches anvil through the front, whose own limit stays (ledgerFront.ts).
    '--no-request-size-limit',
  ];
}
