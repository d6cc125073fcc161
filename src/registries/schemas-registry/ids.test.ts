import { base58btc } from 'multiformats/bases/base58';
import { describe, expect, test } from 'vitest';
import { toSchemaIdHex, toSchemaIdMultibase } from './ids.js';

const HEX = '0x00ff8a16b2be6c6f8e1e0e3fb1b6b3a5ed6e9c0c5a1f2b86bd1d7f3e4a5b6c7d' as const;

describe('toSchemaIdMultibase', () => {
  test('default: base58btc multibase of the 32 bytes', () => {
    const encoded = toSchemaIdMultibase(HEX);
    expect(encoded.startsWith('z')).toBe(true);
    expect(base58btc.decode(encoded)).toEqual(Uint8Array.from(Buffer.from(HEX.slice(2), 'hex')));
  });

  test('behavior: a leading zero byte is kept (as a leading "1")', () => {
    expect(toSchemaIdMultibase(HEX).startsWith('z1')).toBe(true);
    expect(toSchemaIdMultibase(`0x${'00'.repeat(32)}`)).toBe(`z${'1'.repeat(32)}`);
  });

  test('behavior: the prior art example decodes to 32 bytes and encodes back', () => {
    const example = 'zDpWGUBenmqXzurskry9Nsk6vq2R8thh9VSeoRqguoyMD';
    const hex = toSchemaIdHex(example);
    expect(hex).toMatch(/^0x[0-9a-f]{64}$/);
    expect(toSchemaIdMultibase(hex as `0x${string}`)).toBe(example);
  });
});

describe('toSchemaIdHex', () => {
  test('default: multibase and hex forms give the same lowercase hex', () => {
    expect(toSchemaIdHex(toSchemaIdMultibase(HEX))).toBe(HEX);
    expect(toSchemaIdHex(HEX)).toBe(HEX);
    expect(toSchemaIdHex(HEX.toUpperCase().replace('0X', '0x'))).toBe(HEX);
  });

  test.each([
    ['empty', ''],
    ['hex without 0x', HEX.slice(2)],
    ['hex of 31 bytes', HEX.slice(0, -2)],
    ['hex of 33 bytes', `${HEX}00`],
    ['hex with a non-hex digit', `${HEX.slice(0, -1)}g`],
    ['base58btc of 31 bytes', base58btc.encode(new Uint8Array(31).fill(1))],
    ['base58btc of 33 bytes', base58btc.encode(new Uint8Array(33).fill(1))],
    ['a character outside base58', 'z0OIl'],
    ['z alone', 'z'],
    ['another multibase prefix', `Z${toSchemaIdMultibase(HEX).slice(1)}`],
  ])('error: %s', (_, value) => {
    expect(toSchemaIdHex(value)).toBeUndefined();
  });
});
