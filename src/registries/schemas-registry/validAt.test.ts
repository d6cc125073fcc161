import { describe, expect, test } from 'vitest';
import { isMetadataValidAt, toValidAtDate } from './validAt.js';

describe('toValidAtDate', () => {
  test.each([
    ['2021-01-01', '2021-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2021-06-10T07:51:36Z', '2021-06-10T07:51:36.000Z'],
    ['2021-06-10T07:51:36.334Z', '2021-06-10T07:51:36.334Z'],
    ['2021-06-10t07:51:36z', '2021-06-10T07:51:36.000Z'],
    ['2021-06-10T09:51:36+02:00', '2021-06-10T07:51:36.000Z'],
    ['2021-06-10T00:30:00-01:00', '2021-06-10T01:30:00.000Z'],
  ])('default: %s', (value, iso) => {
    expect(toValidAtDate(value)?.toISOString()).toBe(iso);
  });

  test.each([
    'yesterday',
    '2021-1-1',
    '2021-02-29',
    '2021-13-01',
    '2021-00-10',
    '2021-01-01T10:00:00',
    '2021-01-01T10:00Z',
    '2021-01-01T24:00:00Z',
    '2021-01-01T10:60:00Z',
    '2021-01-01T10:00:00+25:00',
    '2021-01-01 10:00:00Z',
    '1623311496',
    '',
  ])('error: %s', (value) => {
    expect(toValidAtDate(value)).toBeUndefined();
  });
});

describe('isMetadataValidAt', () => {
  const at = new Date('2021-06-01T00:00:00Z');

  test('default: inside both bounds, bounds inclusive', () => {
    expect(isMetadataValidAt({ validFrom: '2021-01-01', validTo: '2022-01-01' }, at)).toBe(true);
    expect(isMetadataValidAt({ validFrom: '2021-06-01T00:00:00Z' }, at)).toBe(true);
    expect(isMetadataValidAt({ validTo: '2021-06-01T00:00:00Z' }, at)).toBe(true);
  });

  test('behavior: absent bounds do not limit', () => {
    expect(isMetadataValidAt({}, at)).toBe(true);
    expect(isMetadataValidAt({ name: 'x' }, at)).toBe(true);
  });

  test('behavior: outside a bound', () => {
    expect(isMetadataValidAt({ validFrom: '2021-06-01T00:00:01Z' }, at)).toBe(false);
    expect(isMetadataValidAt({ validTo: '2021-05-31T23:59:59Z' }, at)).toBe(false);
  });

  test.each([
    ['not an object', 'text'],
    ['an array', [{}]],
    ['null', null],
    ['absent (not JSON)', undefined],
    ['a bound that is not a date', { validFrom: 'soon' }],
    ['a bound that is not a string', { validTo: 1700000000 }],
    ['a null bound', { validFrom: null }],
  ])('error: fails closed on %s', (_, metadata) => {
    expect(isMetadataValidAt(metadata, at)).toBe(false);
  });
});
