import {
  type AccreditOptions,
  accreditIssuer,
  parseAccreditedFor,
  parseRole,
  revokeAccreditations,
  type SendIssuersWrite,
} from './accreditations.js';
import type { AdminContext } from './adminContext.js';
import { parseDidArgument } from './didArgument.js';
import { readOperatorSigner, sendAsOperator } from './operatorSteps.js';
import { CliUsageError } from './output.js';

/**
 * `admin accredit <did> [TAO|TI] [--types …] [--schema …]`: the Root TAO reserves an attribute
 * for a registered DID in the default Issuers Registry and issues the accreditation credential
 * that lets it accept it.
 */
export async function accredit(
  [value, as = 'TAO', ...extra]: string[],
  context: AdminContext & AccreditOptions,
) {
  const usage = 'admin accredit takes a did:core v1 and TAO (default) or TI';
  if (extra.length > 0) throw new CliUsageError(usage);
  const role = parseRole(as, usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  const accreditedFor = parseAccreditedFor(context.types, context.schema);
  assertDefaultRegistry(context, 'accredit');
  const operator = await readOperatorSigner(context.operatorKey);
  await accreditIssuer(context, {
    accreditor: operator.did,
    readSigner: async () => operator,
    did,
    role,
    accreditedFor,
    send: asOperator(context),
  });
}

/**
 * `admin revoke-accreditation <did>`: the Root TAO revokes every accreditation of `did` in its
 * chain (TAO or TI attributes it or one of its TAOs gave), so that verifiers stop trusting it.
 */
export async function revokeAccreditation([value, ...extra]: string[], context: AdminContext) {
  const usage = 'admin revoke-accreditation takes one did:core v1';
  if (extra.length > 0) throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  assertDefaultRegistry(context, 'revoke-accreditation');
  const operator = await readOperatorSigner(context.operatorKey);
  await revokeAccreditations(context, {
    accreditor: operator.did,
    did,
    mayRevoke: ({ tao, rootTao, issuerType }) =>
      issuerType !== 'RootTAO' && (tao === operator.did || rootTao === operator.did),
    send: asOperator(context),
  });
}

function assertDefaultRegistry({ contractAddress }: AdminContext, command: string) {
  if (contractAddress)
    throw new CliUsageError(`admin ${command} works on the default Trusted Issuers Registry only`);
}

function asOperator(context: AdminContext): SendIssuersWrite {
  return (step, write) => sendAsOperator(context, { step, ...write });
}
