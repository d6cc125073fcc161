import type { Address } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import { readContract } from '../../ledger/readContract.js';
import type { GenesisContext, GenesisStep } from '../common/genesisStep.js';
import { POLICIES_REGISTRY } from './contract.js';

const { abi } = POLICIES_REGISTRY;

/**
 * The Policies Registry's part of genesis: it holds every admin policy of the environment, all
 * given to the operator.
 * - Design: DESIGN.md §4, §6; reference/ebsi-contracts.md §2.5
 */
export const POLICIES_REGISTRY_GENESIS: GenesisStep = {
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
  const { ledger, operator, instance, burst } = context;
  const missingAttributes: string[] = [];
  for (const [policyName, description] of Object.entries(context.adminPolicies)) {
    if (!(await policyExists(ledger, instance, policyName))) {
      burst.call(`insertPolicy ${policyName}`, instance, abi, 'insertPolicy', [
        policyName,
        description,
      ]);
    }
    const held = await readContract(ledger, {
      address: instance,
      abi,
      functionName: 'hasAttribute',
      args: [operator.address, policyName],
    });
    if (!held) missingAttributes.push(policyName);
  }
  if (missingAttributes.length > 0) {
    burst.call('insertUserAttributes operator', instance, abi, 'insertUserAttributes', [
      operator.address,
      missingAttributes,
    ]);
  }
}

async function policyExists(
  ledger: LedgerClient,
  address: Address,
  policyName: string,
): Promise<boolean> {
  try {
    await readContract(ledger, { address, abi, functionName: 'getPolicy', args: [policyName] });
    return true;
  } catch (error) {
    if (isRevertOf(error, 'PolicyNotFound')) return false;
    throw error;
  }
}
