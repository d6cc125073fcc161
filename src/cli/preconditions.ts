import type { Address } from 'viem';
import type { CoreClient } from '../client/createCoreClient.js';
import { ProblemResponseError } from '../client/errors.js';
import { type InstanceOption, readPathOf } from './instance.js';
import { CliPreconditionError, type Output } from './output.js';

// Checks run before a command signs anything, above all before a commit–reveal's wait: each
// reads what the contract would check, through the node's REST API.

type CheckContext = { client: CoreClient; output: Output };

/** A REST read, or `undefined` when the node answers 404 (no such thing). */
export async function getIfFound<T>(client: CoreClient, path: string): Promise<T | undefined> {
  try {
    return await client.get<T>(path);
  } catch (error) {
    if (error instanceof ProblemResponseError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Checks that the account of `holder` holds `policyName`, which the write it is about to send needs.
 * @throws {CliStepError} naming the policy and how the operator grants it.
 */
export function assertPolicyHeld(
  { client, output }: CheckContext,
  { did, account: { address } }: { did: string; account: { address: Address } },
  policyName: string,
): Promise<void> {
  return output.step(`Check that ${did} holds ${policyName}`, async () => {
    const held = await getIfFound(
      client,
      `/v1/policies-registry/subjects/${address}/policies/${encodeURIComponent(policyName)}`,
    );
    if (!held)
      throw new CliPreconditionError(
        `${address}, the key of ${did}, does not hold the policy "${policyName}": the operator grants it with "npx core-registry admin grant ${did} ${policyName}"`,
      );
  });
}

/**
 * Checks that each of `policyNames` is a policy of the Policies Registry (the default one, or the
 * instance `contractAddress`), as the API reads it.
 * @throws {CliStepError} naming the first that is not.
 */
export function assertPoliciesExist(
  { client, output, contractAddress }: CheckContext & InstanceOption,
  policyNames: readonly string[],
): Promise<void> {
  return output.step(`Find ${policyNames.join(', ')} in the Policies Registry`, async () => {
    for (const name of policyNames) {
      const path = `/v1/policies-registry/policies/${encodeURIComponent(name)}`;
      if (!(await getIfFound(client, readPathOf(path, contractAddress))))
        throw new CliPreconditionError(
          `Policy "${name}" is not registered: ${client.baseUrl}${readPathOf('/v1/policies-registry/policies', contractAddress)} lists them`,
        );
    }
  });
}
