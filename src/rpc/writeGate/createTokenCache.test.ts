import { describe, expect, test, vi } from 'vitest';
import { parseScope } from '../../auth/scopes.js';
import { createTokenCache } from './createTokenCache.js';

const token = (exp: number) => ({
  sub: 'did:core:z1',
  scope: parseScope('openid timestamp:write'),
  jkt: undefined,
  exp,
});

describe('createTokenCache', () => {
  test('behavior: a verified token is checked once until it expires', async () => {
    let now = 1000;
    const verify = vi.fn(async () => token(1010));
    const cached = createTokenCache(verify, () => now);
    await cached('t');
    await cached('t');
    expect(verify).toHaveBeenCalledTimes(1);
    now = 1010;
    await cached('t');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  test('error: failures are not remembered', async () => {
    const verify = vi.fn(async () => {
      throw new Error('bad');
    });
    const cached = createTokenCache(verify);
    await expect(cached('t')).rejects.toThrow('bad');
    await expect(cached('t')).rejects.toThrow('bad');
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
