/**
 * Produces blocks only while there is work: a block every interval while transactions arrive,
 * then at least `trailingBlocks` more, for at least `trailingMs`, so that commit–reveal
 * maturities (5 blocks) pass and the chain's clock moves on (a validity window that starts a
 * second after a write opens) without new transactions. An idle ledger mines nothing, so it
 * neither grows nor writes.
 * - Design: DESIGN.md §11
 */
export type BlockProducer = {
  /** A transaction reached the pool. */
  noteWork(): void;
  /** The pool holds a full block: it is mined now, not after the wait. */
  noteFull(): void;
  stop(): void;
};

export type BlockProducerParameters = {
  /** The wait after a block ends before the next begins (see {@link blockWaitMs}). */
  intervalMs(): number;
  /** Whether the pool holds a full block, mined without the wait (unless the last block failed). */
  isFull(): boolean;
  trailingBlocks: number;
  trailingMs: number;
  mine(): Promise<void>;
  onError(error: unknown): void;
};

export function createBlockProducer(parameters: BlockProducerParameters): BlockProducer {
  const { intervalMs, isFull, trailingBlocks, trailingMs, mine, onError } = parameters;
  let remaining = 0;
  let until = 0;
  const busy = () => remaining > 0 || Date.now() < until;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let mining = false;
  let failed = false;
  const isDueNow = () => isFull() && !failed;

  /** Keeps blocks coming: this one, then the trailing ones. */
  function extend() {
    remaining = trailingBlocks + 1;
    until = Date.now() + trailingMs;
  }

  function arm() {
    if (timer || stopped || !busy()) return;
    timer = setTimeout(tick, isDueNow() ? 0 : intervalMs());
  }

  async function tick() {
    remaining -= 1;
    mining = true;
    try {
      await mine();
      failed = false;
    } catch (error) {
      failed = true;
      onError(error);
    }
    mining = false;
    timer = undefined;
    arm();
  }

  return {
    noteWork() {
      extend();
      arm();
    },
    noteFull() {
      extend();
      // A block being mined re-arms when it ends, and the full pool makes that wait none.
      if (mining || !isDueNow()) return;
      clearTimeout(timer);
      timer = undefined;
      arm();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** How many times a block's making the ledger waits before the next: anvil makes blocks a third of the time at most. */
export const BLOCK_WAIT_FACTOR = 2;
/** The longest wait between blocks while there is work, however long blocks take. */
export const MAX_BLOCK_WAIT_MS = 30_000;

/**
 * The wait after a block: the block time, or, once making a block takes longer than half of it,
 * twice what making a block takes lately (`mineMs`; at most {@link MAX_BLOCK_WAIT_MS}). anvil 1.7 computes the
 * whole state root for every block, so a block costs seconds at 50,000 DIDs however few
 * transactions it holds, and anvil answers nothing meanwhile. Fewer, fuller blocks then leave
 * anvil free for reads two thirds of the time, and cut what the journal replays after a crash,
 * hence how often the whole state is checkpointed; receipts come later in exchange.
 */
export function blockWaitMs(blockTimeMs: number, mineMs: number): number {
  return Math.max(blockTimeMs, Math.min(BLOCK_WAIT_FACTOR * mineMs, MAX_BLOCK_WAIT_MS));
}
