import { pad, stringToHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { createDidCoreV1 } from '../../identity/didCore.js';
import {
  toAccessRecord,
  toDocumentRecord,
  toEventRecord,
  toIsoDatetime,
  toTimestampRecord,
} from './records.js';

const proof = pad('0x2a');
const hash = pad('0x01', { size: 32 });

describe('toIsoDatetime', () => {
  test('default: Date#toISOString of the seconds', () => {
    expect(toIsoDatetime(0n)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIsoDatetime(1_700_000_000n)).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoDatetime(8_640_000_000_000n)).toBe('+275760-09-13T00:00:00.000Z');
  });

  test('behavior: beyond the Date range, an expanded year continues the calendar', () => {
    expect(toIsoDatetime(8_640_000_000_001n)).toBe('+275760-09-13T00:00:01.000Z');
    expect(toIsoDatetime(8_640_000_000_000n + 365n * 86_400n + 3_661n)).toBe(
      '+275761-09-13T01:01:01.000Z',
    );
    expect(toIsoDatetime(2n ** 256n - 1n)).toMatch(/^\+\d{60,}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  });
});

describe('toTimestampRecord', () => {
  test('args: block and external sources', () => {
    expect(toTimestampRecord({ timestamp: 1_700_000_000n, source: 0, proof })).toEqual({
      datetime: '2023-11-14T22:13:20.000Z',
      source: 'block',
      proof,
    });
    expect(toTimestampRecord({ timestamp: 1n, source: 1, proof }).source).toBe('external');
  });
});

describe('toDocumentRecord', () => {
  const document = { metadata: 'm', timestamp: { timestamp: 0n, source: 0, proof }, creator: 'd' };

  test('default: no events', () => {
    expect(toDocumentRecord(document)).toEqual({
      metadata: 'm',
      timestamp: { datetime: '1970-01-01T00:00:00.000Z', source: 'block', proof },
      creator: 'd',
    });
  });

  test('args: events in the deprecated shape', () => {
    expect(toDocumentRecord(document, [hash]).events).toEqual([hash]);
  });
});

describe('toEventRecord', () => {
  test('default: the event id is `hash`, the sender a DID', () => {
    const did = createDidCoreV1();
    expect(
      toEventRecord({
        eventId: hash,
        externalHash: 'x',
        sender: stringToHex(did),
        senderType: 0,
        origin: 'o',
        metadata: 'm',
        timestamp: { timestamp: 0n, source: 1, proof },
      }),
    ).toEqual({
      externalHash: 'x',
      hash,
      metadata: 'm',
      origin: 'o',
      sender: did,
      timestamp: { datetime: '1970-01-01T00:00:00.000Z', source: 'external', proof },
    });
  });
});

describe('toAccessRecord', () => {
  const did = createDidCoreV1();
  const access = (permission: number) => ({
    documentHash: hash,
    subject: stringToHex(did),
    subjectType: 0,
    permission,
    grantedBy: stringToHex(did),
    grantedByType: 0,
  });

  test.each([
    [0, 'delegate'],
    [1, 'write'],
    [2, 'creator'],
  ])('args: permission %i is %s', (permission, name) => {
    expect(toAccessRecord(access(permission))).toEqual({
      subject: did,
      permission: name,
      documentId: hash,
      grantedBy: did,
    });
  });

  test('error: an unknown permission', () => {
    expect(() => toAccessRecord(access(3))).toThrow(TypeError);
  });
});
