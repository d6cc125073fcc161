import { isRevertOf } from '../../errors/contract.js';
import type { GenesisContext, InstanceGenesisStep } from '../common/genesisStep.js';
import { POLICIES_REGISTRY } from './contract.js';

const { abi } = POLICIES_REGISTRY;

/**
 * The Policies Registry's part of genesis: it holds every admin policy of the environment, all
 * given to the operator.
 * - Design: DESIGN.md §4, §6; reference/ebsi-contracts.md §2.5
 */
export const POLICIES_REGISTRY_GENESIS: InstanceGenesisStep = {
  adminPolicies: {
    'TPR:insertPolicy': 'Insert policies',
    'TPR:updatePolicy': 'Update policy descriptions',
    'TPR:activatePolicy': 'Activate policies',
    'TPR:deactivatePolicy': 'Deactivate policies',
    'TPR:insertUserAttributes': 'Give policy attributes to subjects',
    'TPR:deleteUserAttributes': 'Take policy attributes from subjects',
  },
  initializeArgs: (operator) => [operator],
  configure: insertAdminPolicies,
};

async function insertAdminPolicies(context: GenesisContext): Promise<void> {
  const { adminHolder, instance, burst, read } = context;
  const missingAttributes: string[] = [];
  for (const [policyName, description] of Object.entries(context.adminPolicies)) {
    if (!(await policyExists(context, policyName))) {
      burst.call(`insertPolicy ${policyName}`, instance, abi, 'insertPolicy', [
        policyName,
        description,
      ]);
    }
    const args = [adminHolder, policyName] as const;
    if (!(await read({ abi, functionName: 'hasAttribute', args })))
      missingAttributes.push(policyName);
  }
  if (missingAttributes.length > 0) {
    burst.call('insertUserAttributes admin', instance, abi, 'insertUserAttributes', [
      adminHolder,
      missingAttributes,
    ]);
  }
}

async function policyExists(context: GenesisContext, policyName: string): Promise<boolean> {
  try {
    await context.read({ abi, functionName: 'getPolicy', args: [policyName] });
    return true;
  } catch (error) {
    if (isRevertOf(error, 'PolicyNotFound')) return false;
    throw error;
  }
}
