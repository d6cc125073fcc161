import { describe, expect, test } from 'vitest';
import { ScopeInvalidError } from '../errors/scope.js';
import { acceptsDidKey, parseScope } from './scopes.js';
import { toOAuthError } from './toOAuthError.js';

/** The OAuth error the token endpoint answers a bad scope with. */
function failure(scope: unknown): { error: string; description: string } {
  try {
    parseScope(scope);
  } catch (error) {
    if (error instanceof ScopeInvalidError) {
      const { body } = toOAuthError(error);
      return { error: body.error, description: body.error_description };
    }
  }
  throw new Error('expected a ScopeInvalidError');
}

describe('parseScope', () => {
  test('default: one scope', () => {
    expect(parseScope('openid timestamp:write')).toEqual({
      scope: 'openid timestamp:write',
      scopes: [{ name: 'timestamp:write', instance: undefined, token: 'timestamp:write' }],
    });
  });

  test('behavior: combinable scopes together, suffixes checksummed', () => {
    const request = parseScope(
      'openid did-registry:write timestamp:write:0x00000000000000000000000000000000000000aa',
    );
    expect(request.scope).toBe(
      'openid did-registry:write timestamp:write:0x00000000000000000000000000000000000000AA',
    );
    expect(request.scopes.map((s) => s.name)).toEqual(['did-registry:write', 'timestamp:write']);
  });

  test.each([
    [undefined, 'invalid_request', '"scope" is required'],
    ['', 'invalid_request', '"scope" is required'],
    ['timestamp:write', 'invalid_scope', '"scope" must start with "openid"'],
    ['openid', 'invalid_scope', '"scope" must name at least one scope besides "openid"'],
    [
      'openid tsr_write',
      'invalid_scope',
      'The scope "tsr_write" is no longer supported: use the colon forms of SPEC §5.2',
    ],
    [
      'openid timestamp_write',
      'invalid_scope',
      'The scope "timestamp_write" is no longer supported: use the colon forms of SPEC §5.2',
    ],
    ['openid timestamp:read', 'invalid_scope', 'The scope "timestamp:read" is not supported'],
    [
      'openid timestamp:write:0x12',
      'invalid_scope',
      'The scope "timestamp:write:0x12" is not supported',
    ],
    [
      'openid timestamp:write timestamp:write',
      'invalid_scope',
      'The scope "timestamp:write" is requested more than once',
    ],
    [
      'openid did-registry:invite timestamp:write',
      'invalid_scope',
      'The scope "did-registry:invite" must be requested alone',
    ],
    [
      'openid timestamp:write issuers-registry:invite',
      'invalid_scope',
      'The scope "issuers-registry:invite" must be requested alone',
    ],
    [
      'openid track-and-trace:authorise track-and-trace:write',
      'invalid_scope',
      'The scope "track-and-trace:authorise" must be requested alone',
    ],
    [
      'openid ledger:invoke',
      'invalid_request',
      'The scope "ledger:invoke" needs the contract address: "ledger:invoke:<0x-address>"',
    ],
  ])('error: %j', (scope, error, description) => {
    expect(failure(scope)).toEqual({ error, description });
  });

  test('behavior: did:key holders only when every scope accepts them', () => {
    expect(acceptsDidKey(parseScope('openid track-and-trace:write'))).toBe(true);
    expect(
      acceptsDidKey(parseScope('openid ledger:invoke:0x00000000000000000000000000000000000000aa')),
    ).toBe(true);
    expect(acceptsDidKey(parseScope('openid did-registry:write track-and-trace:write'))).toBe(
      false,
    );
  });
});
