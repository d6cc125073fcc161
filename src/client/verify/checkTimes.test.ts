import { describe, expect, test } from 'vitest';
import { CLOCK_TOLERANCE, checkTimes } from './checkTimes.js';

const IAT = 1_800_000_000;

describe('checkTimes', () => {
  test('default: issued, valid, not expired', () => {
    expect(checkTimes({ iat: IAT, nbf: IAT, exp: IAT + 100 }, IAT + 10)).toEqual({
      id: 'times',
      verdict: 'pass',
      detail:
        'Issued 2027-01-15T08:00:00Z, valid from 2027-01-15T08:00:00Z, until 2027-01-15T08:01:40Z (checked at 2027-01-15T08:00:10Z)',
    });
  });

  test('behavior: the clock tolerance applies to "iat" and "nbf", not to "exp"', () => {
    const early = IAT - CLOCK_TOLERANCE;
    expect(checkTimes({ iat: IAT, nbf: IAT, exp: undefined }, early).verdict).toBe('pass');
    expect(checkTimes({ iat: IAT, nbf: IAT, exp: undefined }, early - 1).verdict).toBe('fail');
    expect(checkTimes({ iat: IAT, nbf: undefined, exp: IAT + 5 }, IAT + 5).verdict).toBe('fail');
  });

  test('error: not valid yet, expired', () => {
    expect(checkTimes({ iat: IAT, nbf: IAT + 3600, exp: undefined }, IAT).detail).toBe(
      'The credential is not valid before "nbf" 2027-01-15T09:00:00Z (checked at 2027-01-15T08:00:00Z)',
    );
    expect(checkTimes({ iat: IAT, nbf: undefined, exp: IAT + 1 }, IAT + 3600).detail).toBe(
      'The credential expired at "exp" 2027-01-15T08:00:01Z (checked at 2027-01-15T09:00:00Z)',
    );
  });
});
