import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { ProblemIssue } from '../errors/problem.js';

/** Where a validation error was found, as Fastify reports it. */
export type ValidationContext = 'querystring' | 'params' | 'body' | 'headers' | string;

/**
 * Turns schema validation errors into Problem Details issues: one per failing parameter (query
 * or path) or body member (JSON Pointer), each with a one-sentence message.
 * - Spec: SPEC.md §2.1
 */
export function toValidationIssues(
  errors: readonly FastifySchemaValidationError[],
  context: ValidationContext,
): ProblemIssue[] {
  const issues: ProblemIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = toIssue(error, context);
    const key = `${issue.parameter ?? issue.pointer}\u0000${issue.detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function toIssue(error: FastifySchemaValidationError, context: ValidationContext): ProblemIssue {
  const params = error.params as Record<string, unknown>;
  let path = error.instancePath;
  if (error.keyword === 'additionalProperties')
    path += `/${escapePointerSegment(String(params.additionalProperty))}`;
  if (error.keyword === 'required')
    path += `/${escapePointerSegment(String(params.missingProperty))}`;

  if (context === 'body') {
    return { pointer: path, detail: `"${path || '/'}" ${describe(error, params)}` };
  }
  const parameter = path
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
  const name = parameter || context;
  if (error.keyword === 'additionalProperties') {
    return { parameter: name, detail: `Parameter "${name}" is not supported` };
  }
  return { parameter: name, detail: `Parameter "${name}" ${describe(error, params)}` };
}

function describe(error: FastifySchemaValidationError, params: Record<string, unknown>): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${article(String(params.type))}`;
    case 'minimum':
      return `must be greater than or equal to ${params.limit}`;
    case 'maximum':
      return `must be less than or equal to ${params.limit}`;
    case 'minLength':
      return `must be at least ${params.limit} characters long`;
    case 'maxLength':
      return `must be at most ${params.limit} characters long`;
    case 'pattern':
      return `must match ${params.pattern}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return `must be a valid ${params.format}`;
    default:
      return error.message ?? 'is invalid';
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
