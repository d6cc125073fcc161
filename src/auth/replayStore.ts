/**
 * Remembers what may be used only once (a presentation's nonce) until it can no longer be used.
 * The token endpoint asks it before it issues a token, so an implementation must make a record
 * durable, and visible to every node that shares it, before `consume` resolves: single use holds
 * across restarts and, with a shared store, across nodes.
 * - Spec: SPEC.md §5.1
 */
export type ReplayStore = {
  /**
   * Records `key` until `expiresAt` (Unix seconds).
   * @returns false when `key` is already recorded and not expired: a replay.
   */
  consume(key: string, expiresAt: number, now: number): Promise<boolean>;
  close(): Promise<void>;
};
