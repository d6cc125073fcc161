import Negotiator from 'negotiator';

/** A route's `produces` entry that accepts any `Accept` (static files of the reference page). */
export const ANY_MEDIA_TYPE = '*/*';

/**
 * The media type to answer with for this `Accept` header, or `undefined` when none of
 * `produces` is acceptable (406). A missing header accepts anything.
 * - Spec: SPEC.md §4 (406), §4.2.4
 */
export function negotiateMediaType(
  accept: string | undefined,
  produces: readonly string[],
): string | undefined {
  if (accept === undefined || accept.trim() === '' || produces.includes(ANY_MEDIA_TYPE)) {
    return produces[0];
  }
  return new Negotiator({ headers: { accept } }).mediaType(produces as string[]);
}
