import { randomBytes } from 'node:crypto';
import { type Hex, toHex } from 'viem';
import type { ContractWrite } from '../client/contractWrite.js';
import type { CoreClient } from '../client/createCoreClient.js';
import { type AnySigner, signCredential } from '../client/credentials.js';
import { ProblemResponseError } from '../client/errors.js';
import { paginate } from '../client/paginate.js';
import type { Attribute } from '../client/responses.js';
import type { Receipt } from '../client/writeContract.js';
import { ISSUER_TYPES } from '../identity/issuerTypes.js';
import { toSchemaIdHex, toSchemaIdMultibase } from '../registries/schemas-registry/ids.js';
import { CliPreconditionError, CliUsageError, type Output } from './output.js';
import { getIfFound } from './preconditions.js';

// Accrediting and revoking issuers in the default Trusted Issuers Registry, as the Root TAO
// (`admin`) or as a TAO (`wallet issuer`): what both check first, then what both send.

/** What an accreditor accredits: the issuer type and the credential type that carries it. */
export const ACCREDITATIONS = {
  TAO: {
    issuerType: ISSUER_TYPES.indexOf('TAO'),
    credentialType: 'VerifiableAccreditationToAccredit',
  },
  TI: { issuerType: ISSUER_TYPES.indexOf('TI'), credentialType: 'VerifiableAccreditationToAttest' },
} as const;

export type AccreditedRole = keyof typeof ACCREDITATIONS;

/** `--types A,B` and `--schema S` of the accrediting commands: what the issuer may sign. */
export type AccreditOptions = { types: string | undefined; schema: string | undefined };

type Context = { client: CoreClient; output: Output };

/** Sends one Trusted Issuers Registry write as a named step, as the accreditor. */
export type SendIssuersWrite = (
  step: string,
  write: ContractWrite<'issuers-registry'>,
) => Promise<Receipt>;

/** One attribute of an issuer, with its latest revision. */
type IssuerAttribute = { id: Hex; attribute: Attribute['attribute'] };

/** `TAO|TI`, or a usage error naming the command. */
export function parseRole(value: string | undefined, usage: string): AccreditedRole {
  if (value === 'TAO' || value === 'TI') return value;
  throw new CliUsageError(
    value === undefined ? usage : `${usage}: "${value}" is neither TAO nor TI`,
  );
}

/**
 * `accreditedFor` of an accreditation from `--types A,B` and `--schema S`: the credentials the
 * issuer may sign (all of `types`, under schema `S` when given); none when neither is given.
 */
export function parseAccreditedFor(
  types: string | undefined,
  schema: string | undefined,
): { types: string[]; schemaId?: string }[] | undefined {
  if (types === undefined) {
    if (schema !== undefined)
      throw new CliUsageError('--schema restricts --types: give the types it is for');
    return undefined;
  }
  const list = types.split(',').map((type) => type.trim());
  if (list.some((type) => !/^[A-Za-z][\w-]*$/.test(type)))
    throw new CliUsageError(
      `--types is a comma-separated list of credential types, not "${types}"`,
    );
  const schemaId = parseSchemaOption(schema);
  return [{ types: list, ...(schemaId === undefined ? {} : { schemaId }) }];
}

/** `--schema S` as the multibase schema id `z…` (given as such or as 0x + 64 hex digits). */
export function parseSchemaOption(schema: string | undefined): string | undefined {
  if (schema === undefined) return undefined;
  const schemaIdHex = toSchemaIdHex(schema);
  if (schemaIdHex === undefined)
    throw new CliUsageError(
      `--schema is a schema id (multibase z… or 0x + 64 hex digits), not "${schema}"`,
    );
  return toSchemaIdMultibase(schemaIdHex);
}

/**
 * The attributes of `did` in the Trusted Issuers Registry with their latest revision; none when it
 * is not an issuer.
 */
export async function getIssuerAttributes(
  client: CoreClient,
  did: string,
): Promise<IssuerAttribute[]> {
  const path = `/v1/issuers-registry/issuers/${did}/attributes`;
  const attributes: IssuerAttribute[] = [];
  try {
    for await (const { id } of paginate<{ id: Hex }>(client, path))
      attributes.push({ id, attribute: (await client.get<Attribute>(`${path}/${id}`)).attribute });
  } catch (error) {
    if (error instanceof ProblemResponseError && error.status === 404) return [];
    throw error;
  }
  return attributes;
}

/**
 * The attribute that makes `did` an accreditor: a Root TAO attribute, or a TAO attribute it
 * accepted (a reserved one holds no accreditation yet, and a verifier would not follow it).
 * @throws {CliPreconditionError} when it has none.
 */
function findAccreditorAttribute(
  { client, output }: Context,
  did: string,
): Promise<IssuerAttribute> {
  return output.step(`Check that ${did} is a TAO or the Root TAO`, async () => {
    const attributes = await getIssuerAttributes(client, did);
    const found = attributes.find(
      ({ attribute }) =>
        attribute.issuerType === 'RootTAO' ||
        (attribute.issuerType === 'TAO' && attribute.body !== ''),
    );
    if (found) return found;
    const held = attributes.map(({ attribute }) => attribute.issuerType).join(', ');
    throw new CliPreconditionError(
      `${did} is not a TAO${held ? ` (its attributes: ${held}, none an accepted TAO)` : ' (it is not in the Trusted Issuers Registry)'}: only a TAO or the Root TAO accredits, and a TAO accepts its own accreditation first ("wallet issuer accept")`,
    );
  });
}

