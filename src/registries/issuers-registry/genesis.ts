import { randomBytes } from 'node:crypto';
import { ISSUER_TYPES } from '../../identity/issuerTypes.js';
import { readContract } from '../../ledger/readContract.js';
import type { GenesisContext, GenesisStep } from '../common/genesisStep.js';
import { ISSUERS_REGISTRY } from './contract.js';

/**
 * The Issuers Registry's part of genesis: the operator becomes RootTAO, the environment's trust
 * anchor.
 * - Design: DESIGN.md §6, §8
 */
export const ISSUERS_REGISTRY_GENESIS: GenesisStep = {
  adminPolicies: {
    'TIR:setAttributeMetadata': 'Register Root Trusted Accreditation Organisations',
    'TIR:updateIssuer': 'Manage the proxies of any issuer',
  },
  initializeArgs: (_operator, links) => [links.policiesRegistry, links.didRegistry],
  configure: accreditOperator,
};

async function accreditOperator(context: GenesisContext): Promise<void> {
  const { ledger, operator, instance, burst } = context;
  const { abi } = ISSUERS_REGISTRY;
  const exists = await readContract(ledger, {
    address: instance,
    abi,
    functionName: 'issuerExists',
    args: [operator.did],
  });
  if (exists) return;
  burst.call('setAttributeMetadata operator RootTAO', instance, abi, 'setAttributeMetadata', [
    operator.did,
    `0x${randomBytes(32).toString('hex')}`,
    ISSUER_TYPES.indexOf('RootTAO'),
    operator.did,
    `0x${'00'.repeat(32)}`,
  ]);
}
