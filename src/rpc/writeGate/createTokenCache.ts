import type { VerifiedAccessToken } from '../../auth/accessToken.js';

const MAX_TOKENS = 1_000;

/**
 * Remembers verified access tokens until they expire, so that a client writing many
 * transactions pays for one signature check. Failures are not remembered.
 */
export function createTokenCache(
  verify: (token: string) => Promise<VerifiedAccessToken>,
  now: () => number = () => Math.floor(Date.now() / 1000),
  /** The version of the keys tokens are verified with: a change (a rotation) forgets them all. */
  keysVersion: () => number = () => 0,
): (token: string) => Promise<VerifiedAccessToken> {
  const verified = new Map<string, VerifiedAccessToken>();
  let version = keysVersion();
  return async (token) => {
    if (keysVersion() !== version) {
      verified.clear();
      version = keysVersion();
    }
    const known = verified.get(token);
    if (known && known.exp > now()) return known;
    verified.delete(token);
    const result = await verify(token);
    if (verified.size >= MAX_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(token, result);
    return result;
  };
}
