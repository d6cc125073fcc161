/**
 * Ledger read methods forwarded to the node unchanged, without authentication. Standard
 * Ethereum JSON-RPC only: nothing that administers the node (`admin_*`, `debug_*`, `txpool_*`,
 * `personal_*`), signs with its keys (`eth_sendTransaction`, `eth_sign*`) or exists only in
 * the embedded ledger (`anvil_*`, `evm_*`).
 * - Spec: SPEC.md §4.3
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  // What a relying party needs to check a read itself (docs/trust-model.md): the slots a call
  // touches and their EIP-1186 proofs.
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
]);

/** The one write method: client-signed raw transactions, behind the write gate. */
export const WRITE_METHOD = 'eth_sendRawTransaction';

export type MethodKind = 'read' | 'write' | 'unknown';

/** How the ledger endpoint treats a method. */
export function classifyMethod(method: string): MethodKind {
  if (method === WRITE_METHOD) return 'write';
  return READ_METHODS.has(method) ? 'read' : 'unknown';
}
