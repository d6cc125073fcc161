import { RpcError } from '../errors/rpc.js';

/**
 * Most blocks one `eth_feeHistory` may span: geth's and Besu's limit. Anvil panics (and the
 * embedded ledger restarts) on a block count past 2^64, so the node checks it first.
 */
export const MAX_FEE_HISTORY_BLOCKS = 1024;
/** Most reward percentiles one `eth_feeHistory` may ask for. */
export const MAX_FEE_HISTORY_PERCENTILES = 100;

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i;

/** Checks of the parameters of read methods whose bad values the ledger does not survive. */
const CHECKS: Readonly<Record<string, (params: readonly unknown[]) => void>> = {
  eth_feeHistory([blockCount, , percentiles]) {
    const count = toSafeInteger(blockCount);
    if (count === undefined || count < 1 || count > MAX_FEE_HISTORY_BLOCKS) {
      throw invalid(`the block count must be a quantity from 1 to ${MAX_FEE_HISTORY_BLOCKS}`);
    }
    if (percentiles === undefined || percentiles === null) return;
    if (
      !Array.isArray(percentiles) ||
      percentiles.length > MAX_FEE_HISTORY_PERCENTILES ||
      !percentiles.every(
        (p, i) => typeof p === 'number' && p >= 0 && p <= 100 && p >= (percentiles[i - 1] ?? 0),
      )
    ) {
      throw invalid(
        `the reward percentiles must be at most ${MAX_FEE_HISTORY_PERCENTILES} increasing numbers from 0 to 100`,
      );
    }
  },
};

/**
 * Refuses the parameters of a read method that would harm the ledger, before it is forwarded.
 * @throws {RpcError} `INVALID_PARAMS`.
 */
export function checkReadParams(method: string, params: readonly unknown[]): void {
  CHECKS[method]?.(params);
}

function toSafeInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !QUANTITY.test(value) || value.length > 16) return undefined;
  return Number.parseInt(value, 16);
}

function invalid(detail: string): RpcError {
  return new RpcError('INVALID_PARAMS', `Invalid params: ${detail}`);
}
