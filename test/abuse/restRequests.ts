import fc from 'fast-check';
import type { FuzzRequest } from './fuzzRequest.js';
import { hostileHeaders } from './hostileHeaders.js';
import { awkwardText, type ParameterValues, percentEncode } from './hostileValues.js';
import type { FuzzRoute } from './openApiRoutes.js';

/** Methods, the declared one two times in three; CONNECT is left out (Node hands it to no route). */
export const fuzzMethod = (declared: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 20, arbitrary: fc.constant(declared) },
    { weight: 8, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH') },
    { weight: 2, arbitrary: fc.constant('OPTIONS') },
    { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'SEARCH', 'get', 'FOO') },
  );

/** Query names every registry read knows; the route's own come from its OpenAPI entry. */
const KNOWN_QUERY_NAMES = [
  'page[after]',
  'page[size]',
  'contractAddress',
  'valid-at',
  'controller',
  'creator',
  'subject',
  'owner',
  'first-version',
  'version',
  'scope',
] as const;

const ODD_QUERY_NAMES = [
  'page[after][]',
  'page[size][x]',
  'page[',
  'page]',
  'page',
  'page%5Bsize%5D',
  'PAGE[SIZE]',
  'contractAddress[]',
  '__proto__',
  'constructor',
  'a[b][c]',
  '',
  '=',
] as const;

/** A path mutation: mostly none; else a slash, case or dot-segment the router must not trip on. */
const PATH_MUTATIONS: readonly ((path: string) => string)[] = [
  (path) => `${path}/`,
  (path) => path.replace('/v1/', '//v1//'),
  (path) => path.toUpperCase(),
  (path) => `${path}/..`,
  (path) => `${path}/%2e%2e/%2e%2e/health`,
  (path) => `${path};jsessionid=1`,
  (path) => `${path}#fragment`,
  (path) => `/v1/..${path}`,
];

const pathMutation = fc.oneof(
  { weight: 12, arbitrary: fc.constant((path: string) => path) },
  { weight: 1, arbitrary: fc.constantFrom(...PATH_MUTATIONS) },
);

/** The values a parameter `name` of the route is given: number edge cases if it is an integer. */
function valuesOf(route: FuzzRoute, name: string, values: ParameterValues): fc.Arbitrary<string> {
  return route.integerNames.includes(name) ? values.integer : values.any;
}

/** The route's template with every `{name}` and `{*}` filled with a hostile value. */
function fillTemplate(route: FuzzRoute, values: ParameterValues): fc.Arbitrary<string> {
  const parts = route.template.split(/(\{[^}]*\})/).map((part) => {
    if (part === '{*}') {
      return fc.array(values.any, { maxLength: 3 }).map((segments) => segments.join('/'));
    }
    if (part.startsWith('{')) return valuesOf(route, part.slice(1, -1), values);
    return fc.constant(part);
  });
  return fc
    .tuple(fc.tuple(...parts), pathMutation)
    .map(([filled, mutate]) => mutate(filled.join('')));
}

/**
 * `?…`: half the time one of the route's own parameters alone (so that validation of the others
 * does not hide what the value does); otherwise up to five of known, odd and unknown names,
 * values hostile, all repeated now and then.
 */
function queryString(route: FuzzRoute, values: ParameterValues): fc.Arbitrary<string> {
  const own = route.queryNames.length > 0 ? route.queryNames : KNOWN_QUERY_NAMES;
  const anyName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...own) },
    { weight: 2, arbitrary: fc.constantFrom(...KNOWN_QUERY_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERY_NAMES) },
    { weight: 1, arbitrary: awkwardText.map(percentEncode) },
  );
  const focused = queryPair(route, fc.constantFrom(...own), values).map((pair) => [pair]);
  const chaotic = fc
    .tuple(fc.array(queryPair(route, anyName, values), { maxLength: 5 }), fc.boolean())
    .map(([pairs, repeat]) => (repeat ? [...pairs, ...pairs] : pairs));
  return fc
    .oneof(focused, chaotic)
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
}

/** `name=value`, or a bare `name` now and then. */
function queryPair(
  route: FuzzRoute,
  name: fc.Arbitrary<string>,
  values: ParameterValues,
): fc.Arbitrary<string> {
  const bare = fc.integer({ min: 1, max: 10 }).map((n) => n === 1);
  // Both kinds of value are drawn and the name picks one: cheaper than a `chain` per pair.
  return fc.tuple(name, values.any, values.integer, bare).map(([key, any, integer, isBare]) => {
    if (isBare) return key;
    return `${key}=${route.integerNames.includes(key) ? integer : any}`;
  });
}

/** A body now and then on a read: JSON, text or nothing. */
const strayBody = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  fc.json({ maxDepth: 3 }),
  awkwardText,
);

/** A request to one REST route: hostile path parameters, query, method and headers. */
export function restRequest(route: FuzzRoute, values: ParameterValues): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fuzzMethod(route.method),
      path: fillTemplate(route, values),
      query: queryString(route, values),
      headers: hostileHeaders(),
      body: strayBody,
    })
    .map(({ method, path, query, headers, body }) => ({
      method,
      target: `${path}${query}`,
      headers,
      ...(body === undefined ? {} : { body }),
    }));
}
