import { describe, expect, test } from 'vitest';
import { isPublicAddress } from './isPublicAddress.js';

describe('isPublicAddress', () => {
  test.each([['8.8.8.8'], ['1.1.1.1'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8']])(
    'default: %s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  test.each([
    ['127.0.0.1'],
    ['10.0.0.1'],
    ['172.31.255.255'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['255.255.255.255'],
    ['224.0.0.1'],
    ['::'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['fd00::1'],
    ['fe80::1'],
    ['ff02::1'],
    ['64:ff9b::a00:1'],
    ['localhost'],
    [''],
  ])('behavior: %s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});
