import { randomBytes } from 'node:crypto';
import { type Hex, toHex } from 'viem';
import type { CoreClient } from '../client/createCoreClient.js';
import { createCredential } from '../client/credentials.js';
import { paginate } from '../client/paginate.js';
import { ISSUER_TYPES } from '../identity/issuerTypes.js';
import type { AdminContext } from './adminContext.js';
import { parseDidArgument } from './didArgument.js';
import { readOperatorSigner, sendAsOperator } from './operatorSteps.js';
import { CliPreconditionError, CliUsageError } from './output.js';

/** What the operator (RootTAO) accredits: the issuer type and the credential type that carries it. */
const ACCREDITATIONS = {
  TAO: {
    issuerType: ISSUER_TYPES.indexOf('TAO'),
    credentialType: 'VerifiableAccreditationToAccredit',
  },
  TI: { issuerType: ISSUER_TYPES.indexOf('TI'), credentialType: 'VerifiableAccreditationToAttest' },
} as const;

/**
 * `admin accredit <did> [TAO|TI]`: reserves an attribute for the DID in the default Issuers
 * Registry and issues the accreditation credential that lets it accept it.
 */
export async function accredit([value, as = 'TAO', ...extra]: string[], context: AdminContext) {
  const usage = 'admin accredit takes a did:core v1 and TAO (default) or TI';
  if (!(as in ACCREDITATIONS) || extra.length > 0) throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  if (context.contractAddress)
    throw new CliUsageError('admin accredit works on the default Trusted Issuers Registry only');
  const { issuerType, credentialType } = ACCREDITATIONS[as as keyof typeof ACCREDITATIONS];
  const operator = await readOperatorSigner(context.operatorKeyPath);
  const rootAttributeId = await context.output.step("Find the operator's RootTAO attribute", () =>
    firstAttributeOf(context.client, operator.did),
  );
  const attributeId = toHex(randomBytes(32));
  const receipt = await sendAsOperator(context, {
    step: `Reserve ${as} attribute ${attributeId} for ${did}`,
    registry: 'issuers-registry',
    functionName: 'setAttributeMetadata',
    args: [did, attributeId, issuerType, operator.did, rootAttributeId],
  });
  const credential = createCredential({
    issuer: operator,
    subject: did,
    type: credentialType,
    claims: { reservedAttributeId: attributeId },
  });
  context.output.result(
    { credential, did, issuerType: as, attributeId, transactionHash: receipt.transactionHash },
    credential,
  );
}

/** The first attribute of an issuer (the operator has one: its RootTAO attribute). */
async function firstAttributeOf(client: CoreClient, did: string): Promise<Hex> {
  for await (const { id } of paginate<{ id: Hex }>(
    client,
    `/v1/issuers-registry/issuers/${did}/attributes`,
  ))
    return id;
  throw new CliPreconditionError(`${did} has no attribute in the Trusted Issuers Registry`);
}
