import { type Address, type Hex, isHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { EntitlementRefusedError } from '../errors/auth.js';
import { toPublicKeyHex } from '../identity/jwk.js';
import type { ParsedCredential } from './checkCredential.js';
import { isGovernanceContract } from './dcqlQueries.js';
import type { ScopeTargets } from './resolveScopeTargets.js';
import type { ScopeRequest } from './scopes.js';
import type { ResolvedMethod, TrustSources } from './trustSources.js';

const RESERVED_ATTRIBUTE = 'credentialSubject.reservedAttributeId';

export type EntitlementInput = {
  request: ScopeRequest;
  targets: ScopeTargets;
  holder: string;
  /** The holder's methods (did:core), `undefined` for an invite (not registered yet). */
  holderMethods: readonly ResolvedMethod[] | undefined;
  credential: ParsedCredential;
  trust: TrustSources;
};

/**
 * Checks that the credential entitles the holder to the scope (DESIGN.md §6 table): a
 * self-attestation is issued by the holder itself; an onboarding credential by a RootTAO or TAO;
 * an accreditation by the TAO that reserved the attribute for the holder; an invoke credential by
 * the contract's deployer. `track-and-trace:authorise` also needs `TNT:authoriseDid` on a
 * controller address of the holder in the Policies Registry linked to the Track and Trace instance.
 * - Spec: SPEC.md §5.3, §5.4.4
 * @throws {EntitlementRefusedError} naming what the scope requires.
 */
export async function checkEntitlement(input: EntitlementInput): Promise<void> {
  const { request, targets, holder, credential, trust } = input;
  const [scope] = request.scopes;
  if (!scope) return;
  const target = targets.instances.get(scope.token) as Address;
  switch (scope.name) {
    case 'did-registry:invite': {
      const types = await trust.issuerTypes(trust.defaults.issuersRegistry, credential.issuer);
      if (!types.some((type) => type === 'RootTAO' || type === 'TAO')) {
        throw new EntitlementRefusedError(
          'issuer',
          'iss',
          `The onboarding credential issuer "${credential.issuer}" is not a RootTAO or TAO`,
        );
      }
      return;
    }
    case 'issuers-registry:invite': {
      const reserved = credential.credentialSubject.reservedAttributeId;
      if (typeof reserved !== 'string' || !isHex(reserved) || reserved.length !== 66) {
        throw new EntitlementRefusedError(
          'attribute',
          RESERVED_ATTRIBUTE,
          `The accreditation must name its "${RESERVED_ATTRIBUTE}" (32 bytes in hex)`,
        );
      }
      const attribute = await trust.attributeTao(target, holder, reserved as Hex);
      if (attribute === undefined) {
        throw new EntitlementRefusedError(
          'attribute',
          RESERVED_ATTRIBUTE,
          `No attribute ${reserved} is reserved for "${holder}" in the Issuers Registry`,
        );
      }
      if (attribute.issuerType === 'Revoked') {
        throw new EntitlementRefusedError(
          'attribute',
          RESERVED_ATTRIBUTE,
          `The attribute ${reserved} of "${holder}" is revoked`,
        );
      }
      if (attribute.taoDid !== credential.issuer) {
        throw new EntitlementRefusedError(
          'issuer',
          'iss',
          `The accreditation issuer "${credential.issuer}" is not the TAO that reserved the attribute`,
        );
      }
      return;
    }
    case 'ledger:invoke': {
      if (isGovernanceContract(target, trust.governance)) {
        await checkOperator(input);
        return;
      }
      if (
        String(credential.credentialSubject.contractAddress ?? '').toLowerCase() !==
        target.toLowerCase()
      ) {
        throw new EntitlementRefusedError(
          'contract',
          'credentialSubject.contractAddress',
          `The invoke credential does not name the contract ${target}`,
        );
      }
      const deployment = await trust.deployment(target);
      if (!deployment?.active) {
        throw new EntitlementRefusedError(
          'contract',
          'credentialSubject.contractAddress',
          `The contract ${target} is not an active registered instance`,
        );
      }
      if (deployment.deployerDid !== credential.issuer) {
        throw new EntitlementRefusedError(
          'issuer',
          'iss',
          `The invoke credential issuer "${credential.issuer}" did not deploy ${target}`,
        );
      }
      return;
    }
    default:
      assertSelfIssued(credential, holder);
      if (scope.name === 'track-and-trace:authorise') await checkAuthorisePolicy(input, target);
  }
}

/**
 * An operator invokes the governance's contracts: a self-attestation of a DID that controls one
 * of the Safe's owners (a secp256k1 `capabilityInvocation` key whose address is an owner).
 */
async function checkOperator({ credential, holder, holderMethods, trust }: EntitlementInput) {
  assertSelfIssued(credential, holder);
  const operators = new Set((await trust.governanceOperators()).map((a) => a.toLowerCase()));
  const controls = (holderMethods ?? []).some(
    (method) =>
      method.relationships.has('capabilityInvocation') &&
      method.jwk.crv === 'secp256k1' &&
      operators.has(publicKeyToAddress(toPublicKeyHex(method.jwk)).toLowerCase()),
  );
  if (!controls) {
    throw new EntitlementRefusedError(
      'operator',
      'sub',
      `${holder} controls no key of the governance's operators: only they invoke its contracts`,
    );
  }
}

async function checkAuthorisePolicy(
  input: EntitlementInput,
  trackAndTrace: Address,
): Promise<void> {
  const { trust, holderMethods, holder } = input;
  const policies = await trust.targets.policiesRegistryOf(trackAndTrace);
  const addresses = (holderMethods ?? [])
    .filter(
      (method) =>
        method.jwk.crv === 'secp256k1' && method.relationships.has('capabilityInvocation'),
    )
    .map((method) => publicKeyToAddress(toPublicKeyHex(method.jwk)));
  if (!/^0x0{40}$/.test(policies)) {
    for (const address of addresses) {
      if (await trust.checkPolicy(policies, 'TNT:authoriseDid', address)) return;
    }
  }
  throw new EntitlementRefusedError(
    'policy',
    undefined,
    `No controller key of "${holder}" holds the policy "TNT:authoriseDid"`,
  );
}

/**
 * A self-attestation is issued by its holder (DESIGN.md §6).
 * @throws {EntitlementRefusedError} `issuer`.
 */
export function assertSelfIssued(credential: ParsedCredential, holder: string): void {
  if (credential.issuer !== holder) {
    throw new EntitlementRefusedError(
      'issuer',
      'iss',
      'The SelfAttestation must be issued by the holder itself',
    );
  }
}
