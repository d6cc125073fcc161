import { type Address, getAddress, isAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { CoreClient } from '../client/createCoreClient.js';
import type { DidDocument } from '../client/responses.js';
import { toPublicKeyHex } from '../identity/jwk.js';
import type { AdminContext } from './adminContext.js';
import { parseDidArgument } from './didArgument.js';
import { type PlannedWrite, sendAsOperator } from './operatorSteps.js';
import { CliPreconditionError, CliUsageError } from './output.js';
import { assertPoliciesExist } from './preconditions.js';

/**
 * `admin grant|revoke-policy <subject> <policy>...`: policy attributes of an address, or of each
 * secp256k1 capabilityInvocation key of a did:core. A grant checks first that each policy exists,
 * as the contracts only ever check policies that do.
 */
export async function changeAttributes(
  functionName: AttributeChange,
  args: string[],
  context: AdminContext,
) {
  const { subject, addresses, attributes, writes } = await planAttributeChange(
    functionName,
    args,
    context,
  );
  const receipts = [];
  for (const write of writes) receipts.push(await sendAsOperator(context, write));
  const grant = functionName === 'insertUserAttributes';
  context.output.result(
    { subject, addresses, attributes, transactionHashes: receipts.map((r) => r.transactionHash) },
    `${grant ? 'granted' : 'revoked'} ${attributes.join(', ')} ${grant ? 'to' : 'from'} ${addresses.join(', ')}`,
  );
}

type AttributeChange = 'insertUserAttributes' | 'deleteUserAttributes';

/**
 * The writes of `admin grant|revoke-policy <subject> <policy>...`, one per address of the
 * subject, each named in words: what the operator sends, or proposes to the governance.
 */
export async function planAttributeChange(
  functionName: AttributeChange,
  [subject, ...attributes]: string[],
  context: AdminContext,
): Promise<{
  subject: string;
  addresses: Address[];
  attributes: string[];
  writes: PlannedWrite[];
}> {
  const grant = functionName === 'insertUserAttributes';
  const usage = `admin ${grant ? 'grant' : 'revoke-policy'} takes an address or a did:core v1, and at least one policy`;
  if (subject === undefined || attributes.length === 0) throw new CliUsageError(usage);
  if (!isAddress(subject, { strict: false })) parseDidArgument(subject, ['did:core v1'], usage);
  if (grant) await assertPoliciesExist(context, attributes);
  const addresses = await context.output.step(`Resolve ${subject}`, () =>
    addressesOf(context.client, subject),
  );
  const [verb, preposition] = grant ? ['Grant', 'to'] : ['Revoke', 'from'];
  const writes = addresses.map(
    (address): PlannedWrite => ({
      step: `${verb} ${attributes.join(', ')} ${preposition} ${address}`,
      registry: 'policies-registry',
      functionName,
      args: [address, attributes],
    }),
  );
  return { subject, addresses, attributes, writes };
}

/** An address as is; a DID as the addresses of its secp256k1 capabilityInvocation keys. */
async function addressesOf(client: CoreClient, subject: string): Promise<Address[]> {
  if (isAddress(subject, { strict: false })) return [getAddress(subject)];
  const document = await client.get<DidDocument>(`/v1/did-registry/identifiers/${subject}`);
  const invocation = new Set(document.capabilityInvocation ?? []);
  const addresses = document.verificationMethod
    .filter(({ id, publicKeyJwk }) => invocation.has(id) && publicKeyJwk.crv === 'secp256k1')
    .map(({ publicKeyJwk }) => publicKeyToAddress(toPublicKeyHex(publicKeyJwk)));
  if (addresses.length === 0)
    throw new CliPreconditionError(`${subject} has no secp256k1 capabilityInvocation key`);
  return addresses;
}
