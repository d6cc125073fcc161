import { describe, expect, test } from 'vitest';
import { createDidCoreV1, isDidCoreV1 } from './didCore.js';

describe('did:core', () => {
  test('default: v1 identifiers are z + base58btc(0x01 ‖ 16 bytes)', () => {
    const did = createDidCoreV1(new Uint8Array(16));
    expect(did).toBe('did:core:zYcVfxkQb6JRzqk5kF2tNLw');
    expect(isDidCoreV1(did)).toBe(true);
    expect(isDidCoreV1(createDidCoreV1())).toBe(true);
  });

  test.each(['did:core:zabc', 'did:key:z123', 'did:core:z11111111111111111111', 'did:core:'])(
    'error: %s is not a v1',
    (did) => {
      expect(isDidCoreV1(did)).toBe(false);
    },
  );
});
