import type { Hex } from 'viem';
import { type ProblemIssue, parameterProblem, validationProblem } from '../../errors/problem.js';
import { isDidCoreV1 } from '../../identity/didCore.js';
import { isDidCoreV2 } from '../../identity/didCoreV2.js';
import { isDidKeyForm } from '../../identity/didKey.js';
import { toSubjectAccount } from './accounts.js';

/** The query of `/accesses`, validated by its schema. */
export type AccessesQuery = {
  'page[after]'?: number;
  'page[size]'?: number;
  contractAddress?: string;
  creator?: string;
  subject?: string;
};

/**
 * The one filter of `/accesses`: a creator DID, or a subject DID with its account bytes, which are
 * `undefined` when no account can have that DID (a did:key of another key than secp256k1): such
 * a subject holds no access.
 */
export type AccessesFilter = { creator: string } | { subject: string; account: Hex | undefined };

/**
 * The one filter of `/accesses`. `creator` is checked by the schema (did:core v1); `subject` here,
 * since its forms (did:core v1 or v2, any did:key) have no Ajv format. Only the DID's form is
 * checked: a well-formed did:key no account can have is a filter that matches nothing.
 * - Spec: SPEC.md §2.10, §9.4
 * @throws {ProblemError} 400 `validation-error` when neither or both are given, or `subject` is
 * no such DID.
 */
export function parseAccessesFilter(query: AccessesQuery): AccessesFilter {
  const { creator, subject } = query;
  if (creator !== undefined && subject !== undefined) {
    throw validationProblem(
      eachOf((name, other) => `Parameter "${name}" cannot be combined with "${other}"`),
    );
  }
  if (creator !== undefined) return { creator };
  if (subject === undefined) {
    throw validationProblem(
      eachOf((name, other) => `Parameter "${name}" is required when "${other}" is absent`),
    );
  }
  if (!isDidCoreV1(subject) && !isDidCoreV2(subject) && !isDidKeyForm(subject)) {
    throw parameterProblem(
      'subject',
      'Parameter "subject" must be a valid did:core v1, did:core v2 or did:key',
    );
  }
  return { subject, account: toSubjectAccount(subject) };
}

/** One issue per filter, so that `errors[].parameter` names both. */
function eachOf(detail: (name: string, other: string) => string): ProblemIssue[] {
  return [
    { parameter: 'creator', detail: detail('creator', 'subject') },
    { parameter: 'subject', detail: detail('subject', 'creator') },
  ];
}
