import fc from 'fast-check';

/** Values that exist on the node under test, so that some requests get past validation. */
export type KnownValues = {
  /** Deployed contract addresses (the environment's registries). */
  addresses: readonly string[];
  /** Registered DIDs (the operator's). */
  dids: readonly string[];
};

const NUMBER_EDGES = [
  '1e309',
  '-1e309',
  '9'.repeat(309),
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '-0',
  '+1',
  '1.5',
  '.5',
  '5.',
  '1e3',
  '1e-400',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  ' 1',
  '1 ',
  '00001',
  '9007199254740992',
  '9007199254740993',
  '18446744073709551616',
  String(Number.MAX_VALUE),
  String(Number.MIN_VALUE),
] as const;

/** Text read as a number somewhere: overflowing, negative, fractional, hex, not a number. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_EDGES) },
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 400n), max: 10n ** 400n }).map(String),
  fc.integer().map(String),
  fc.nat().map((n) => `0x${n.toString(16)}`),
);

const TEXT_EDGES = [
  '',
  ' ',
  '.',
  '..',
  '/',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '"',
  "'",
  '<script>alert(1)</script>',
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '{{7*7}}',
  '\u0000',
  '\r\n',
  '\u202e',
  '\ud800',
  '😀',
  'é',
  'did:',
  'did:core:',
  'did:key:z',
  'did:core:0x',
  'did:web:example.com',
] as const;

/** Text that trips parsers: any Unicode, control characters, injection classics, traversal. */
export const awkwardText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TEXT_EDGES) },
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
);

const hex = (length: number) =>
  fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${length}}$`)).map((digits) => `0x${digits}`);

const DATES = [
  '2026-01-01',
  '2026-01-01T00:00:00Z',
  '2026-13-45T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999999999Z',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00+99:99',
  '2026-02-30',
] as const;

/** Well-formed protocol values, real and random, that reach the ledger reads. */
function plausibleText(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...known.addresses, ...known.dids),
    hex(40),
    hex(64),
    hex(40).map((address) => `did:core:${address}`),
    fc.stringMatching(/^did:core:z[1-9A-HJ-NP-Za-km-z]{10,50}$/),
    fc.constantFrom(...DATES),
  );
}

/** Overlong text: 1,001 to 5,000 characters mostly, now and then beyond a header's 16 KiB. */
const longText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1001, max: 5000 }) }, fc.constant(20_000)),
    fc.constantFrom('a', '9', 'é', '%41', '0x'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any value a parameter might be given, before it goes into a URL. */
export function hostileText(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: numberText },
    { weight: 3, arbitrary: awkwardText },
    { weight: 3, arbitrary: plausibleText(known) },
    { weight: 1, arbitrary: longText },
  );
}

const PERCENT_EDGES = [
  '%FF%FE',
  '%',
  '%%',
  '%G0',
  '%2',
  '%00',
  '%0A',
  '%0D%0A',
  '%2e%2e',
  '%2F',
  '%252F',
  '%C0%AF',
  '%E2%82',
  '%ED%A0%80',
  '%u0041',
  '%EF%BF%BD',
] as const;

/**
 * A value as it appears in a URL: percent-encoded (mostly), double-encoded, sent raw (so that
 * spaces, controls and Unicode reach the HTTP parser), or a broken percent-encoding.
 */
export function urlValue(known: KnownValues): fc.Arbitrary<string> {
  const text = hostileText(known);
  return fc.oneof(
    { weight: 6, arbitrary: text.map(percentEncode) },
    { weight: 1, arbitrary: text.map((value) => percentEncode(percentEncode(value))) },
    { weight: 1, arbitrary: text },
    { weight: 2, arbitrary: fc.constantFrom(...PERCENT_EDGES) },
  );
}

/** Values for URL parameters, built once (building `stringMatching` arbitraries is slow). */
export type ParameterValues = {
  /** For any parameter. */
  any: fc.Arbitrary<string>;
  /** For a parameter declared an integer: number edge cases mostly. */
  integer: fc.Arbitrary<string>;
};

export function parameterValues(known: KnownValues): ParameterValues {
  const any = urlValue(known);
  return { any, integer: fc.oneof({ weight: 3, arbitrary: numberText.map(percentEncode) }, any) };
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/** `encodeURIComponent` that cannot throw: a lone surrogate goes as UTF-8's replacement character. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}
