/** Settings of the embedded ledger process. */
export type AnvilSettings = {
  /** Port to bind on 127.0.0.1; 0 lets the OS choose. */
  port: number;
  chainId: number;
  /** Seconds between blocks; fractions allowed. */
  blockTime: number;
  /** File anvil loads at start and dumps its state into. */
  statePath: string;
  /** Seconds between periodic state dumps. */
  stateInterval: number;
};

/**
 * Historical states kept in memory. A bare `--prune-history` keeps only the latest state, so
 * `eth_call` at any earlier block fails, which breaks block-pinned reads; without the flag anvil
 * spills every state to disk (DESIGN.md §2).
 */
export const ANVIL_HISTORY_STATES = 256;

/**
 * Command-line arguments for anvil: loopback only, free gas (base fee 0, gas price 0, no
 * minimum tip), interval mining, no pre-funded dev accounts, state persisted in the data dir.
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
    '--block-time',
    String(settings.blockTime),
    '--prune-history',
    String(ANVIL_HISTORY_STATES),
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
    '--state',
    settings.statePath,
    '--state-interval',
    String(settings.stateInterval),
  ];
}