/**
 * Checks that `did` is registered in the DID Registry.
 * @throws {CliPreconditionError} when it is not.
 */
function assertRegistered({ client, output }: Context, did: string): Promise<void> {
  return output.step(`Check that ${did} is registered`, async () => {
    if (!(await getIfFound(client, `/v1/did-registry/identifiers/${did}`)))
      throw new CliPreconditionError(
        `${did} is not registered in the DID Registry: it registers first ("admin onboard", then "wallet register")`,
      );
  });
}

/**
 * Checks that the schema an accreditation is restricted to exists.
 * @throws {CliPreconditionError} when it does not.
 */
export function assertSchemaExists({ client, output }: Context, schemaId: string): Promise<void> {
  return output.step(`Find schema ${schemaId}`, async () => {
    if (!(await getIfFound(client, `/v1/schemas-registry/schemas/${schemaId}`)))
      throw new CliPreconditionError(`Schema ${schemaId} is not in the Trusted Schemas Registry`);
  });
}

/**
 * Checks first that the accreditor is a TAO or the Root TAO, that it has a key to sign with, that
 * `did` is registered and that the schema exists; then reserves a TAO or TI attribute for `did`
 * under the accreditor's attribute and signs the accreditation that lets `did` accept it
 * ("wallet issuer accept").
 */
export async function accreditIssuer(
  context: Context,
  parameters: {
    accreditor: string;
    /** The signer of the accreditation: a key of the accreditor's DID that is an `assertionMethod`. */
    readSigner: () => Promise<AnySigner>;
    did: string;
    role: AccreditedRole;
    accreditedFor: ReturnType<typeof parseAccreditedFor>;
    send: SendIssuersWrite;
  },
) {
  const { did, role, accreditedFor } = parameters;
  const accreditorAttribute = await findAccreditorAttribute(context, parameters.accreditor);
  const signer = await parameters.readSigner();
  await assertRegistered(context, did);
  const schemaId = accreditedFor?.[0]?.schemaId;
  if (schemaId !== undefined) await assertSchemaExists(context, schemaId);
  const { issuerType, credentialType } = ACCREDITATIONS[role];
  const attributeId = toHex(randomBytes(32));
  const receipt = await parameters.send(`Reserve ${role} attribute ${attributeId} for ${did}`, {
    registry: 'issuers-registry',
    functionName: 'setAttributeMetadata',
    args: [did, attributeId, issuerType, signer.did, accreditorAttribute.id],
  });
  const credential = await signCredential({
    issuer: signer,
    subject: did,
    type: credentialType,
    claims: { reservedAttributeId: attributeId, ...(accreditedFor ? { accreditedFor } : {}) },
  });
  context.output.result(
    {
      credential,
      did,
      issuerType: role,
      attributeId,
      accreditedBy: signer.did,
      ...(accreditedFor ? { accreditedFor } : {}),
      transactionHash: receipt.transactionHash,
    },
    credential,
  );
}

/**
 * Checks first that `accreditor` is a TAO or the Root TAO, then revokes the attributes of `did`
 * it may revoke (`mayRevoke`): each gets a `Revoked` revision, so that verifiers stop trusting
 * what `did` signed.
 * @throws {CliPreconditionError} when `did` has no such attribute that is not revoked already.
 */
export async function revokeAccreditations(
  context: Context,
  parameters: {
    accreditor: string;
    did: string;
    mayRevoke: (attribute: Attribute['attribute']) => boolean;
    send: SendIssuersWrite;
  },
) {
  const { accreditor, did, send } = parameters;
  const accreditorAttribute = await findAccreditorAttribute(context, accreditor);
  const revocable = await context.output.step(
    `Find the accreditations of ${did} that ${accreditor} may revoke`,
    async () => {
      const attributes = await getIssuerAttributes(context.client, did);
      const found = attributes.filter(
        ({ attribute }) => attribute.issuerType !== 'Revoked' && parameters.mayRevoke(attribute),
      );
      if (found.length > 0) return found;
      throw new CliPreconditionError(
        attributes.length === 0
          ? `${did} has no attribute in the Trusted Issuers Registry: nothing to revoke`
          : `${did} has no accreditation by ${accreditor} that is not revoked already: nothing to revoke`,
      );
    },
  );
  const revoked = [];
  for (const { id, attribute } of revocable) {
    const receipt = await send(`Revoke ${attribute.issuerType} attribute ${id} of ${did}`, {
      registry: 'issuers-registry',
      functionName: 'setAttributeMetadata',
      args: [did, id, ISSUER_TYPES.indexOf('Revoked'), accreditor, accreditorAttribute.id],
    });
    revoked.push({
      attributeId: id,
      was: attribute.issuerType,
      transactionHash: receipt.transactionHash,
    });
  }
  context.output.result(
    {
      did,
      revokedBy: accreditor,
      revoked,
      transactionHashes: revoked.map((r) => r.transactionHash),
    },
    `${did}: ${revoked.map(({ was, attributeId }) => `${was} attribute ${attributeId}`).join(', ')} revoked by ${accreditor}`,
  );
}
