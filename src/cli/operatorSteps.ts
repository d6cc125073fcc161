import type { LocalAccount } from 'viem/accounts';
import type { ContractWrite } from '../client/contractWrite.js';
import type { AnySigner } from '../client/credentials.js';
import { type OperatorKeySetting, openOperator } from '../genesis/operator.js';
import type { AdminContext } from './adminContext.js';
import { writeScopeOf } from './instance.js';
import { CliUsageError } from './output.js';
import { requestTokenStep, writeStep } from './steps.js';

/** A registry write an admin command makes, with its step: what it does, in words. */
export type PlannedWrite = ContractWrite & { step: string };

/** One write of the operator through the API: a token for the registry's write scope, then the transaction. */
export async function sendAsOperator(context: AdminContext, write: PlannedWrite) {
  return sendAs(context, await readOperatorSigner(context.operatorKey), write);
}

/** {@link sendAsOperator} signed by `signer`: the operator's key, or the key it hands over to. */
export async function sendAs(
  { client, output, contractAddress }: AdminContext,
  operator: AnySigner & { account: LocalAccount },
  write: PlannedWrite,
) {
  const scope = writeScopeOf(write.registry, contractAddress);
  const accessToken = await requestTokenStep({ client, output }, operator, scope);
  const { step, ...call } = write;
  return writeStep({ client, output }, step, {
    ...call,
    account: operator.account,
    accessToken,
    ...(contractAddress ? { contractAddress } : {}),
  });
}

/**
 * The operator as a signer: its did:core, the key's account and its JWS signer, wherever the key
 * lives; or a usage error saying where admin commands must run.
 */
export function readOperatorSigner(setting: OperatorKeySetting) {
  return openOperator(setting, { create: false }).catch((error: unknown) => {
    throw new CliUsageError(
      `Cannot use the operator key ${setting.key} (${(error as Error).message}): run admin commands where the node's data directory is, or pass --operator-key`,
    );
  });
}
