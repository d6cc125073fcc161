import { describe, expect, test } from 'vitest';
import { addOperationIds, toOperationId } from './addOperationIds.js';

describe('toOperationId', () => {
  test('default: the method, then each segment after /v1 in PascalCase', () => {
    expect(toOperationId('GET', '/v1/track-and-trace/documents')).toBe('getTrackAndTraceDocuments');
    expect(toOperationId('post', '/v1/auth/token')).toBe('postAuthToken');
  });

  test('args: path parameters become By<Name>', () => {
    expect(
      toOperationId('get', '/v1/issuers-registry/issuers/{did}/attributes/{id}/revisions/{revId}'),
    ).toBe('getIssuersRegistryIssuersByDidAttributesByIdRevisionsByRevId');
  });

  test('args: dots and dashes separate words', () => {
    expect(toOperationId('get', '/v1/auth/.well-known/openid-configuration')).toBe(
      'getAuthWellKnownOpenidConfiguration',
    );
  });

  test('args: paths outside /v1 and the index', () => {
    expect(toOperationId('get', '/health')).toBe('getHealth');
    expect(toOperationId('get', '/v1')).toBe('getIndex');
    expect(toOperationId('head', '/v1/track-and-trace/accesses')).toBe('headTrackAndTraceAccesses');
  });
});

describe('addOperationIds', () => {
  test('default: every operation gets its id; one it declares is kept', () => {
    const document = {
      paths: {
        '/v1/ledger': { post: {}, summary: 'not an operation' },
        '/health': { get: { operationId: 'liveness' }, head: {} },
      },
    };
    expect(addOperationIds(document).paths).toEqual({
      '/v1/ledger': { post: { operationId: 'postLedger' }, summary: 'not an operation' },
      '/health': { get: { operationId: 'liveness' }, head: { operationId: 'headHealth' } },
    });
  });

  test('error: two operations with one id', () => {
    const document = { paths: { '/v1/a-b': { get: {} }, '/v1/a/b': { get: {} } } };
    expect(() => addOperationIds(document)).toThrowError(
      new TypeError('OpenAPI: GET /v1/a/b and GET /v1/a-b have the operationId "getAB"'),
    );
  });
});
