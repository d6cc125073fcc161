/**
 * Produces blocks only while there is work: a block every interval while transactions arrive,
 * then `trailingBlocks` more so that commit–reveal maturities (5 blocks) pass without new
 * transactions. An idle ledger mines nothing, so it neither grows nor writes.
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
  mine(): Promise<void>;
  onError(error: unknown): void;
};

export function createBlockProducer(parameters: BlockProducerParameters): BlockProducer {
  const { intervalMs, trailingBlocks, mine, onError } = parameters;
  let remaining = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function arm() {
    if (timer || stopped || remaining <= 0) return;
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
      arm();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
