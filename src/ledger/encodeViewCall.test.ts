import fc from 'fast-check';
import { encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, test } from 'vitest';
import { encodeViewCall } from './encodeViewCall.js';

const abi = parseAbi([
  'function pair(string did, uint256 at) view returns (bool)',
  'function flag(bool on, string name) view returns (bool)',
  'function item(string id) view returns (bool)',
  'function item(uint256 id) view returns (bool)',
  'function many(string[] ids) view returns (bool)',
]);
/** The same functions in another ABI object, with other argument types. */
const other = parseAbi(['function pair(string did, string at) view returns (bool)']);

describe('encodeViewCall', () => {
  test("property: equals viem's encodeFunctionData, the first time and every time after", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.boolean(),
        (text, at, on) => {
          for (let round = 0; round < 2; round++) {
            expect(encodeViewCall(abi, 'pair', [text, at])).toBe(
              encodeFunctionData({ abi, functionName: 'pair', args: [text, at] }),
            );
            expect(encodeViewCall(abi, 'flag', [on, text])).toBe(
              encodeFunctionData({ abi, functionName: 'flag', args: [on, text] }),
            );
            expect(encodeViewCall(abi, 'item', [at])).toBe(
              encodeFunctionData({ abi, functionName: 'item', args: [at] }),
            );
            expect(encodeViewCall(abi, 'item', [text])).toBe(
              encodeFunctionData({ abi, functionName: 'item', args: [text] }),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  test('tells apart what only looks alike: a string and a number, two ABIs, separators inside strings', () => {
    expect(encodeViewCall(abi, 'item', ['1'])).not.toBe(encodeViewCall(abi, 'item', [1n]));
    expect(encodeViewCall(other, 'pair', ['a', '1'])).toBe(
      encodeFunctionData({ abi: other, functionName: 'pair', args: ['a', '1'] }),
    );
    expect(encodeViewCall(abi, 'pair', ['a', 1n])).not.toBe(
      encodeViewCall(other, 'pair', ['a', '1']),
    );
    expect(encodeViewCall(abi, 'flag', [true, 'a\u0000s"b'])).toBe(
      encodeFunctionData({ abi, functionName: 'flag', args: [true, 'a\u0000s"b'] }),
    );
  });

  test('encodes calls with array arguments without remembering them', () => {
    const ids = ['a', 'b'];
    expect(encodeViewCall(abi, 'many', [ids])).toBe(
      encodeFunctionData({ abi, functionName: 'many', args: [ids] }),
    );
    ids.push('c');
    expect(encodeViewCall(abi, 'many', [ids])).toBe(
      encodeFunctionData({ abi, functionName: 'many', args: [ids] }),
    );
  });

  test('keeps encoding right past the bound of calls it remembers', () => {
    for (let n = 0n; n < 1_050n; n++) {
      expect(encodeViewCall(abi, 'pair', ['did', n])).toBe(
        encodeFunctionData({ abi, functionName: 'pair', args: ['did', n] }),
      );
    }
  });
});
