/** What the write rules know of the access token behind a transaction. */
export type WriterToken = { sub: string; jkt: string | undefined };

/** A scope a registry defines (SPEC.md §5.2, §5.3.3). */
export type ScopeRule = {
  /** Whether the scope must be requested alone. */
  alone: boolean;
  /** Whether a did:key holder may request it. */
  didKey: boolean;
};

/** One function writable through `/v1/ledger` and the rules a call of it must pass. */
export type WriteRule<scope extends string = string> = {
  /** The scopes, any of which allows the call (SPEC.md §4.4). */
  scopes: readonly scope[];
  /**
   * The argument rules of the call.
   * @returns the reason the call is refused, or `undefined`.
   */
  checkArguments?: (args: readonly unknown[], token: WriterToken) => Promise<string | undefined>;
  /**
   * Which argument holds the public key being registered, when the sender must be that key rather
   * than a key of the token holder (an invite: the holder's DID is not registered yet).
   */
  senderKeyArgument?: number;
};

/** A registry's write table: each writable function and its rule; anything else is refused. */
export type WriteTable<scope extends string = string> = Readonly<Record<string, WriteRule<scope>>>;

/**
 * Which DID Registry resolves the holders writing to an instance: the instance itself (a DID
 * Registry), the one it links to, or the environment's default one.
 * - Spec: SPEC.md §5.3.4
 */
export type HolderResolution = 'self' | 'linked' | 'default';

/**
 * A write table whose functions all take the same scopes (most registries: one `…:write`).
 * - Spec: SPEC.md §4.4
 */
export function writableWith<const scope extends string>(
  scopes: readonly scope[],
  functionNames: readonly string[],
): WriteTable<scope> {
  return Object.fromEntries(functionNames.map((name) => [name, { scopes }]));
}

/** A scope that combines with others and needs a did:core holder (most `…:write` scopes). */
export const COMBINABLE_SCOPE = { alone: false, didKey: false } as const satisfies ScopeRule;
