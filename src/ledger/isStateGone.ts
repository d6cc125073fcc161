import type { JsonRpcErrorObject } from './jsonRpc.js';

/**
 * How ledgers say that a block's state is no longer kept: anvil with `--prune-history`
 * ("BlockOutOfRangeError: block height is 9 but requested was 8"), Besu once a state left its
 * retained layers ("World state unavailable"), geth's pruned states ("missing trie node",
 * "header not found").
 */
const STATE_GONE =
  /BlockOutOfRange|world state (is )?(not )?(available|unavailable)|missing trie node|header not found/i;

/** Whether a ledger's error says that the state of the block asked for is gone. */
export function isStateGone(error: JsonRpcErrorObject): boolean {
  return STATE_GONE.test(error.message);
}
