import type { Hex } from 'viem';

/** The JSON-RPC objects the archive keeps, as anvil answers them. */
export type RpcBlock = Record<string, unknown> & {
  number: Hex;
  hash: Hex;
  transactions: RpcTransaction[] | Hex[];
};
export type RpcTransaction = Record<string, unknown> & {
  hash: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionIndex: Hex;
};
export type RpcReceipt = Record<string, unknown> & {
  transactionHash: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  logs: RpcLog[];
};
export type RpcLog = Record<string, unknown> & {
  address: Hex;
  topics: Hex[];
  blockNumber: Hex;
  blockHash: Hex;
  logIndex: Hex;
  transactionHash: Hex;
};
/** An eth_getLogs filter over block numbers. */
export type LogQuery = {
  fromBlock: number;
  toBlock: number;
  /** Any of these emitters; all when absent or empty. */
  addresses?: Hex[];
  /** By position: `null` (or `[]`) any topic, a value that topic, a list any of its values. */
  topics?: (Hex | Hex[] | null)[];
};
