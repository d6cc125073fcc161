import { CoreError } from './base.js';

/**
 * The problem types that carry a slug, with their status and default title.
 * `type` is `urn:core:problems:<slug>`: stable in every environment, never dereferenced.
 * - Spec: SPEC.md §2.1, §7.2
 * - Design: DESIGN.md §7
 */
export const PROBLEM_TYPES = {
  'validation-error': { status: 400, title: 'Validation Error' },
  'invalid-contract-address': { status: 400, title: 'Invalid Contract Address' },
  'not-found': { status: 404, title: 'Not Found' },
  'internal-error': { status: 500, title: 'Internal Server Error' },
  'upstream-error': { status: 502, title: 'Bad Gateway' },
  'upstream-timeout': { status: 504, title: 'Gateway Timeout' },
} as const;

export type ProblemSlug = keyof typeof PROBLEM_TYPES;

/**
 * Problems that carry only an HTTP status (`type: about:blank`), with their titles.
 * - Spec: SPEC.md §2.1 (malformed body, 405, 406, 503)
 */
export const STATUS_PROBLEMS = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
} as const;

export type StatusProblemCode = keyof typeof STATUS_PROBLEMS;

/** The fixed `detail` of a multi-issue validation failure (SPEC.md §2.1). */
export const VALIDATION_DETAIL = 'The request failed validation';

/** One issue of a validation failure: a query/path `parameter` or a body `pointer`. */
export type ProblemIssue = {
  detail: string;
  parameter?: string;
  pointer?: string;
};

/** The RFC 9457 body we send. */
export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: ProblemIssue[];
};

/**
 * An error that is already shaped as Problem Details. Thrown by surface code; every other
 * error reaches the client through `http/toProblem.ts`.
 */
export class ProblemError extends CoreError {
  static readonly code = 'CORE_ERR_HTTP_PROBLEM';
  readonly code = ProblemError.code;
  readonly body: ProblemBody;
  /** Extra response headers, such as `Allow` on a 405. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    body: ProblemBody,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(body.detail ?? body.title, options);
    this.body = body;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return this.body.status;
  }
}

/** A problem with a catalogued slug; `title` may be specialised (`Identifier Not Found`). */
export function typedProblem(
  slug: ProblemSlug,
  detail: string,
  options: { title?: string; errors?: ProblemIssue[]; cause?: unknown } = {},
): ProblemError {
  const { status, title } = PROBLEM_TYPES[slug];
  const body: ProblemBody = {
    type: `urn:core:problems:${slug}`,
    title: options.title ?? title,
    status,
    detail,
  };
  if (options.errors) body.errors = options.errors;
  return new ProblemError(body, { cause: options.cause });
}

/** A `validation-error` listing each issue. */
export function validationProblem(errors: ProblemIssue[]): ProblemError {
  return typedProblem('validation-error', VALIDATION_DETAIL, { errors });
}

/** A status-only problem (`about:blank`). */
export function statusProblem(
  status: StatusProblemCode,
  detail: string,
  options: { headers?: Record<string, string>; cause?: unknown } = {},
): ProblemError {
  return new ProblemError(
    { type: 'about:blank', title: STATUS_PROBLEMS[status], status, detail },
    options,
  );
}

/** A `validation-error` naming one query or path parameter. */
export function parameterProblem(parameter: string, detail: string): ProblemError {
  return validationProblem([{ parameter, detail }]);
}
