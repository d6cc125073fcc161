import { type Abi, encodeFunctionData, type Hex } from 'viem';

/** Calldata already encoded, per ABI (by identity), by function name and arguments. */
const encoded = new WeakMap<Abi, Map<string, Hex>>();
/**
 * Calldata kept per ABI: past it, that ABI's entries start afresh. The hot calls are few (a
 * gate's senders, a token's holders); arguments come from requests (a DID of up to 1,000
 * characters), so this bounds what a client can make the node keep to a few MB per ABI.
 */
const KEPT_PER_ABI = 1_000;

/**
 * `encodeFunctionData` of a view call, remembered when every argument is a string, number,
 * bigint or boolean: the read cache is keyed by calldata, so each cached read encoded its call
 * again (4 % of a gated write's CPU, 3 % of a token's). The key holds each argument's type and
 * value exactly, and the ABI object itself, so only an identical call shares an entry.
 */
export function encodeViewCall(abi: Abi, functionName: string, args: readonly unknown[] = []): Hex {
  const key = keyOf(functionName, args);
  if (key === undefined) return encodeFunctionData({ abi, functionName, args } as never);
  let calls = encoded.get(abi);
  if (!calls) {
    calls = new Map();
    encoded.set(abi, calls);
  }
  const known = calls.get(key);
  if (known !== undefined) return known;
  const data = encodeFunctionData({ abi, functionName, args } as never);
  if (calls.size >= KEPT_PER_ABI) calls.clear();
  calls.set(key, data);
  return data;
}

/** A string naming the call exactly, or undefined when an argument is not a primitive. */
function keyOf(functionName: string, args: readonly unknown[]): string | undefined {
  let key = functionName;
  for (const arg of args) {
    switch (typeof arg) {
      case 'string':
        key += `\u0000s${JSON.stringify(arg)}`;
        break;
      case 'bigint':
        key += `\u0000n${arg}`;
        break;
      case 'number':
        key += `\u0000d${arg}`;
        break;
      case 'boolean':
        key += `\u0000b${arg}`;
        break;
      default:
        return undefined;
    }
  }
  return key;
}
