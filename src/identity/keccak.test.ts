import fc from 'fast-check';
import { getAddress, keccak256, toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { keccak256Bytes, toChecksumAddress } from './keccak.js';

describe('keccak256Bytes', () => {
  test("property: equals viem's keccak256 for any bytes, also of a view into a larger buffer", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(8), (bytes, offset) => {
        const padded = new Uint8Array(offset + bytes.length + 3);
        padded.set(bytes, offset);
        const view = padded.subarray(offset, offset + bytes.length);
        expect(toHex(keccak256Bytes(view))).toBe(keccak256(bytes));
      }),
      { numRuns: 300 },
    );
  });
});

describe('toChecksumAddress', () => {
  test("property: equals viem's getAddress (EIP-55)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        expect(toChecksumAddress(bytes)).toBe(getAddress(toHex(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  test('answers the same again, for an address seen before and past the bound of those it keeps', () => {
    const first = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    const expected = getAddress(toHex(first));
    expect(toChecksumAddress(first)).toBe(expected);
    for (let n = 0; n < 5_000; n++) {
      const bytes = new Uint8Array(20);
      new DataView(bytes.buffer).setUint32(16, n);
      expect(toChecksumAddress(bytes)).toBe(getAddress(toHex(bytes)));
    }
    expect(toChecksumAddress(first)).toBe(expected);
    expect(toChecksumAddress(new Uint8Array(first))).toBe(expected);
  });
});
