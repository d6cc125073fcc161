import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PresentationInvalidError } from '../errors/auth.js';
import { parseCompactJwt, parseJwsSignature } from './parseCompactJwt.js';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('parseJwsSignature', () => {
  test('property: the signing input and signature parseCompactJwt gives, without the claims', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.uint8Array({ minLength: 0, maxLength: 96 }),
        (header, payload, signature) => {
          const token = `${base64url(header)}.${base64url(payload)}.${Buffer.from(signature).toString('base64url')}`;
          const { signingInput, signature: parsed } = parseCompactJwt(token, 'presentation');
          expect(parseJwsSignature(token, 'presentation')).toEqual({
            signingInput,
            signature: parsed,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test.each([
    ['two parts', 'eyJhIjoxfQ.eyJiIjoyfQ'],
    ['four parts', 'a.b.c.d'],
    ['an empty payload', 'eyJhIjoxfQ..c2ln'],
    ['not base64url', 'ey+hIjoxfQ.eyJiIjoyfQ.c2ln'],
    ['no string', 42],
  ])('error: %s is refused as malformed', (_, token) => {
    expect(() => parseJwsSignature(token, 'presentation')).toThrow(PresentationInvalidError);
  });
});
