import type { Address } from 'viem';
import type { JwsAlgorithm } from '../identity/verifyJwsSignature.js';
import type { ScopeName, ScopeRequest } from './scopes.js';

/** A credential requirement: the DCQL query id (the `vp_token` key) and the accepted types. */
export type CredentialRequirement = {
  id: 'self_attestation' | 'onboarding' | 'accreditation' | 'invoke_authorisation';
  /** Alternatives: a credential must have one of these types. */
  types: readonly string[];
};

export const SELF_ATTESTATION = {
  id: 'self_attestation',
  types: ['SelfAttestation'],
} as const satisfies CredentialRequirement;
export const ONBOARDING = {
  id: 'onboarding',
  types: ['VerifiableAuthorisationToOnboard'],
} as const satisfies CredentialRequirement;
export const ACCREDITATION = {
  id: 'accreditation',
  types: [
    'VerifiableAccreditationToAccredit',
    'VerifiableAccreditationToAttest',
    'VerifiableAuthorisationForTrustChain',
  ],
} as const satisfies CredentialRequirement;
export const INVOKE_AUTHORISATION = {
  id: 'invoke_authorisation',
  types: ['VerifiableAuthorisationToInvoke'],
} as const satisfies CredentialRequirement;

/**
 * The one credential a scope request needs (combinable scopes share the self-attestation). An
 * operator invoking a governance contract (`governance`: the Safe and the timelock) presents a
 * self-attestation: being one of the Safe's owners is what entitles it.
 */
export function toCredentialRequirement(
  request: ScopeRequest,
  governance: readonly Address[] = [],
): CredentialRequirement {
  const [first] = request.scopes;
  if (first?.name === 'ledger:invoke' && isGovernanceContract(first.instance, governance)) {
    return SELF_ATTESTATION;
  }
  switch (first?.name) {
    case 'did-registry:invite':
      return ONBOARDING;
    case 'issuers-registry:invite':
      return ACCREDITATION;
    case 'ledger:invoke':
      return INVOKE_AUTHORISATION;
    default:
      return SELF_ATTESTATION;
  }
}

/** Algorithms accepted for the presentation: ES256K only where the holder's key must be an Ethereum key. */
export function presentationAlgorithms(request: ScopeRequest): readonly JwsAlgorithm[] {
  const strict: ScopeName[] = ['did-registry:invite', 'track-and-trace:authorise'];
  return request.scopes.some((scope) => strict.includes(scope.name))
    ? ['ES256K']
    : ['ES256', 'ES256K'];
}

/** Algorithms accepted for credentials, whatever the scope (SPEC.md §5.4.3). */
export const CREDENTIAL_ALGORITHMS: readonly JwsAlgorithm[] = ['ES256', 'ES256K'];

/**
 * The DCQL query document of `GET /v1/auth/dcql-queries`: one `jwt_vc_json` credential query for
 * the scope's requirement, and the accepted presentation algorithms under both their SPEC name
 * (`alg_values_supported`) and their OpenID4VP 1.0 name (`alg_values`).
 * - Spec: SPEC.md §2.5, §5.4
 * - Design: DESIGN.md §6
 */
export function buildDcqlDocument(request: ScopeRequest, governance: readonly Address[] = []) {
  const requirement = toCredentialRequirement(request, governance);
  const algorithms = [...presentationAlgorithms(request)];
  const invoke =
    requirement === INVOKE_AUTHORISATION
      ? request.scopes.find((scope) => scope.name === 'ledger:invoke')
      : undefined;
  const claims = [
    { path: ['credentialSubject', 'id'] },
    ...(requirement === ACCREDITATION
      ? [{ path: ['credentialSubject', 'reservedAttributeId'] }]
      : []),
    ...(invoke?.instance
      ? [{ path: ['credentialSubject', 'contractAddress'], values: [invoke.instance] }]
      : []),
  ];
  return {
    scope: request.scope,
    dcql_query: {
      credentials: [
        {
          id: requirement.id,
          format: 'jwt_vc_json' as const,
          meta: { type_values: requirement.types.map((type) => [type]) },
          claims,
        },
      ],
    },
    client_metadata: {
      vp_formats_supported: {
        jwt_vc_json: { alg_values_supported: algorithms, alg_values: algorithms },
      },
    },
  };
}

/** Whether `address` is one of the governance's contracts (case-insensitive). */
export function isGovernanceContract(
  address: string | undefined,
  governance: readonly Address[],
): boolean {
  return (
    address !== undefined &&
    governance.some((known) => known.toLowerCase() === address.toLowerCase())
  );
}
