import { parameterProblem } from '../../errors/problem.js';

/** `YYYY-MM-DD`, optionally followed by an RFC 3339 time (seconds required) and its offset. */
const VALID_AT =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[Tt](?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})(?<fraction>\.\d+)?(?:[Zz]|(?<sign>[+-])(?<offsetHour>\d{2}):(?<offsetMinute>\d{2})))?$/;

/**
 * The instant a `valid-at` value names, in milliseconds since the epoch (negative before it): a
 * date (`2026-01-31`, its first instant in UTC) or an RFC 3339 date-time with seconds and an
 * offset (`2026-01-31T12:00:00Z`); `undefined` for anything else, impossible calendar dates and
 * times (February 30, 24:00:00, a leap second) included. The one `valid-at` rule of every
 * registry; each route words its own refusal.
 * - Spec: SPEC.md §4.2.5, §9.4
 */
export function toValidAtTime(value: string): number | undefined {
  const groups = VALID_AT.exec(value)?.groups;
  if (!groups) return undefined;
  const field = (name: string) => Number(groups[name] ?? 0);
  const time = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map the years 0 to 99 onto 1900 to 1999.
  time.setUTCFullYear(field('year'), field('month') - 1, field('day'));
  time.setUTCHours(field('hour'), field('minute'), field('second'));
  // Out-of-range fields (month 13, February 30, 24:00:00) roll over: the round trip catches them.
  const exact =
    time.getUTCFullYear() === field('year') &&
    time.getUTCMonth() === field('month') - 1 &&
    time.getUTCDate() === field('day') &&
    time.getUTCHours() === field('hour') &&
    time.getUTCMinutes() === field('minute') &&
    time.getUTCSeconds() === field('second');
  if (!exact || field('offsetHour') > 23 || field('offsetMinute') > 59) return undefined;
  const offset = (field('offsetHour') * 60 + field('offsetMinute')) * 60_000;
  const fraction = Number((groups.fraction ?? '.').slice(1).padEnd(3, '0').slice(0, 3));
  return time.getTime() + fraction - (groups.sign === '-' ? -offset : offset);
}

/** The `valid-at` query parameter of a read, as DID documents and attributes take it. */
export const VALID_AT_QUERY_PROPERTY = {
  type: 'string',
  maxLength: 64,
  description:
    'a date (YYYY-MM-DD, that day at 00:00:00Z) or an RFC 3339 date-time, from 1970-01-01 on',
} as const;

/**
 * The Unix time a `valid-at` parameter names, in whole seconds (a fraction is dropped: block
 * times have none). A date means that day at 00:00:00Z. Checked here rather than in the schema
 * because the validator knows no "date or date-time" format.
 * - Spec: SPEC.md §4.2.5
 * @throws {ProblemError} 400 `validation-error` naming `valid-at`.
 */
export function parseValidAtParameter(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const time = toValidAtTime(value);
  const seconds = time === undefined ? undefined : Math.floor(time / 1000);
  const invalid = (detail: string) =>
    parameterProblem('valid-at', `Parameter "valid-at" ${detail}`);
  if (seconds === undefined) throw invalid('must be a date (YYYY-MM-DD) or an RFC 3339 date-time');
  if (seconds < 0) throw invalid('must not be before 1970-01-01T00:00:00Z');
  return BigInt(seconds);
}
