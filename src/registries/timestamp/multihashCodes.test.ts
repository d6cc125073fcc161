import { describe, expect, test } from 'vitest';
import { toMultihashCode } from './multihashCodes.js';

describe('toMultihashCode', () => {
  test.each([
    ['sha2-256', 0x12],
    ['sha2-512', 0x13],
    ['sha2-384', 0x20],
    ['sha3-256', 0x16],
    ['keccak-256', 0x1b],
    ['sha1', 0x11],
    ['md5', 0xd5],
    ['identity', 0x00],
    ['sm3-256', 0x534d],
    ['blake2b-8', 0xb201],
    ['blake2b-256', 0xb220],
    ['blake2b-512', 0xb240],
    ['blake2s-8', 0xb241],
    ['blake2s-256', 0xb260],
    [' SHA2-256 ', 0x12],
  ])('default: %s', (name, code) => {
    expect(toMultihashCode(name)).toBe(code);
  });

  test.each([
    'sha-256',
    'sha256',
    '',
    'blake2b-0',
    'blake2b-520',
    'blake2s-264',
    'blake2b-12',
    'blake2b-064',
  ])('error: %s is unknown', (name) => {
    expect(toMultihashCode(name)).toBeUndefined();
  });
});
