import { RpcError, type RpcErrorObject } from '../errors/rpc.js';
import type { ReadSender } from '../ledger/coalesceReads.js';
import { type Head, toHead } from '../ledger/createHeadTracker.js';
import type { LedgerClient } from '../ledger/createLedgerClient.js';
import type { LedgerCall, LedgerOutcome } from '../ledger/jsonRpc.js';
import { sendWritesInOrder } from '../ledger/sendWritesInOrder.js';
import { checkReadParams } from './checkReadParams.js';
import { toFreeGasCall, toFreeGasOutcome, toLocalFeeAnswer } from './freeGas.js';
import { batchGasExceeded, capCallGas, type GasLimits } from './gasCap.js';
import { classifyMethod } from './methods.js';
import type { JsonRpcId, RpcPayload, RpcRequest } from './parseRpcPayload.js';
import { toRpcError, toRpcErrorResponse } from './toRpcError.js';
import type { RequestWriteGate } from './writeGate/createWriteGate.js';

/** A JSON-RPC response object. */
export type RpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: RpcErrorObject };

/** What the endpoint answers: a response, a batch of them, or nothing (only notifications). */
export type RpcReply = RpcResponse | RpcResponse[] | undefined;

export type HandleRpcContext = {
  ledger: LedgerClient;
  /** Sends reads merged with those of concurrent requests (a payload with a write uses `ledger`). */
  reads: ReadSender;
  /** The write gate of this HTTP request (its `Authorization` header). */
  gate: RequestWriteGate;
  /** What the calls of one request may burn. */
  gas: GasLimits;
  /** Told of each block a relayed receipt names: reads after it see the write. */
  sawBlock?: (head: Head) => void;
  /** Told about failures hidden behind -32603, for the log. */
  onUnexpected?: (error: unknown) => void;
};

/**
 * Answers a parsed payload: structural errors and refused methods locally, allowed calls in one
 * round trip to the ledger (or, with several raw transactions, these one after another: see
 * {@link sendWritesInOrder}). Responses keep the order of the requests; notifications get none.
 * - Spec: SPEC.md §4.3, §7.3
 */
export async function handleRpc(payload: RpcPayload, context: HandleRpcContext): Promise<RpcReply> {
  const outcomes: (LedgerOutcome | undefined)[] = new Array(payload.entries.length);
  const admittedCalls: { index: number; call: LedgerCall; gas: bigint }[] = [];

  await Promise.all(
    payload.entries.map(async (entry, index) => {
      if (!('request' in entry)) return;
      try {
        const admitted = await admit(entry.request, context);
        if ('result' in admitted) outcomes[index] = admitted;
        else admittedCalls.push({ index, ...capCallGas(admitted, context.gas.perCall) });
      } catch (error) {
        outcomes[index] = { error: report(error, context) };
      }
    }),
  );
  // Admission is concurrent; the ledger batch keeps the request order.
  admittedCalls.sort((a, b) => a.index - b.index);
  let gasLeft = context.gas.perBatch;
  const forwarded = admittedCalls.filter(({ index, gas }) => {
    if (gas <= gasLeft) {
      gasLeft -= gas;
      return true;
    }
    outcomes[index] = { error: report(batchGasExceeded(context.gas.perBatch), context) };
    return false;
  });

  if (forwarded.length > 0) {
    try {
      const calls = forwarded.map(({ call }) => call);
      const answers = calls.some((call) => classifyMethod(call.method) === 'write')
        ? await sendWritesInOrder(context.ledger, calls)
        : await context.reads(calls);
      forwarded.forEach(({ index, call }, i) => {
        const answer = answers[i];
        outcomes[index] = answer && toFreeGasOutcome(call.method, answer);
        if (call.method === 'eth_getTransactionReceipt' && answer && 'result' in answer) {
          const { blockNumber, blockHash } = (answer.result ?? {}) as Record<string, unknown>;
          const head = toHead({ number: blockNumber, hash: blockHash });
          if (head) context.sawBlock?.(head);
        }
      });
    } catch (error) {
      const failure = report(error, context);
      for (const { index } of forwarded) outcomes[index] = { error: failure };
    }
  }

  const responses: RpcResponse[] = [];
  payload.entries.forEach((entry, index) => {
    if ('error' in entry) {
      responses.push(toRpcErrorResponse(entry.error, entry.id));
      return;
    }
    const { id } = entry.request;
    const outcome = outcomes[index];
    if (id === undefined || outcome === undefined) return;
    responses.push({ jsonrpc: '2.0', id, ...outcome });
  });

  if (payload.batch) return responses.length > 0 ? responses : undefined;
  return responses[0];
}

/**
 * Decides whether one request goes to the ledger (and as which call) or is answered here;
 * throws the error it is answered with.
 */
async function admit(
  request: RpcRequest,
  context: HandleRpcContext,
): Promise<LedgerCall | { result: unknown }> {
  const kind = classifyMethod(request.method);
  if (kind === 'unknown') {
    throw new RpcError(
      'METHOD_NOT_FOUND',
      `Method not found: "${truncate(request.method)}" does not exist or is not available`,
    );
  }
  if (!Array.isArray(request.params)) {
    throw new RpcError('INVALID_PARAMS', `Invalid params: "${request.method}" takes an array`);
  }
  if (kind === 'write') await context.gate.admit(request.params);
  else checkReadParams(request.method, request.params);
  return toLocalFeeAnswer(request.method) ?? toFreeGasCall(request.method, request.params);
}

function report(error: unknown, context: HandleRpcContext): RpcErrorObject {
  const { error: body, unexpected } = toRpcError(error);
  if (unexpected) context.onUnexpected?.(error);
  return body;
}

function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
