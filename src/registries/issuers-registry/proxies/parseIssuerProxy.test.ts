import type { Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { ProblemError } from '../../../errors/problem.js';
import { parseIssuerProxy } from './parseIssuerProxy.js';

const did = 'did:core:z1';
const proxyId = `0x${'ab'.repeat(32)}` as Hex;

describe('parseIssuerProxy', () => {
  test('default: headers become strings', () => {
    const data = JSON.stringify({
      prefix: 'https://issuer.example/lists',
      headers: { Authorization: 'Bearer x', 'X-Count': 2, 'X-On': true },
      testSuffix: '/1',
    });
    expect(parseIssuerProxy(data, did, proxyId)).toEqual({
      prefix: 'https://issuer.example/lists',
      headers: { Authorization: 'Bearer x', 'X-Count': '2', 'X-On': 'true' },
      testSuffix: '/1',
    });
  });

  test('args: headers may be absent', () => {
    const data = JSON.stringify({ prefix: 'https://x', testSuffix: '' });
    expect(parseIssuerProxy(data, did, proxyId).headers).toEqual({});
  });

  test.each([
    ['not json'],
    ['[]'],
    ['null'],
    [JSON.stringify({ testSuffix: '/1' })],
    [JSON.stringify({ prefix: '', testSuffix: '/1' })],
    [JSON.stringify({ prefix: 'https://x' })],
    [JSON.stringify({ prefix: 'https://x', testSuffix: '/1', headers: ['a'] })],
    [JSON.stringify({ prefix: 'https://x', testSuffix: '/1', headers: { a: { b: 1 } } })],
  ])('error: %s is not a valid proxy', (data) => {
    let thrown: unknown;
    try {
      parseIssuerProxy(data, did, proxyId);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    expect((thrown as ProblemError).body).toEqual({
      type: 'urn:core:problems:internal-error',
      title: 'Invalid Proxy',
      status: 500,
      detail: `Proxy ${proxyId} of issuer ${did} is not a valid proxy`,
    });
  });
});
