import type { ChainLink } from '../client/verify/trustReport.js';

/** The TRQP version these routes speak (ToIP TRQP v2.0, HTTPS binding). */
export const TRQP_VERSION = '2.0';

/**
 * The `action` values this registry answers, and the roles an entity may hold for each: `issue`
 * is what a credential's issuer must be (a Trusted Issuer, a TAO or the Root TAO), `accredit` what
 * an accreditor above it must be (a TAO or the Root TAO). Both need an accreditation covering the
 * `resource`, up a chain to a Root TAO.
 * - Design: docs/trqp.md
 */
export const TRQP_ACTIONS = {
  issue: {
    roles: ['TI', 'TAO', 'RootTAO'],
    description:
      'May issue credentials of the resource: a Trusted Issuer, TAO or Root TAO whose accreditation covers it, up an unbroken chain to a Root TAO',
  },
  accredit: {
    roles: ['TAO', 'RootTAO'],
    description:
      'May accredit others to issue the resource: a TAO or Root TAO whose accreditation to accredit covers it, up an unbroken chain to a Root TAO',
  },
} as const satisfies Record<string, { roles: readonly ChainLink['role'][]; description: string }>;

export type TrqpAction = keyof typeof TRQP_ACTIONS;

/** Whether `action` is one this registry answers. */
export function isTrqpAction(action: string): action is TrqpAction {
  return Object.hasOwn(TRQP_ACTIONS, action);
}

/** What a `resource` names, in the words of the vocabulary the node publishes. */
export const TRQP_RESOURCE =
  'A credential type (e.g. "VerifiableDiploma"), or a Schemas Registry schema id (z… or 0x…) or URL: covered as the verifier covers a credential of that one type, or naming that one schema';

/** What an `authority_id` may be. */
export const TRQP_AUTHORITY =
  "The did:core DID of a TAO or Root TAO of this Issuers Registry; the answer is true when it is one of the entity's accreditors (the Root TAO of its chain included), or the entity itself when that is a Root TAO";
