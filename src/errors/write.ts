import type { Address } from 'viem';
import { CoreError } from './base.js';

/** Why the write gate refused a transaction, with the values each reason names. */
export type WriteRefusal =
  | { reason: 'target'; to: Address }
  | { reason: 'function'; contractName: string; functionName?: string }
  | { reason: 'scope'; scopes: readonly string[]; instance: Address; functionName: string }
  | { reason: 'arguments'; detail: string }
  | {
      reason: 'signer';
      sender: Address;
      holder?: string;
      key: 'registered' | 'holder' | 'controller';
    };

/**
 * The write gate refuses an `eth_sendRawTransaction`: the target, the function, the token's scopes,
 * the arguments or the signer do not satisfy the write rules. JSON-RPC -32600.
 * - Spec: SPEC.md §4.3, §4.4, §7.3
 */
export class WriteRefusedError extends CoreError {
  static readonly code = 'CORE_ERR_WRITE_REFUSED';
  readonly code = WriteRefusedError.code;
  readonly refusal: WriteRefusal;

  constructor(refusal: WriteRefusal, options: { cause?: unknown } = {}) {
    super(describe(refusal), options);
    this.refusal = refusal;
  }
}

function describe(refusal: WriteRefusal): string {
  switch (refusal.reason) {
    case 'target':
      return `The transaction targets ${refusal.to}, which is no registry instance and not named by the token`;
    case 'function':
      return refusal.functionName === undefined
        ? `The transaction calls no function of the ${refusal.contractName}`
        : `"${refusal.functionName}" of the ${refusal.contractName} cannot be called through /v1/ledger`;
    case 'scope':
      return `Missing scope: "${refusal.scopes.join('" or "')}" for ${refusal.instance} is needed to call "${refusal.functionName}"`;
    case 'arguments':
      return `Invalid arguments: ${refusal.detail}`;
    case 'signer':
      switch (refusal.key) {
        case 'registered':
          return `The sender ${refusal.sender} is not the key being registered`;
        case 'holder':
          return `The sender ${refusal.sender} is not the key of the token holder "${refusal.holder}"`;
        case 'controller':
          return `The sender ${refusal.sender} is not a capabilityInvocation key of the token holder "${refusal.holder}"`;
      }
  }
}
