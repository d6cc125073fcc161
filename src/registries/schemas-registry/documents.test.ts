import { toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { toJsonText, toJsonValue } from './documents.js';

describe('toJsonText', () => {
  test('default: the stored text of a JSON document, formatting kept', () => {
    const text = '{ "type": "object",\n  "title": "Ünïcode" }';
    expect(toJsonText(toHex(text))).toBe(text);
  });

  test.each([
    ['not JSON', toHex('{"a":')],
    ['not UTF-8', '0xfffe00ff' as const],
    ['empty', '0x' as const],
  ])('error: %s', (_, bytes) => {
    expect(toJsonText(bytes)).toBeUndefined();
  });
});

describe('toJsonValue', () => {
  test('default: any JSON value, null told apart from "not JSON"', () => {
    expect(toJsonValue(toHex('{"a":[1,2]}'))).toEqual({ value: { a: [1, 2] } });
    expect(toJsonValue(toHex('"text"'))).toEqual({ value: 'text' });
    expect(toJsonValue(toHex('null'))).toEqual({ value: null });
    expect(toJsonValue(toHex('nul'))).toBeUndefined();
  });
});
