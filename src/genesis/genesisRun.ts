import type { LocalAccount } from 'viem';
import type { LedgerClient } from '../ledger/createLedgerClient.js';
import { type Burst, createBurst } from '../ledger/sendBurst.js';
import type { Operator } from './operator.js';

/** What every genesis step works with. */
export type GenesisRun = {
  ledger: LedgerClient;
  operator: Operator;
  signer: LocalAccount;
  chainId: number;
  log: (message: string) => void;
};

/** A burst of transactions from the operator, at its next nonce. */
export async function burstOf(context: GenesisRun): Promise<Burst> {
  return createBurst(context.ledger, context.signer, context.chainId);
}
