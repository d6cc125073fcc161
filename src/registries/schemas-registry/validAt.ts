/** `YYYY-MM-DD`, or an RFC 3339 date-time with seconds and an offset (`Z` or `±hh:mm`). */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant a `valid-at` value names: a date (`2026-01-31`, read as its first instant in UTC)
 * or an RFC 3339 date-time with an offset (`2026-01-31T12:00:00Z`); `undefined` for anything
 * else, impossible calendar dates included.
 * - Spec: SPEC.md §4.2.5, §9.4
 */
export function toValidAtDate(value: string): Date | undefined {
  const date = DATE.exec(value);
  if (date) return toUtcDate(date) ? new Date(`${value}T00:00:00Z`) : undefined;
  const dateTime = DATE_TIME.exec(value);
  if (!dateTime || !toUtcDate(dateTime)) return undefined;
  const [hours, minutes, seconds] = [dateTime[4], dateTime[5], dateTime[6]].map(Number);
  if ((hours as number) > 23 || (minutes as number) > 59 || (seconds as number) > 60) {
    return undefined;
  }
  if (dateTime[9] !== undefined && (Number(dateTime[9]) > 23 || Number(dateTime[10]) > 59)) {
    return undefined;
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** Whether the year, month and day captured in `match[1..3]` form a real calendar date. */
function toUtcDate(match: RegExpExecArray): boolean {
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
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
