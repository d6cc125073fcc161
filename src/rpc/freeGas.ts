import type { LedgerCall, LedgerOutcome } from '../ledger/jsonRpc.js';

/**
 * Gas is free on every core-registry network and senders hold no balance (DESIGN.md §4), so the
 * node answers the fee methods itself, whatever the ledger behind it says: anvil answers
 * `eth_maxPriorityFeePerGas` with 1 gwei even with `--disable-min-priority-fee`, and a client
 * that believes it (viem's and ethers' default fee logic) signs a transaction its sender cannot
 * pay for.
 */
const ZERO = '0x0';

/** Fee quotes answered without asking the ledger. */
const LOCAL_ANSWERS: Readonly<Record<string, unknown>> = {
  eth_gasPrice: ZERO,
  eth_maxPriorityFeePerGas: ZERO,
};

/** Fields of a call object that make the ledger check the sender's balance. */
const FEE_FIELDS = ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const;

/** The answer to a fee quote, or `undefined` when the method is not one. */
export function toLocalFeeAnswer(method: string): { result: unknown } | undefined {
  return Object.hasOwn(LOCAL_ANSWERS, method) ? { result: LOCAL_ANSWERS[method] } : undefined;
}

/**
 * The call the ledger gets: `eth_call`, `eth_estimateGas` and `eth_createAccessList` lose their fee fields, so a
 * zero-balance sender simulates exactly as its gas-free transaction will run.
 */
export function toFreeGasCall(method: string, params: readonly unknown[]): LedgerCall {
  if (method !== 'eth_call' && method !== 'eth_estimateGas' && method !== 'eth_createAccessList')
    return { method, params };
  const [call, ...rest] = params;
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return { method, params };
  if (!FEE_FIELDS.some((field) => field in call)) return { method, params };
  const stripped: Record<string, unknown> = { ...call };
  for (const field of FEE_FIELDS) delete stripped[field];
  return { method, params: [stripped, ...rest] };
}

/** The ledger's answer as the client gets it: `eth_feeHistory` quotes zero fees. */
export function toFreeGasOutcome(method: string, outcome: LedgerOutcome): LedgerOutcome {
  if (method !== 'eth_feeHistory' || !('result' in outcome)) return outcome;
  const { result } = outcome;
  if (typeof result !== 'object' || result === null) return outcome;
  const history = result as Record<string, unknown>;
  return {
    result: {
      ...history,
      ...zeroed(history, 'baseFeePerGas'),
      ...(Array.isArray(history.reward)
        ? {
            reward: history.reward.map((percentiles: unknown) =>
              Array.isArray(percentiles) ? percentiles.map(() => ZERO) : percentiles,
            ),
          }
        : {}),
    },
  };
}

function zeroed(history: Record<string, unknown>, field: string): Record<string, unknown> {
  const values = history[field];
  return Array.isArray(values) ? { [field]: values.map(() => ZERO) } : {};
}
