import { describe, expect, test } from 'vitest';
import {
  CredentialUntrustedError,
  EntitlementRefusedError,
  type JwtProblem,
  PresentationInvalidError,
  type PresentationProblem,
  TokenRequestInvalidError,
} from '../errors/auth.js';
import { LedgerUnavailableError } from '../errors/ledger.js';
import { ReplayStoreUnavailableError } from '../errors/replayStore.js';
import { toOAuthError } from './toOAuthError.js';

const REQUEST_FAULTS = ['malformed', 'unsupported'] as const;
const GRANT_FAULTS = ['binding', 'expired', 'premature', 'key', 'signature'] as const;

describe('toOAuthError', () => {
  test('default: a token request fault is invalid_request with its message', () => {
    const error = new TokenRequestInvalidError('grant_type', '"grant_type" is required');
    expect(toOAuthError(error)).toEqual({
      error: expect.objectContaining({ error: 'invalid_request', cause: error }),
      body: { error: 'invalid_request', error_description: '"grant_type" is required' },
      unexpected: false,
    });
  });

  test.each([
    ...REQUEST_FAULTS.map((reason) => [reason, 'invalid_request'] as const),
    ...[...GRANT_FAULTS, 'audience', 'lifetime', 'replayed'].map(
      (reason) => [reason as PresentationProblem, 'invalid_grant'] as const,
    ),
  ])('behavior: a presentation refused as %s is %s', (reason, code) => {
    const { body } = toOAuthError(new PresentationInvalidError(reason, 'aud', 'It failed'));
    expect(body).toEqual({ error: code, error_description: 'It failed' });
  });

  test.each([
    ...REQUEST_FAULTS.map((reason) => [reason, 'invalid_request'] as const),
    ...GRANT_FAULTS.map((reason) => [reason as JwtProblem, 'invalid_grant'] as const),
  ])('behavior: a credential refused as %s is %s', (reason, code) => {
    const { body } = toOAuthError(new CredentialUntrustedError(reason, 'exp', 'It failed'));
    expect(body).toEqual({ error: code, error_description: 'It failed' });
  });

  test('behavior: a refused entitlement is invalid_grant', () => {
    const error = new EntitlementRefusedError('policy', undefined, 'No policy');
    expect(toOAuthError(error).body).toEqual({
      error: 'invalid_grant',
      error_description: 'No policy',
    });
  });

  test('error: an unavailable ledger is server_error with a fixed text', () => {
    expect(toOAuthError(new LedgerUnavailableError()).body).toEqual({
      error: 'server_error',
      error_description: 'The registries cannot be read: the ledger is unavailable',
    });
  });

  test('error: an unavailable replay store is server_error with a fixed text', () => {
    const error = new ReplayStoreUnavailableError('redis://127.0.0.1:6379', {
      cause: new Error('secret detail'),
    });
    expect(toOAuthError(error)).toEqual({
      error: expect.objectContaining({ error: 'server_error', cause: error }),
      body: {
        error: 'server_error',
        error_description:
          'Single use of the presentation cannot be checked: the replay store is unavailable',
      },
      unexpected: false,
    });
  });

  test('error: anything else is an unexpected server_error', () => {
    const { body, unexpected } = toOAuthError(new Error('secret detail'));
    expect(body).toEqual({
      error: 'server_error',
      error_description: 'The token request could not be processed',
    });
    expect(unexpected).toBe(true);
  });
});
