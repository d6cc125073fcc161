import { toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { toVersionInfo } from './versionInfo.js';

describe('toVersionInfo', () => {
  test('default: JSON is parsed', () => {
    expect(toVersionInfo(toHex('{"@context":"https://x","v":1}'))).toEqual({
      '@context': 'https://x',
      v: 1,
    });
    expect(toVersionInfo(toHex('[1,"a"]'))).toEqual([1, 'a']);
  });

  test('behavior: bytes that are not UTF-8 JSON stay 0x hex', () => {
    expect(toVersionInfo('0xff00')).toBe('0xff00');
    expect(toVersionInfo(toHex('plain text'))).toBe(toHex('plain text'));
  });
});
