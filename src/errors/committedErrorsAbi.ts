import type { Abi } from 'viem';
import { contractsRegistryAbi } from '../../artifacts/ContractsRegistry.js';
import { didRegistryAbi } from '../../artifacts/DidRegistry.js';
import { issuersRegistryAbi } from '../../artifacts/IssuersRegistry.js';
import { policiesRegistryAbi } from '../../artifacts/PoliciesRegistry.js';
import { schemasRegistryAbi } from '../../artifacts/SchemasRegistry.js';
import { timestampAbi } from '../../artifacts/Timestamp.js';
import { trackAndTraceAbi } from '../../artifacts/TrackAndTrace.js';

/**
 * Every custom error of the committed contract ABIs, so that a revert bubbling up from a linked
 * or initialised contract still decodes: the ledger adapter decodes `eth_call` reverts with it, the
 * SDK a mined transaction's. Read from `artifacts/` (the compiled contracts), not from the
 * registry slices, so that neither knows a registry.
 * - Design: DESIGN.md §4; STYLE.md B4 (`ContractRevertError`)
 */
export const COMMITTED_ERRORS_ABI: Abi = dedupe(
  [
    contractsRegistryAbi,
    didRegistryAbi,
    issuersRegistryAbi,
    policiesRegistryAbi,
    schemasRegistryAbi,
    timestampAbi,
    trackAndTraceAbi,
  ].flatMap((abi: Abi) => abi.filter((item) => item.type === 'error')),
);

function dedupe(items: Abi): Abi {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
