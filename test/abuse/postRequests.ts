import fc from 'fast-check';
import { SCOPE_NAMES } from '../../src/auth/scopes.js';
import { type FuzzRequest, LEDGER_PATH, TOKEN_PATH } from './fuzzRequest.js';
import { hostileHeaders } from './hostileHeaders.js';
import { awkwardText, type KnownValues, percentEncode, urlValue } from './hostileValues.js';
import { fuzzMethod } from './restRequests.js';
import { rpcPayload } from './rpcPayloads.js';

/** A body past the ledger endpoint's 16 MiB limit. */
const OVER_LEDGER_LIMIT = JSON.stringify('a'.repeat(16 * 1024 * 1024));

const ODD_BODIES = [
  '',
  'null',
  '[]',
  '{}',
  '"x"',
  '1e309',
  '-',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
] as const;

/** `[[[…]]]` or `{"a":{"a":…}}`, up to 50,000 levels. */
const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** JSON cut short somewhere. */
const truncatedJson = fc
  .tuple(fc.json({ maxDepth: 3 }), fc.nat())
  .map(([json, cut]) => json.slice(0, cut % Math.max(1, json.length)));

/** Bodies no endpoint should choke on: odd JSON, invalid JSON, deep nesting, 0.1–1.2 MB strings. */
export const hostileBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 2, arbitrary: truncatedJson },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_BODIES) },
  { weight: 2, arbitrary: deepJson },
  { weight: 1, arbitrary: awkwardText },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100_000, max: 1_200_000 })
      .map((length) => JSON.stringify({ x: 'a'.repeat(length) })),
  },
);

const SCOPES = [
  'openid',
  ...SCOPE_NAMES.map((name) => `openid ${name}`),
  'openid did-registry:write timestamp:write',
  'openid ledger:invoke did-registry:write',
  `openid did-registry:invite:0x${'0'.repeat(40)}`,
  'openid timestamp:write:0xnotanaddress',
  'did-registry:write',
] as const;

const VP_TOKENS = [
  '{}',
  '[]',
  'a.b.c',
  '{"self":["a.b.c"]}',
  '{"self":[]}',
  '{"self":"a.b.c"}',
  'eyJhbGciOiJub25lIn0.eyJ2cCI6e319.',
] as const;

const formValue = (values: readonly string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, awkwardText);

const formField = fc.oneof(
  fc.tuple(fc.constant('grant_type'), formValue(['vp_token', 'authorization_code', ''])),
  fc.tuple(fc.constant('scope'), formValue(SCOPES)),
  fc.tuple(fc.constant('vp_token'), fc.oneof(formValue(VP_TOKENS), fc.json({ maxDepth: 3 }))),
  fc.tuple(fc.constantFrom('presentation_submission', 'client_id', 'nonce'), awkwardText),
  fc.tuple(awkwardText, awkwardText),
);

/** An OAuth form body: known and unknown fields, hostile values, fields repeated now and then. */
const tokenForm = fc
  .array(formField, { maxLength: 6 })
  .map((fields) => fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`))
  .map((pairs) => pairs.join('&'));

/** A small query now and then: POST routes declare none. */
const strayQuery = (known: KnownValues) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: urlValue(known).map((value) => `?contractAddress=${value}`) },
  );

function postRequest(
  path: string,
  known: KnownValues,
  body: fc.Arbitrary<string>,
  contentType: string,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fuzzMethod('POST'),
      query: strayQuery(known),
      headers: hostileHeaders(contentType),
      body,
    })
    .map(({ method, query, headers, body }) => ({
      method,
      target: `${path}${query}`,
      headers,
      body,
    }));
}

/** Requests to `POST /v1/auth/token`: OAuth forms mostly, JSON and junk otherwise. */
export function tokenRequest(known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const body = fc.oneof({ weight: 3, arbitrary: tokenForm }, hostileBody);
  return postRequest(TOKEN_PATH, known, body, 'application/x-www-form-urlencoded');
}

/** Requests to `POST /v1/ledger`: JSON-RPC payloads mostly, junk and oversized bodies otherwise. */
export function ledgerRequest(known: KnownValues): fc.Arbitrary<FuzzRequest> {
  // An oversized body costs 16 MiB each way: rare enough that a long run is not all about it.
  const body = fc.oneof(
    { weight: 800, arbitrary: rpcPayload(known) },
    { weight: 200, arbitrary: hostileBody },
    { weight: 1, arbitrary: fc.constant(OVER_LEDGER_LIMIT) },
  );
  return postRequest(LEDGER_PATH, known, body, 'application/json');
}

/** A TRQP query: known DIDs and actions, hostile values, odd times and contexts. */
function trqpQuery(known: KnownValues): fc.Arbitrary<string> {
  const did = fc.oneof(fc.constantFrom(...known.dids), awkwardText);
  const time = fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom('2026-02-30T00:00:00Z', '2026-01-01T00:00:00+01:00', '2999-01-01T00:00:00Z'),
    awkwardText,
  );
  const context = fc.oneof(
    fc.record({ time }, { requiredKeys: [] }),
    fc.dictionary(awkwardText, fc.oneof(awkwardText, fc.json({ maxDepth: 1 })), { maxKeys: 3 }),
    fc.json({ maxDepth: 2 }),
  );
  return fc
    .record(
      {
        entity_id: did,
        authority_id: did,
        action: fc.oneof(fc.constantFrom('issue', 'accredit', '', 'recognize'), awkwardText),
        resource: fc.oneof(fc.constantFrom('VerifiableDiploma', `z${'1'.repeat(43)}`), awkwardText),
        context,
      },
      { requiredKeys: [] },
    )
    .map((query) => JSON.stringify(query));
}

/** Requests to the TRQP queries (`POST /v1/trqp/…`): queries mostly, junk otherwise. */
export function trqpRequest(path: string, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const body = fc.oneof({ weight: 3, arbitrary: trqpQuery(known) }, hostileBody);
  return postRequest(path, known, body, 'application/json');
}
