import type { Address } from 'viem';
import { CoreError } from './base.js';

/**
 * Why an address cannot be targeted: nothing is deployed there, a contract of another type is,
 * the Contracts Registry did not deploy it, or it has no DID Registry to resolve its writers.
 */
export type TargetProblem = 'no-contract' | 'wrong-type' | 'unregistered' | 'unlinked';

/**
 * An address named by a request (`contractAddress`, a scope suffix, a transaction's `to`) is not
 * the registry instance the request needs. REST answers 400 `invalid-contract-address`, the token
 * endpoint `invalid_request`, the write gate -32600.
 * - Spec: SPEC.md §4.2.3, §5.3.4
 */
export class InstanceInvalidError extends CoreError {
  static readonly code = 'CORE_ERR_INSTANCE_INVALID';
  readonly code = InstanceInvalidError.code;
  readonly reason: TargetProblem;
  readonly address: Address;
  /** The contract expected there (`DidRegistry`, …); `undefined` when any registered contract does. */
  readonly expected: string | undefined;

  constructor(
    reason: TargetProblem,
    address: Address,
    expected: string | undefined,
    options: { cause?: unknown } = {},
  ) {
    super(describe(reason, address, expected), options);
    this.reason = reason;
    this.address = address;
    this.expected = expected;
  }
}

function describe(reason: TargetProblem, address: Address, expected: string | undefined): string {
  switch (reason) {
    case 'no-contract':
    case 'wrong-type':
      return `The address ${address} is not a ${expected}`;
    case 'unregistered':
      return `The ${expected ? 'instance' : 'contract'} ${address} is not registered in the Contracts Registry`;
    case 'unlinked':
      return `The instance ${address} is not linked to a DID Registry`;
  }
}
