import fc from 'fast-check';
import type { HeaderPair } from './fuzzRequest.js';
import { awkwardText } from './hostileValues.js';

const ACCEPTS = [
  'application/json',
  'application/problem+json',
  'application/did+json',
  'application/did+ld+json',
  'application/ld+json',
  'application/jwk-set+json',
  '*/*',
  'text/*',
  'application/*',
  'text/html',
  'image/png',
  'application/json;q=0',
  '*/*;q=0',
  'application/json;q=abc',
  'application/json; charset=utf-16',
  'application/did+json, */*;q=0.1',
  '',
  ',,,',
  ';;',
  '*',
  '/',
] as const;

/** Media types a body is said to have. */
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json-rpc',
  'application/jsonrequest',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json, text/plain',
  '',
  ';',
] as const;

const AUTHORIZATIONS = [
  'Bearer ',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzY29wZSI6Im9wZW5pZCJ9.',
  'Basic Zm9vOmJhcg==',
  'Bearer',
  '',
] as const;

const mediaRange = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ACCEPTS) },
  awkwardText,
  fc.integer({ min: 1000, max: 8000 }).map((length) => 'a/b;q=0.5,'.repeat(length / 10)),
);

const token = fc.oneof(
  fc.constantFrom(...AUTHORIZATIONS),
  awkwardText.map((text) => `Bearer ${text}`),
);

/** Many small headers, or one huge one: past Node's 16 KiB of headers now and then. */
const headerFlood: fc.Arbitrary<HeaderPair[]> = fc.oneof(
  fc
    .integer({ min: 100, max: 2000 })
    .map((count) => Array.from({ length: count }, (_, i) => [`x-fuzz-${i}`, 'a'] as const)),
  fc
    .integer({ min: 8_000, max: 70_000 })
    .map((length) => [['x-fuzz', 'a'.repeat(length)] as const]),
);

/** The headers of `headers`, in `percent` % of the cases; none otherwise. */
const sometimes = (percent: number, headers: fc.Arbitrary<HeaderPair[]>) =>
  fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant<HeaderPair[]>([]) },
    { weight: percent, arbitrary: headers },
  );

const optional = (name: string, value: fc.Arbitrary<string>): fc.Arbitrary<HeaderPair[]> =>
  sometimes(
    30,
    value.map((text) => [[name, text] as const]),
  );

/**
 * Random request headers: `Accept`, `Content-Type`, `Authorization`, `X-Request-Id`, CORS
 * preflight headers, and once in a while a header flood.
 * @param ownType the media type the route reads, given in most requests (`undefined`: a read,
 *   which gets a random one now and then).
 */
export function hostileHeaders(ownType?: string): fc.Arbitrary<HeaderPair[]> {
  const anyType = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    awkwardText,
  );
  const contentType =
    ownType === undefined
      ? sometimes(
          15,
          anyType.map((type) => [['content-type', type] as const]),
        )
      : fc
          .oneof({ weight: 8, arbitrary: fc.constant(ownType) }, { weight: 2, arbitrary: anyType })
          .map((type) => [['content-type', type] as const]);
  return fc
    .tuple(
      optional('accept', mediaRange),
      contentType,
      optional('authorization', token),
      optional('x-request-id', awkwardText),
      optional('origin', fc.constantFrom('https://example.com', 'null', '*')),
      optional('access-control-request-method', fc.constantFrom('GET', 'POST', 'DELETE', 'x')),
      sometimes(2, headerFlood),
    )
    .map((groups) => groups.flat());
}
