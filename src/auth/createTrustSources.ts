import type { Address, Hex } from 'viem';
import { isRevertOf } from '../errors/contract.js';
import { ResourceNotFoundError } from '../errors/notFound.js';
import { VERIFICATION_RELATIONSHIPS } from '../identity/didDocument.js';
import { DID_KEY_PREFIX, toDidKeyJwk } from '../identity/didKey.js';
import type { BlockReader } from '../ledger/createChainReader.js';
import type { Environment } from '../ledger/environment.js';
import { CONTRACTS_REGISTRY, REGISTRIES } from '../ledger/registryCatalog.js';
import { REGISTRY_VIEWS_ABI } from '../ledger/registryViewsAbi.js';
import { getDeployment } from '../registries/contracts-registry/views.js';
import { getDidDocument } from '../registries/did-registry/views.js';
import { getAttribute, getAttributeIds } from '../registries/issuers-registry/views.js';

import { checkPolicy } from '../registries/policies-registry/views.js';
import type { Relationship, ResolvedMethod, TrustSources } from './trustSources.js';

const MAX_ATTRIBUTES = 50;

/**
 * The token endpoint's view of the ledger, at one block, over the registry views the REST reads
 * use. did:key DIDs resolve locally: one key, in every relationship but `keyAgreement`.
 * - Design: DESIGN.md §5, §6
 */
export function createTrustSources(
  reader: BlockReader,
  environment: Environment,
  hasCode: (address: Address) => Promise<boolean>,
): TrustSources {
  const { registries, contractsRegistry } = environment;
  return {
    defaults: {
      didRegistry: registries['did-registry'],
      issuersRegistry: registries['issuers-registry'],
      policiesRegistry: registries['policies-registry'],
      contractsRegistry,
      registries,
    },
    async registryTypeAt(address) {
      if (!(await hasCode(address))) return undefined;
      try {
        return await reader.read({
          address,
          abi: REGISTRY_VIEWS_ABI,
          functionName: 'registryType',
        });
      } catch {
        return undefined;
      }
    },
    async isRegisteredInstance(address) {
      return reader.read({
        address: contractsRegistry,
        abi: CONTRACTS_REGISTRY.abi,
        functionName: 'isRegisteredInstance',
        args: [address],
      });
    },
    async linkOf(registry, link) {
      return reader.read({ address: registry, abi: REGISTRY_VIEWS_ABI, functionName: link });
    },
    async didExists(did, didRegistry) {
      return reader.read({
        address: didRegistry,
        abi: REGISTRIES['did-registry'].abi,
        functionName: 'didExists',
        args: [did],
      });
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
