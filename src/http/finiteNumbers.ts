import type { FastifyRequest } from 'fastify';
import { type ProblemIssue, validationProblem } from '../errors/problem.js';

/**
 * Rejects a query or path parameter that validation turned into an infinite number. Ajv coerces
 * `"Infinity"`, `"1e309"` or 309 nines to `Infinity` and then skips `minimum`/`maximum`, which
 * only test finite numbers; every integer parameter would otherwise reach a handler as `Infinity`.
 * - Spec: SPEC.md §2.1
 */
export async function rejectInfiniteNumbers(request: FastifyRequest): Promise<void> {
  const issues = [...infiniteMembers(request.params), ...infiniteMembers(request.query)].map(
    (parameter): ProblemIssue => ({
      parameter,
      detail: `Parameter "${parameter}" must be an integer`,
    }),
  );
  if (issues.length > 0) throw validationProblem(issues);
}

function infiniteMembers(values: unknown): string[] {
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values)
    .filter(([, value]) => typeof value === 'number' && !Number.isFinite(value))
    .map(([name]) => name);
}
