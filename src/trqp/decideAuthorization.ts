import { followAccreditationChain } from '../client/verify/checkAccreditation.js';
import { toSchemaReference } from '../client/verify/checkSchema.js';
import type { RegistryReads } from '../client/verify/createRegistryReads.js';
import { ResourceNotFoundError } from '../errors/notFound.js';
import { isDidCoreV1 } from '../identity/didCore.js';
import { TRQP_ACTIONS, type TrqpAction } from './vocabulary.js';

/** A TRQP authorization query, checked: who, by whom, to do what, on what, as of when. */
export type AuthorizationQuery = {
  entity: string;
  authority: string;
  action: TrqpAction;
  resource: string;
  /** Unix seconds: the instant asked for (`context.time`), or now. */
  at: number;
  /** Whether `at` was asked for: the registry is then read as it stood at that instant. */
  timeTravel: boolean;
};

/** The answer: authorised or not, and which accreditation decided or why none does. */
export type AuthorizationAnswer = { authorized: boolean; message: string };

/**
 * Answers a TRQP authorization query from the Issuers Registry by the verifier's own rule
 * ({@link followAccreditationChain}, the one `verifyCredential` applies): the entity must hold
 * an attribute of a role the action allows whose accreditation covers the resource, up an
 * unbroken chain to a Root TAO, and the authority must be in that chain above it (or be the
 * entity, when it is a Root TAO). With a time asked for, each attribute is read as it stood then.
 * - Design: docs/trqp.md
 * @throws {ResourceNotFoundError} `Authority` when `authority` is not an issuer of this registry.
 */
export async function decideAuthorization(
  reads: RegistryReads,
  query: AuthorizationQuery,
): Promise<AuthorizationAnswer> {
  const { entity, authority, action, resource, at } = query;
  await assertServedAuthority(reads, authority);
  if (!isDidCoreV1(entity))
    return refused(
      `${entity} is not a did:core DID: this registry accredits did:core issuers only`,
    );
  const schema = toSchemaReference(resource);
  const { check, chain } = await followAccreditationChain(
    reads,
    {
      did: entity,
      roles: TRQP_ACTIONS[action].roles,
      rootTao: undefined,
      types: schema ? [] : [resource],
      schemaIds: schema ? [resource] : [],
      at,
    },
    query.timeTravel ? at : undefined,
  );
  if (check.verdict !== 'pass') return refused(check.detail);
  const root = chain.at(-1);
  const byAuthority = chain.findIndex(({ did }) => did === authority);
  if (byAuthority > 0 || (chain.length === 1 && root?.did === authority))
    return { authorized: true, message: `${check.detail}; ${authority} is in the chain` };
  return refused(`${check.detail}; ${authority} is not in the chain above ${entity}`);
}

/** Refuses the query when `authority` is not an issuer of this Issuers Registry (404). */
export async function assertServedAuthority(
  reads: RegistryReads,
  authority: string,
): Promise<void> {
  const served = isDidCoreV1(authority)
    ? await reads.collect(`/v1/issuers-registry/issuers/${authority}/attributes`)
    : undefined;
  if (served?.ok) return;
  throw new ResourceNotFoundError(
    'Authority',
    `${authority} is not an authority of this registry: a TAO or Root TAO of its Issuers Registry`,
  );
}

function refused(message: string): AuthorizationAnswer {
  return { authorized: false, message };
}
