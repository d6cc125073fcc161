import type { Address, Hex } from 'viem';
import type { VerificationRelationshipName } from '../identity/didDocument.js';
import type { IssuerType } from '../identity/issuerTypes.js';
import type { PublicEcJwk } from '../identity/jwk.js';
import type { BlockTargets } from '../registries/common/targets.js';

/** A verification relationship of a DID document. */
export type Relationship = VerificationRelationshipName;

/** A verification method of a resolved DID, valid at the time of resolution. */
export type ResolvedMethod = {
  /** `<did>#<fragment>` */
  id: string;
  jwk: PublicEcJwk;
  relationships: ReadonlySet<Relationship>;
};

/**
 * What the token endpoint asks the ledger, at one block. Implemented over the registry views and
 * the targeting module (`createTrustSources.ts`); kept as an interface so that the verification
 * steps stay small, pure-looking functions (STYLE.md B6).
 */
export type TrustSources = {
  /** The environment's default DID Registry and Issuers Registry. */
  defaults: { didRegistry: Address; issuersRegistry: Address };
  /** Which instance an address is, and what it links to, at the same block. */
  targets: BlockTargets;
  /** Whether a did:core is registered in a DID Registry. */
  didExists(did: string, didRegistry: Address): Promise<boolean>;
  /** The verification methods of a DID valid now (did:core through `didRegistry`; did:key locally); `undefined` when unknown. */
  resolveDid(did: string, didRegistry: Address): Promise<ResolvedMethod[] | undefined>;
  /** Whether `account` holds the active policy `policyName`. */
  checkPolicy(policiesRegistry: Address, policyName: string, account: Address): Promise<boolean>;
  /** The latest issuer type of each attribute of `did`. */
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
  /** The governance's contracts (the Safe, the timelock); none when the operator key governs alone. */
  governance: readonly Address[];
  /** The operators: the owners of the governance's Safe (none without governance). */
  governanceOperators(): Promise<readonly Address[]>;
};
