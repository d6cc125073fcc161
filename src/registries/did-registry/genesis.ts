import type { Hex } from 'viem';
import { jwkThumbprint, toPublicKeyHex } from '../../identity/jwk.js';
import type { GenesisContext, InstanceGenesisStep } from '../common/genesisStep.js';
import { DID_REGISTRY } from './contract.js';

/** End of the operator key's validity window: 9999-12-31T23:59:59Z. */
const FAR_FUTURE = 253_402_300_799n;
const OPERATOR_BASE_DOCUMENT = JSON.stringify({
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
});

/**
 * The DID Registry's part of genesis: the operator's did:core, its key in `capabilityInvocation`,
 * `authentication` and `assertionMethod`.
 * - Design: DESIGN.md §6, §8
 */
export const DID_REGISTRY_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'DID:updateBaseDocument': 'Update any base DID document',
    'DID:addController': 'Add a controller to any DID',
    'DID:revokeController': 'Revoke a controller of any DID',
    'DID:addVerificationMethod': 'Add a verification method to any DID',
    'DID:addVerificationRelationship': 'Add a verification relationship to any DID',
    'DID:revokeVerificationMethod': 'Revoke a verification method of any DID',
    'DID:expireVerificationMethod': 'Expire a verification method of any DID',
    'DID:rollVerificationMethod': 'Roll a verification method of any DID',
  },
  initializeArgs: (_operator, links) => [links.policiesRegistry],
  configure: registerOperator,
};

async function registerOperator(context: GenesisContext): Promise<void> {
  const { ledger, operator, instance, burst } = context;
  const { abi } = DID_REGISTRY;
  if (await context.read({ abi, functionName: 'didExists', args: [operator.did] })) return;
  const vMethodId = await jwkThumbprint(operator.publicKeyJwk);
  const block = await ledger.request<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
  const notBefore = BigInt(block.timestamp);
  burst.call('insertDidDocument operator', instance, abi, 'insertDidDocument', [
    operator.did,
    OPERATOR_BASE_DOCUMENT,
    vMethodId,
    toPublicKeyHex(operator.publicKeyJwk),
    true,
    notBefore,
    FAR_FUTURE,
  ]);
  burst.call(
    'addVerificationRelationship operator assertionMethod',
    instance,
    abi,
    'addVerificationRelationship',
    [operator.did, 'assertionMethod', vMethodId, notBefore, FAR_FUTURE],
  );
}
