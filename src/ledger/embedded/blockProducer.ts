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
  stop(): void;
};

export type BlockProducerParameters = {
  intervalMs: number;
  trailingBlocks: number;
  trailingMs: number;
  mine(): Promise<void>;
  onError(error: unknown): void;
};

export function createBlockProducer(parameters: BlockProducerParameters): BlockProducer {
  const { intervalMs, trailingBlocks, trailingMs, mine, onError } = parameters;
  let remaining = 0;
  let until = 0;
  const busy = () => remaining > 0 || Date.now() < until;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function arm() {
    if (timer || stopped || !busy()) return;
    timer = setTimeout(tick, intervalMs);
  }

  async function tick() {
    remaining -= 1;
    try {
      await mine();
    } catch (error) {
      onError(error);
    }
    timer = undefined;
    arm();
  }

  return {
    noteWork() {
      remaining = trailingBlocks + 1;
      until = Date.now() + trailingMs;
      arm();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
