import { RpcError } from '../errors/rpc.js';
import type { LedgerCall } from '../ledger/jsonRpc.js';

/** How much gas the calls an unauthenticated client sends may burn. */
export type GasLimits = {
  /** Gas of one `eth_call`, `eth_estimateGas` or `eth_createAccessList` (as Besu's `--rpc-gas-cap`). */
  perCall: bigint;
  /** Gas of all such calls of one batch together. */
  perBatch: bigint;
};

/** The methods that run a call: each burns the ledger's gas. */
const METERED = new Set(['eth_call', 'eth_estimateGas', 'eth_createAccessList']);
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,63})$/i;

/**
 * The call the ledger runs, its `gas` capped at `perCall` (and set to it when absent, since the
 * ledger would otherwise allow the block gas limit), with the gas it may burn.
 * - Spec: SPEC.md §4.3
 * @throws {RpcError} `INVALID_PARAMS` when `gas` is not a hex quantity.
 */
export function capCallGas(call: LedgerCall, perCall: bigint): { call: LedgerCall; gas: bigint } {
  const [object, ...rest] = call.params;
  if (
    !METERED.has(call.method) ||
    typeof object !== 'object' ||
    object === null ||
    Array.isArray(object)
  ) {
    return { call, gas: 0n };
  }
  const requested = (object as { gas?: unknown }).gas;
  if (requested !== undefined && (typeof requested !== 'string' || !QUANTITY.test(requested))) {
    throw new RpcError('INVALID_PARAMS', 'Invalid params: "gas" must be a hex quantity');
  }
  const gas = requested === undefined ? perCall : min(BigInt(requested), perCall);
  return {
    call: { method: call.method, params: [{ ...object, gas: `0x${gas.toString(16)}` }, ...rest] },
    gas,
  };
}

/** The error of a batch entry whose call would take the batch past its gas. */
export function batchGasExceeded(perBatch: bigint): RpcError {
  return new RpcError(
    'LIMIT_EXCEEDED',
    `Limit exceeded: the calls of one batch may use at most ${perBatch} gas together; send fewer per batch or give each a lower "gas"`,
  );
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
