import fc from 'fast-check';
import { READ_METHODS, WRITE_METHOD } from '../../src/rpc/methods.js';
import { MAX_BATCH_SIZE } from '../../src/rpc/parseRpcPayload.js';
import { awkwardText, type KnownValues, numberText } from './hostileValues.js';
import { shapedCall } from './rpcParams.js';

const REFUSED_METHODS = [
  'anvil_mine',
  'anvil_setBalance',
  'evm_snapshot',
  'debug_traceTransaction',
  'admin_peers',
  'txpool_content',
  'personal_sign',
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_subscribe',
  'rpc_modules',
  'ETH_CHAINID',
  'eth_chainId ',
  '__proto__',
  'constructor',
  '',
] as const;

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...READ_METHODS) },
  { weight: 2, arbitrary: fc.constant(WRITE_METHOD) },
  { weight: 2, arbitrary: fc.constantFrom(...REFUSED_METHODS) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);

/** Valid ids, and values that are not ids (objects, arrays, booleans, non-finite numbers). */
const id = fc.oneof(
  { weight: 6, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  fc.constant(null),
  fc.double(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, 0.1),
  fc.jsonValue({ maxDepth: 2 }),
);

const hexData = fc.stringMatching(/^0x[0-9a-f]{0,200}$/);
const hex = (length: number) => fc.stringMatching(new RegExp(`^0x[0-9a-fA-F]{${length}}$`));

function argument(known: KnownValues): fc.Arbitrary<unknown> {
  const address = fc.oneof(fc.constantFrom(...known.addresses), hex(40));
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom('latest', 'earliest', 'pending', 'safe', '0x0', '0x1'),
    },
    { weight: 2, arbitrary: fc.oneof(address, hex(64), hexData) },
    { weight: 2, arbitrary: fc.record({ to: address, data: hexData }, { requiredKeys: [] }) },
    fc.record({ fromBlock: numberText, address, topics: fc.array(hex(64)) }, { requiredKeys: [] }),
    fc.boolean(),
    numberText,
    awkwardText,
  );
}

/** `[[[…'0x1'…]]]`, `depth` arrays deep. */
const nested = (depth: number): unknown => {
  let value: unknown = '0x1';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

function params(known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(argument(known), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map((depth) => [nested(depth)]) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

/** One entry; `undefined` members are left out when serialised (no `id`: a notification). */
function entry(known: KnownValues): fc.Arbitrary<unknown> {
  const envelope = {
    jsonrpc: fc.oneof(
      { weight: 15, arbitrary: fc.constant('2.0') },
      fc.constantFrom('1.0', 2, '2', null, undefined),
    ),
    id: fc.oneof({ weight: 8, arbitrary: id }, fc.constant(undefined)),
  };
  const shaped = fc
    .record({ ...envelope, call: shapedCall(known) })
    .map(({ call, ...rest }) => ({ ...rest, ...call }));
  const loose = fc.record({
    ...envelope,
    method,
    params: fc.oneof({ weight: 8, arbitrary: params(known) }, fc.constant(undefined)),
  });
  return fc.oneof(
    { weight: 10, arbitrary: shaped },
    { weight: 4, arbitrary: loose },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
}

/** A batch at the size limit or past it, of cheap valid entries. */
const boundaryBatch = fc
  .integer({ min: MAX_BATCH_SIZE - 1, max: MAX_BATCH_SIZE + 20 })
  .map((size) =>
    Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' })),
  );

/** A JSON-RPC body: one request, a batch of up to 20 (entries may be junk), or a batch at the limit. */
export function rpcPayload(known: KnownValues): fc.Arbitrary<string> {
  const one = entry(known);
  return fc
    .oneof(
      { weight: 8, arbitrary: one },
      { weight: 4, arbitrary: fc.array(one, { maxLength: 20 }) },
      { weight: 1, arbitrary: boundaryBatch },
    )
    .map((payload) => JSON.stringify(payload));
}
