import type { AccessTokenInvalidError } from './accessToken.js';
import type {
  CredentialUntrustedError,
  EntitlementRefusedError,
  PresentationInvalidError,
  TokenRequestInvalidError,
} from './auth.js';
import { CoreError } from './base.js';
import type { ConfigError } from './config.js';
import type { ContractRevertError } from './contract.js';
import type { EnvironmentError } from './environment.js';
import type {
  BlockNotReachedError,
  EmbeddedLedgerError,
  LedgerRequestError,
  LedgerUnavailableError,
} from './ledger.js';
import type { ResourceNotFoundError } from './notFound.js';
import type { OAuthError } from './oauth.js';
import type { ProblemError } from './problem.js';
import type { ReplayStoreUnavailableError } from './replayStore.js';
import type { RateLimitedError, RequestMalformedError } from './request.js';
import type { RpcError } from './rpc.js';
import type { ScopeInvalidError } from './scope.js';
import type { SignerUnavailableError } from './signer.js';
import type { InstanceInvalidError } from './target.js';
import type { TransactionInvalidError } from './transaction.js';
import type { WriteRefusedError } from './write.js';

/**
 * Every concrete error, discriminated by `code`: mappers `switch (err.code)` over it and the
 * compiler checks that each code is handled.
 */
export type AnyCoreError =
  | AccessTokenInvalidError
  | BlockNotReachedError
  | ConfigError
  | ContractRevertError
  | EnvironmentError
  | EmbeddedLedgerError
  | LedgerRequestError
  | LedgerUnavailableError
  | OAuthError
  | ProblemError
  | RateLimitedError
  | ReplayStoreUnavailableError
  | SignerUnavailableError
  | RequestMalformedError
  | ResourceNotFoundError
  | RpcError
  | ScopeInvalidError
  | InstanceInvalidError
  | TransactionInvalidError
  | WriteRefusedError
  | TokenRequestInvalidError
  | PresentationInvalidError
  | CredentialUntrustedError
  | EntitlementRefusedError;

/** Narrows a caught value to one of our errors; `undefined` for anything else. */
export function asCoreError(value: unknown): AnyCoreError | undefined {
  return value instanceof CoreError ? (value as AnyCoreError) : undefined;
}
