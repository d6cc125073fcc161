import type { JwtVc } from './checkShape.js';
import { type Check, fail, pass } from './trustReport.js';

/** Allowed clock skew between issuer and verifier for `iat` and `nbf`, in seconds. */
export const CLOCK_TOLERANCE = 60;

/**
 * Checks a credential's validity window at `at`: issued (`iat`) and valid (`nbf`) by then, give or
 * take {@link CLOCK_TOLERANCE}, and not expired (`exp` after `at`, no tolerance).
 * @param at Unix seconds.
 */
export function checkTimes(vc: Pick<JwtVc, 'iat' | 'nbf' | 'exp'>, at: number): Check {
  const { iat, nbf, exp } = vc;
  const when = toIso(at);
  if (iat > at + CLOCK_TOLERANCE)
    return fail('times', `The credential was issued ("iat" ${toIso(iat)}) after ${when}`);
  if (nbf !== undefined && nbf > at + CLOCK_TOLERANCE)
    return fail(
      'times',
      `The credential is not valid before "nbf" ${toIso(nbf)} (checked at ${when})`,
    );
  if (exp !== undefined && exp <= at)
    return fail('times', `The credential expired at "exp" ${toIso(exp)} (checked at ${when})`);
  const until = exp === undefined ? 'no expiry' : `until ${toIso(exp)}`;
  return pass(
    'times',
    `Issued ${toIso(iat)}, valid from ${toIso(nbf ?? iat)}, ${until} (checked at ${when})`,
  );
}

/** Unix seconds as an RFC 3339 date-time (UTC, whole seconds). */
export function toIso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
