import type { Hex } from 'viem';
import { isRevertOf } from '../errors/contract.js';
import { ResourceNotFoundError } from '../errors/notFound.js';
import { type Environment, governanceContractsOf } from '../genesis/environment.js';
import { SAFE } from '../governance/contracts.js';
import { VERIFICATION_RELATIONSHIPS } from '../identity/didDocument.js';
import { DID_KEY_PREFIX, toDidKeyJwk } from '../identity/didKey.js';
import type { BlockReader } from '../ledger/createChainReader.js';
import { registryOfRole } from '../registries/catalog.js';
import type { Targets } from '../registries/common/targets.js';
import { getDeployment } from '../registries/contracts-registry/views.js';
import { didExists, getDidDocument } from '../registries/did-registry/views.js';
import { getAttribute, getAttributeIds } from '../registries/issuers-registry/views.js';
import { checkPolicy } from '../registries/policies-registry/views.js';
import type { Relationship, ResolvedMethod, TrustSources } from './trustSources.js';

const MAX_ATTRIBUTES = 50;

/**
 * The token endpoint's view of the ledger, at one block, over the registry views the REST reads
 * use and the targeting module. did:key DIDs resolve locally: one key, in every relationship but `keyAgreement`.
 * - Design: DESIGN.md §5, §6
 */
export function createTrustSources(
  reader: BlockReader,
  environment: Environment,
  targets: Targets,
): TrustSources {
  const { registries, contractsRegistry } = environment;
  return {
    defaults: {
      didRegistry: registries[registryOfRole('dids')],
      issuersRegistry: registries[registryOfRole('issuers')],
    },
    targets: targets.at(reader),
    async didExists(did, didRegistry) {
      return didExists(reader, didRegistry, did);
    },
    async resolveDid(did, didRegistry) {
      if (did.startsWith(DID_KEY_PREFIX)) {
        const jwk = toDidKeyJwk(did);
        if (!jwk) return undefined;
        const relationships = new Set<Relationship>([
          'authentication',
          'assertionMethod',
          'capabilityInvocation',
          'capabilityDelegation',
        ]);
        return [{ id: `${did}#${did.slice(DID_KEY_PREFIX.length)}`, jwk, relationships }];
      }
      try {
        const { document } = await getDidDocument(reader, didRegistry, did);
        return document.verificationMethod.map((method): ResolvedMethod => {
          const relationships = new Set<Relationship>(
            VERIFICATION_RELATIONSHIPS.filter((name) => (document[name] ?? []).includes(method.id)),
          );
          return { id: method.id, jwk: method.publicKeyJwk, relationships };
        });
      } catch (error) {
        if (error instanceof ResourceNotFoundError) return undefined;
        throw error;
      }
    },
    async checkPolicy(policiesRegistry, policyName, account) {
      return checkPolicy(reader, policiesRegistry, policyName, account);
    },
    async issuerTypes(issuersRegistry, did) {
      try {
        const { items } = await getAttributeIds(reader, issuersRegistry, did, {
          page: 1,
          size: MAX_ATTRIBUTES,
        });
        const revisions = await Promise.all(
          items.map((id) => getAttribute(reader, issuersRegistry, did, id)),
        );
        return revisions.map((revision) => revision.issuerType);
      } catch (error) {
        if (error instanceof ResourceNotFoundError) return [];
        throw error;
      }
    },
    async attributeTao(issuersRegistry, did, attributeId: Hex) {
      try {
        const { taoDid, issuerType } = await getAttribute(
          reader,
          issuersRegistry,
          did,
          attributeId,
        );
        return { taoDid, issuerType };
      } catch (error) {
        if (error instanceof ResourceNotFoundError || isRevertOf(error)) return undefined;
        throw error;
      }
    },
    governance: governanceContractsOf(environment),
    async governanceOperators() {
      if (!environment.governance) return [];
      return reader.read({
        address: environment.governance.safe,
        abi: SAFE.abi,
        functionName: 'getOwners',
      });
    },
    async deployment(address) {
      try {
        const { deployerDid, active } = await getDeployment(reader, contractsRegistry, address);
        return { deployerDid, active };
      } catch (error) {
        if (error instanceof ResourceNotFoundError) return undefined;
        throw error;
      }
    },
  };
}
