/**
 * Every error code the node can raise. A closed set so that each mapper (REST, OAuth, JSON-RPC)
 * can `switch (err.code)` exhaustively.
 * - Design: STYLE.md B4
 */
export const CORE_ERROR_CODES = [
  'CORE_ERR_CONFIG_INVALID',
  'CORE_ERR_LEDGER_UNAVAILABLE',
  'CORE_ERR_LEDGER_REQUEST',
  'CORE_ERR_EMBEDDED_LEDGER',
  'CORE_ERR_REPLAY_STORE_UNAVAILABLE',
  'CORE_ERR_SIGNER_UNAVAILABLE',
  'CORE_ERR_HTTP_PROBLEM',
  'CORE_ERR_RPC',
  'CORE_ERR_CONTRACT_REVERT',
  'CORE_ERR_ENVIRONMENT',
  'CORE_ERR_NOT_FOUND',
  'CORE_ERR_OAUTH',
  'CORE_ERR_ACCESS_TOKEN',
  'CORE_ERR_SCOPE_INVALID',
  'CORE_ERR_INSTANCE_INVALID',
  'CORE_ERR_TRANSACTION_INVALID',
  'CORE_ERR_WRITE_REFUSED',
  'CORE_ERR_REQUEST_MALFORMED',
  'CORE_ERR_RATE_LIMITED',
  'CORE_ERR_TOKEN_REQUEST_INVALID',
  'CORE_ERR_PRESENTATION_INVALID',
  'CORE_ERR_CREDENTIAL_UNTRUSTED',
  'CORE_ERR_ENTITLEMENT_REFUSED',
  'CORE_ERR_BLOCK_NOT_REACHED',
] as const;

export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

export type CoreErrorOptions = {
  /** The internal error behind this one: logged, never sent to a client. */
  cause?: unknown;
};

/**
 * Base of every error the node throws on purpose. `message` is safe to show a client; anything
 * internal travels in `cause`.
 */
export abstract class CoreError extends Error {
  abstract readonly code: CoreErrorCode;

  constructor(message: string, options: CoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
  }
}
