import { base64, base64url } from 'multiformats/bases/base64';
import { type Hex, sha256 } from 'viem';
import { describe, expect, test } from 'vitest';
import {
  toHashMultibase,
  toHashValueHex,
  toRecordIdHex,
  toRecordIdMultibase,
  toTimestampIdHex,
  toTimestampIdMultibase,
} from './ids.js';

const ID = '0xb2cec9045574cd255a24ff0237c07b72dcb209dc0a73ff81c3a1c80052d2868e' as const;
/** The prior art's example timestampId (reference/read-api.md §3.6) wraps `ID`. */
const PRIOR_ART = 'uEiCyzskEVXTNJVok_wI3wHty3LIJ3Apz_4HDocgAUtKGjg';
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'));

describe('toTimestampIdMultibase', () => {
  test('default: base64url of the sha2-256 multihash of the on-chain id', () => {
    expect(toTimestampIdMultibase(ID)).toBe(PRIOR_ART);
  });
});

describe('toTimestampIdHex', () => {
  test('default: the multibase form and the 0x form', () => {
    expect(toTimestampIdHex(PRIOR_ART)).toBe(ID);
    expect(toTimestampIdHex(ID.toUpperCase().replace('0X', '0x'))).toBe(ID);
  });

  test.each([
    ['sha2-512 code', base64url.encode(bytes(`1320${ID.slice(2)}`))],
    ['31-byte digest', base64url.encode(bytes(`121f${ID.slice(4)}`))],
    ['length disagreeing with the digest', base64url.encode(bytes(`1221${ID.slice(2)}`))],
    ['raw 32 bytes', base64url.encode(bytes(ID))],
    ['base64 (m…) of the multihash', base64.encode(bytes(`1220${ID.slice(2)}`))],
    ['padding', `${PRIOR_ART}=`],
    ['a character outside base64url', `${PRIOR_ART.slice(0, -1)}+`],
    ['0x of 31 bytes', ID.slice(0, -2)],
    ['empty', ''],
  ])('error: %s', (_, value) => {
    expect(toTimestampIdHex(value)).toBeUndefined();
  });
});

describe('toRecordIdMultibase / toRecordIdHex', () => {
  test('default: base64url of the raw 32 bytes, both ways', () => {
    const encoded = toRecordIdMultibase(ID);
    expect(encoded).toBe(`u${Buffer.from(bytes(ID)).toString('base64url')}`);
    expect(encoded).toHaveLength(44);
    expect(toRecordIdHex(encoded)).toBe(ID);
    expect(toRecordIdHex(ID)).toBe(ID);
  });

  test.each([
    ['31 bytes', base64url.encode(bytes(ID.slice(0, -2)))],
    ['a multihash (34 bytes)', PRIOR_ART],
    ['base64 (m…)', base64.encode(bytes(ID))],
    ['hex without 0x', ID.slice(2)],
  ])('error: %s', (_, value) => {
    expect(toRecordIdHex(value)).toBeUndefined();
  });
});

describe('toHashMultibase', () => {
  const value = sha256('0x01');

  test('default: base64 (m…) multihash under the algorithm name', () => {
    expect(toHashMultibase(value, 'sha2-256')).toBe(base64.encode(bytes(`1220${value.slice(2)}`)));
    expect(toHashMultibase(value, 'SHA3-256')).toBe(base64.encode(bytes(`1620${value.slice(2)}`)));
  });

  test('behavior: two-byte varint codes and long digests', () => {
    const long = `0x${'ab'.repeat(64)}` as Hex;
    // blake2b-512 = 0xb240: varint c0 e4 02; length 64 = 0x40.
    expect(toHashMultibase(long, 'blake2b-512')).toBe(
      base64.encode(bytes(`c0e40240${long.slice(2)}`)),
    );
  });

  test('behavior: an unknown name falls back to the identity multihash', () => {
    expect(toHashMultibase(value, 'sha-256')).toBe(base64.encode(bytes(`0020${value.slice(2)}`)));
  });
});

describe('toHashValueHex', () => {
  const value = sha256('0x02');

  test('default: 0x hex, or the digest of an m… or u… multihash', () => {
    expect(toHashValueHex(value.toUpperCase().replace('0X', '0x'))).toBe(value);
    expect(toHashValueHex(toHashMultibase(value, 'sha2-256'))).toBe(value);
    expect(toHashValueHex(base64url.encode(bytes(`1620${value.slice(2)}`)))).toBe(value);
    expect(toHashValueHex('0xab')).toBe('0xab');
  });

  test.each([
    ['odd hex', '0xabc'],
    ['empty hex', '0x'],
    ['65 bytes of hex', `0x${'ab'.repeat(65)}`],
    ['an empty digest', base64.encode(bytes('1200'))],
    ['a 65-byte digest', base64.encode(bytes(`1341${'ab'.repeat(65)}`))],
    ['not a multihash', base64.encode(bytes('12'))],
    ['base58btc', 'zQmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'],
  ])('error: %s', (_, input) => {
    expect(toHashValueHex(input)).toBeUndefined();
  });
});
