import { randomBytes } from 'node:crypto';
import { ISSUER_TYPES } from '../../identity/issuerTypes.js';
import type { GenesisContext, InstanceGenesisStep } from '../common/genesisStep.js';
import { ISSUERS_REGISTRY } from './contract.js';

/**
 * The Issuers Registry's part of genesis: the operator becomes RootTAO, the environment's trust
 * anchor.
 * - Design: DESIGN.md §6, §8
 */
export const ISSUERS_REGISTRY_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'TIR:setAttributeMetadata': 'Register Root Trusted Accreditation Organisations',
    'TIR:updateIssuer': 'Manage the proxies of any issuer',
  },
  initializeArgs: (_operator, links) => [links.policiesRegistry, links.didRegistry],
  configure: accreditOperator,
};

async function accreditOperator(context: GenesisContext): Promise<void> {
  const { operator, instance, burst } = context;
  const { abi } = ISSUERS_REGISTRY;
  if (await context.read({ abi, functionName: 'issuerExists', args: [operator.did] })) return;
  burst.call('setAttributeMetadata operator RootTAO', instance, abi, 'setAttributeMetadata', [
    operator.did,
    `0x${randomBytes(32).toString('hex')}`,
    ISSUER_TYPES.indexOf('RootTAO'),
    operator.did,
    `0x${'00'.repeat(32)}`,
  ]);
}
