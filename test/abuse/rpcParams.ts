import fc from 'fast-check';
import { READ_METHODS, WRITE_METHOD } from '../../src/rpc/methods.js';
import { awkwardText, type KnownValues, numberText } from './hostileValues.js';

type ParamKind =
  | 'quantity'
  | 'block'
  | 'address'
  | 'hash'
  | 'call'
  | 'filter'
  | 'bool'
  | 'data'
  | 'percentiles';

/** The parameters each forwarded method takes (Ethereum JSON-RPC), so that values reach anvil. */
const SIGNATURES: Readonly<Record<string, readonly ParamKind[]>> = {
  eth_call: ['call', 'block'],
  eth_estimateGas: ['call', 'block'],
  eth_feeHistory: ['quantity', 'block', 'percentiles'],
  eth_getBalance: ['address', 'block'],
  eth_getCode: ['address', 'block'],
  eth_getTransactionCount: ['address', 'block'],
  eth_getStorageAt: ['address', 'quantity', 'block'],
  eth_getBlockByHash: ['hash', 'bool'],
  eth_getBlockByNumber: ['block', 'bool'],
  eth_getBlockReceipts: ['block'],
  eth_getBlockTransactionCountByHash: ['hash'],
  eth_getBlockTransactionCountByNumber: ['block'],
  eth_getLogs: ['filter'],
  eth_getTransactionByBlockHashAndIndex: ['hash', 'quantity'],
  eth_getTransactionByBlockNumberAndIndex: ['block', 'quantity'],
  eth_getTransactionByHash: ['hash'],
  eth_getTransactionReceipt: ['hash'],
  [WRITE_METHOD]: ['data'],
};

/** Block numbers, counts and indexes past u64, u256 and sign. */
const QUANTITY_EDGES = [
  '0x0',
  '0x',
  '-0x1',
  '0x00',
  '0xffffffffffffffff',
  '0x10000000000000000',
  `0x${'f'.repeat(64)}`,
  `0x1${'0'.repeat(64)}`,
] as const;

const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const;

const hex = (length: number) => fc.stringMatching(new RegExp(`^0x[0-9a-fA-F]{${length}}$`));
const hexData = fc.stringMatching(/^0x[0-9a-f]{0,200}$/);

/** Values for each kind of parameter: mostly well-formed, edge cases and junk otherwise. */
function kinds(known: KnownValues): Record<ParamKind, fc.Arbitrary<unknown>> {
  const junk = fc.oneof(awkwardText, numberText, fc.jsonValue({ maxDepth: 2 }));
  const quantity = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUANTITY_EDGES) },
    { weight: 2, arbitrary: fc.nat().map((n) => `0x${n.toString(16)}`) },
    { weight: 1, arbitrary: junk },
  );
  const block = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...BLOCK_TAGS) }, quantity);
  const address = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.addresses) },
    { weight: 2, arbitrary: hex(40) },
    { weight: 1, arbitrary: junk },
  );
  const hash = fc.oneof({ weight: 4, arbitrary: hex(64) }, hexData, junk);
  return {
    quantity,
    block,
    address,
    hash,
    call: fc.record(
      { from: address, to: address, data: hexData, gas: quantity, value: quantity },
      { requiredKeys: [] },
    ),
    filter: fc.record(
      {
        fromBlock: block,
        toBlock: block,
        address: fc.oneof(address, fc.array(address, { maxLength: 3 })),
        topics: fc.array(fc.oneof(hash, fc.constant(null), fc.array(hash, { maxLength: 2 }))),
        blockHash: hash,
      },
      { requiredKeys: [] },
    ),
    bool: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, junk),
    data: fc.oneof({ weight: 3, arbitrary: hexData }, junk),
    percentiles: fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.double({ min: 0, max: 100 }), { maxLength: 5 }) },
      fc.array(fc.double(), { maxLength: 5 }),
      junk,
    ),
  };
}

/**
 * A method and parameters of the shape it takes, each value well-formed or at an edge (a block
 * count past u64, an unknown address): what gets past the node and reaches the ledger itself.
 */
export function shapedCall(
  known: KnownValues,
): fc.Arbitrary<{ method: string; params: unknown[] }> {
  const values = kinds(known);
  const calls = [...READ_METHODS, WRITE_METHOD].map((method) => {
    const signature = SIGNATURES[method] ?? [];
    return fc
      .tuple(...signature.map((kind) => values[kind]))
      .map((params) => ({ method, params: params as unknown[] }));
  });
  return fc.oneof(...calls);
}
