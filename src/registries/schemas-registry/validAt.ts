import { toValidAtTime } from '../common/toValidAtTime.js';

/**
 * The instant a `valid-at` value names, as a `Date`; `undefined` unless it is a date or an RFC 3339
 * date-time with an offset (the rule of {@link toValidAtTime}).
 * - Spec: SPEC.md §4.2.5, §9.4
 */
export function toValidAtDate(value: string): Date | undefined {
  const time = toValidAtTime(value);
  return time === undefined ? undefined : new Date(time);
}

/**
 * Whether a revision whose latest metadata is `metadata` (its parsed JSON) is valid at `at`: the
 * metadata is a JSON object, its `validFrom`, when present, is a date not after `at`, and its
 * `validTo`, when present, a date not before `at`. Fails closed: metadata that is not an object,
 * or a bound that is not a date string, excludes the revision.
 * - Spec: SPEC.md §9.6; reference/read-api.md §3.5 (revisions, deprecated form)
 */
export function isMetadataValidAt(metadata: unknown, at: Date): boolean {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false;
  const { validFrom, validTo } = metadata as Record<string, unknown>;
  const from = toBound(validFrom);
  const to = toBound(validTo);
  if (from === null || to === null) return false;
  return (from === undefined || from <= at.getTime()) && (to === undefined || at.getTime() <= to);
}

/** A bound in ms: `undefined` when absent, `null` when present but not a date string. */
function toBound(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}
