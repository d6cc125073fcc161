/** Remembers presentation nonces for as long as a presentation can live. */
export type NonceStore = {
  /** Records `nonce`; false when it was seen before (a replay). */
  consume(nonce: string, now: number): boolean;
};

/**
 * An in-memory nonce store: a nonce is kept until the longest-lived presentation that could carry
 * it has expired (5 minutes, SPEC.md §5.1), then forgotten.
 */
export function createNonceStore(ttlSeconds = 300): NonceStore {
  const seen = new Map<string, number>();
  let sweepAt = 0;
  return {
    consume(nonce, now) {
      if (now >= sweepAt) {
        for (const [key, expiry] of seen) if (expiry <= now) seen.delete(key);
        sweepAt = now + 30;
      }
      const expiry = seen.get(nonce);
      if (expiry !== undefined && expiry > now) return false;
      seen.set(nonce, now + ttlSeconds);
      return true;
    },
  };
}
