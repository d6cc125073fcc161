import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sha256 } from '../../explorer/src/sha256.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256 (the explorer without Web Crypto)', () => {
  test('default: the FIPS 180-4 example "abc"', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('behavior: equals node:crypto at every padding boundary and on larger inputs', () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const data = randomBytes(length);
      expect(hex(sha256(data)), `length ${length}`).toBe(reference(data));
    }
  });
});
