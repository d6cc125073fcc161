import type { Hex } from 'viem';
import { typedProblem } from '../../../errors/problem.js';

/** An issuer proxy as stored on-chain: where its status lists are, and how to ask for them. */
export type IssuerProxy = {
  /** Base URL; a status list is at `<prefix>/<path>`. */
  prefix: string;
  /** Request headers for the upstream (may hold a secret, so never published by value). */
  headers: Readonly<Record<string, string>>;
  /** A path after the prefix that serves a status list, for checking the proxy. */
  testSuffix: string;
};

/**
 * Parses the stored data of a proxy (a JSON text the contract does not check):
 * `{ prefix: string, headers?: { <name>: string | number | boolean }, testSuffix: string }`.
 * - Spec: reference/read-api.md §3.3 (GET `/issuers/{did}/proxies/{proxyId}`)
 * @throws {ProblemError} 500 `internal-error` titled `Invalid Proxy` when the data is not such
 *   an object: the proxy exists, but the node cannot use it.
 */
export function parseIssuerProxy(data: string, did: string, proxyId: Hex): IssuerProxy {
  const invalid = (cause?: unknown) =>
    typedProblem('internal-error', `Proxy ${proxyId} of issuer ${did} is not a valid proxy`, {
      title: 'Invalid Proxy',
      cause,
    });
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    throw invalid(error);
  }
  if (!isRecord(value)) throw invalid();
  const { prefix, headers = {}, testSuffix } = value;
  if (typeof prefix !== 'string' || prefix === '' || typeof testSuffix !== 'string') {
    throw invalid();
  }
  if (!isRecord(headers)) throw invalid();
  const parsed: Record<string, string> = {};
  for (const [name, header] of Object.entries(headers)) {
    if (!['string', 'number', 'boolean'].includes(typeof header)) throw invalid();
    parsed[name] = String(header);
  }
  return { prefix, headers: parsed, testSuffix };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
