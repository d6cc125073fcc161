import { asCoreError } from '../errors/anyCoreError.js';
import type { ErrorReply } from '../http/errorReplies.js';
import { toOAuthError } from './toOAuthError.js';

/**
 * How the token endpoint answers any error: an OAuth error object at 400 (SPEC.md §5.4.5), never
 * cached; a rate limit at 429 with `Retry-After`.
 */
export function oauthReply(
  error: unknown,
  context: { bodyLimit?: number | undefined },
): ErrorReply {
  const { body, unexpected } = toOAuthError(error, context);
  const core = asCoreError(error);
  const limited = core?.code === 'CORE_ERR_RATE_LIMITED' ? core : undefined;
  return {
    status: limited ? 429 : 400,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(limited ? { 'retry-after': String(limited.retryAfter) } : {}),
    },
    body,
    unexpected,
  };
}
