import type { ContractWrite } from '../client/contractWrite.js';
import { createDidCoreSigner } from '../client/signers.js';
import { readOperator } from '../genesis/operator.js';
import type { AdminContext } from './adminContext.js';
import { writeScopeOf } from './instance.js';
import { CliUsageError } from './output.js';
import { requestTokenStep, requireAccount, writeStep } from './steps.js';

/** One write of the operator through the API: a token for the registry's write scope, then the transaction. */
export async function sendAsOperator(
  { client, output, operatorKeyPath, contractAddress }: AdminContext,
  write: ContractWrite & { step: string },
) {
  const operator = await readOperatorSigner(operatorKeyPath);
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

/** The operator as a signer: its did:core and its secp256k1 key, with the key's account. */
export async function readOperatorSigner(path: string) {
  const { did, privateKeyJwk } = await readOperatorOf(path);
  const signer = await createDidCoreSigner({ did, privateKeyJwk });
  return { ...signer, account: requireAccount(signer) };
}

/** The operator file, or a usage error saying where admin commands must run. */
export function readOperatorOf(path: string) {
  return readOperator(path).catch((error: unknown) => {
    throw new CliUsageError(
      `Cannot use the operator key ${path} (${(error as Error).message}): run admin commands where the node's data directory is, or pass --operator-key`,
    );
  });
}
