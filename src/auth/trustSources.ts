import type { Address, Hex } from 'viem';
import type { PublicEcJwk } from '../identity/jwk.js';
import type { IssuerType } from '../registries/issuers-registry/views.js';

/** A verification relationship of a DID document. */
export type Relationship =
  | 'authentication'
  | 'assertionMethod'
  | 'keyAgreement'
  | 'capabilityInvocation'
  | 'capabilityDelegation';

/** A verification method of a resolved DID, valid at the time of resolution. */
export type ResolvedMethod = {
  /** `<did>#<fragment>` */
  id: string;
  jwk: PublicEcJwk;
  relationships: ReadonlySet<Relationship>;
};

/**
 * What the token endpoint asks the ledger, at one block. Implemented over the registry views
 * (`ledgerTrustSources.ts`); kept as an interface so that the verification steps stay small,
 * pure-looking functions (STYLE.md B6).
 */
export type TrustSources = {
  /** The environment defaults. */
  defaults: {
    didRegistry: Address;
    issuersRegistry: Address;
    policiesRegistry: Address;
    contractsRegistry: Address;
    registries: Readonly<Record<string, Address>>;
  };
  /** `registryType()` at an address, `undefined` when there is no registry there. */
  registryTypeAt(address: Address): Promise<Hex | undefined>;
  /** Whether the Contracts Registry deployed `address`. */
  isRegisteredInstance(address: Address): Promise<boolean>;
  /** A registry's link view (`didRegistry()` / `policiesRegistry()`); zero when unset. */
  linkOf(registry: Address, link: 'didRegistry' | 'policiesRegistry'): Promise<Address>;
  /** Whether a did:core is registered in a DID Registry. */
  didExists(did: string, didRegistry: Address): Promise<boolean>;
  /** The verification methods of a DID valid now (did:core through `didRegistry`; did:key locally); `undefined` when unknown. */
  resolveDid(did: string, didRegistry: Address): Promise<ResolvedMethod[] | undefined>;
  /** Whether `account` holds the active policy `policyName`. */
  checkPolicy(policiesRegistry: Address, policyName: string, account: Address): Promise<boolean>;
  /** The latest issuer types (1 RootTAO, 2 TAO, 3 TI, 4 Revoked) of each attribute of `did`. */
  issuerTypes(issuersRegistry: Address, did: string): Promise<IssuerType[]>;
  /**
   * The TAO DID and latest issuer type of an issuer's attribute, `undefined` when there is no
   * such attribute.
   */
  attributeTao(
    issuersRegistry: Address,
    did: string,
    attributeId: Hex,
  ): Promise<{ taoDid: string; issuerType: IssuerType } | undefined>;
  /** A Contracts Registry deployment record, `undefined` when the address was not deployed there. */
  deployment(address: Address): Promise<{ deployerDid: string; active: boolean } | undefined>;
};
