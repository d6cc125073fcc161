import { readFile } from 'node:fs/promises';
import { signCredential as signJwtCredential } from '../client/credentials.js';
import { assertSchemaExists, parseSchemaOption } from './accreditations.js';
import { parseDidArgument } from './didArgument.js';
import { CliUsageError } from './output.js';
import { readAssertionSigner } from './walletAssertionSigner.js';
import type { WalletContext } from './walletContext.js';

/** A credential type as VCDM writes them: `DiplomaCredential`, `VerifiableAttestation`. */
const CREDENTIAL_TYPE = /^[A-Za-z][\w-]*$/;

/**
 * `wallet issuer sign <subject> <type> [claims.json] [--schema S]`: a JWT VC about `subject`,
 * signed with the wallet's first `assertionMethod` key. Nothing is sent: `verify` tells whether
 * the registries make it trusted.
 */
export async function signCredential(args: string[], context: WalletContext) {
  const usage = 'wallet issuer sign takes a subject DID, a credential type and [claims.json]';
  const [value, type, claimsFile, ...extra] = args;
  if (extra.length > 0) throw new CliUsageError(usage);
  const subject = parseDidArgument(value, ['did:core v1', 'did:key'], usage);
  if (type === undefined || !CREDENTIAL_TYPE.test(type))
    throw new CliUsageError(`${usage}: "${type ?? ''}" is not a credential type`);
  const claims = claimsFile === undefined ? {} : await readClaims(claimsFile);
  const schemaId = parseSchemaOption(context.schema);
  if (schemaId !== undefined) await assertSchemaExists(context, schemaId);
  const issuer = await readAssertionSigner(context, context.walletPath);
  const credential = await signJwtCredential({
    issuer,
    subject,
    type,
    claims,
    ...(schemaId === undefined
      ? {}
      : {
          credentialSchema: {
            id: `${context.client.baseUrl}/v1/schemas-registry/schemas/${schemaId}`,
            type: 'JsonSchema',
          },
        }),
  });
  context.output.result(
    { credential, issuer: issuer.did, kid: issuer.kid, subject, type },
    credential,
  );
}

/** A JSON object of credentialSubject members; `id` is the subject's, not the file's. */
async function readClaims(path: string): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliUsageError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
  let claims: unknown;
  try {
    claims = JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims) || 'id' in claims)
    throw new CliUsageError(`${path} must hold a JSON object of claims, without "id"`);
  return claims as Record<string, unknown>;
}
