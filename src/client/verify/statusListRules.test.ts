import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { parseStatusEntry, readStatusBit } from './statusListRules.js';

const ISSUER = 'did:core:zIssuer';
const LIST = `https://node.example/v1/issuers-registry/issuers/${ISSUER}/proxies/0x01/lists/1`;
const entry = {
  type: 'StatusList2021Entry',
  statusPurpose: 'revocation',
  statusListIndex: '12',
  statusListCredential: LIST,
};

describe('parseStatusEntry', () => {
  test('default: a StatusList2021 entry served by a proxy of the issuer, read by its path', () => {
    expect(parseStatusEntry(entry, ISSUER)).toEqual({
      purpose: 'revocation',
      index: 12,
      list: LIST,
      path: `/v1/issuers-registry/issuers/${ISSUER}/proxies/0x01/lists/1`,
      proxy: `/v1/issuers-registry/issuers/${ISSUER}/proxies/0x01`,
    });
  });

  test.each([
    [
      { type: 'RevocationList2020Status' },
      'The "credentialStatus" "type" must be one of StatusList2021Entry, BitstringStatusListEntry',
    ],
    [
      { statusPurpose: 'refresh' },
      'The "credentialStatus" "statusPurpose" must be one of revocation, suspension',
    ],
    [{ statusListIndex: '-1' }, 'The "credentialStatus" "statusListIndex" must be a whole number'],
    [
      { statusListCredential: 'lists/1' },
      'The "credentialStatus" "statusListCredential" must be a URL',
    ],
    [
      { statusListCredential: 'https://status.example/lists/1' },
      `The "statusListCredential" is not resolved by a proxy of ${ISSUER} in the Issuers Registry`,
    ],
    [
      { statusListCredential: LIST.replace(ISSUER, 'did:core:zOther') },
      `The "statusListCredential" is not resolved by a proxy of ${ISSUER} in the Issuers Registry`,
    ],
  ])('error: %j', (change, reason) => {
    expect(parseStatusEntry({ ...entry, ...change }, ISSUER)).toBe(reason);
  });
});

describe('readStatusBit', () => {
  const bits = Buffer.alloc(16);
  bits[1] = 0b0001_0000; // entry 11
  const encoded = gzipSync(bits).toString('base64url');

  test('default: bit 0 is the most significant bit of the first byte', async () => {
    expect(await readStatusBit(encoded, 11)).toBe(true);
    expect(await readStatusBit(encoded, 12)).toBe(false);
    expect(await readStatusBit(`u${encoded}`, 11)).toBe(true);
  });

  test('error: no list, not GZIP, an index past the end', async () => {
    expect(await readStatusBit(undefined, 0)).toBe('The status list has no "encodedList"');
    expect(await readStatusBit('AAAA', 0)).toBe(
      'The status list "encodedList" is not GZIP-compressed base64url',
    );
    expect(await readStatusBit(encoded, 128)).toBe(
      'The status list holds 128 entries, not entry 128',
    );
  });
});
