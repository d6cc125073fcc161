import { CoreError } from './base.js';

/**
 * Why an HTTP request was refused before any route could read it: its URL does not decode, a path
 * segment is too long, its headers are too large, it arrived too slowly, its body is not JSON, is
 * too large or has a media type the route does not read, or it is otherwise malformed.
 */
export type RequestFault =
  | 'url-malformed'
  | 'url-too-long'
  | 'headers-too-large'
  | 'timeout'
  | 'body-malformed'
  | 'body-too-large'
  | 'media-type'
  | 'malformed';

const MESSAGES: Record<RequestFault, string> = {
  'url-malformed': 'The request URL is malformed',
  'url-too-long': 'A segment of the request URL is too long',
  'headers-too-large': 'The request headers are too large',
  timeout: 'The request was not received in time',
  'body-malformed': 'The request body is not valid JSON',
  'body-too-large': 'The request body is too large',
  'media-type': 'The request body has an unsupported media type',
  malformed: 'The request is malformed',
};

/**
 * The HTTP server or its parser refused a request (Fastify's `FST_ERR_*` client errors, Node's
 * `HPE_*`). Its words, not the framework's, reach the client: REST answers the matching 4xx
 * Problem, the token endpoint `invalid_request`.
 * - Spec: SPEC.md §2.1
 */
export class RequestMalformedError extends CoreError {
  static readonly code = 'CORE_ERR_REQUEST_MALFORMED';
  readonly code = RequestMalformedError.code;
  readonly fault: RequestFault;
  /** The limit that was hit, in bytes, when the fault is a size. */
  readonly limit: number | undefined;

  constructor(fault: RequestFault, options: { limit?: number; cause?: unknown } = {}) {
    super(
      options.limit === undefined
        ? MESSAGES[fault]
        : `${MESSAGES[fault]} (at most ${options.limit} bytes)`,
      options,
    );
    this.fault = fault;
    this.limit = options.limit;
  }
}

/**
 * A client sent more requests than its share: REST answers 429 with `Retry-After`, the token
 * endpoint an OAuth error at 429, the ledger endpoint JSON-RPC -32005 at 429.
 */
export class RateLimitedError extends CoreError {
  static readonly code = 'CORE_ERR_RATE_LIMITED';
  readonly code = RateLimitedError.code;
  /** Seconds until the client may send again. */
  readonly retryAfter: number;

  constructor(retryAfter: number, limit: number, window: string) {
    super(
      `Too many requests: at most ${limit} per ${window} from one client; retry in ${retryAfter} s`,
    );
    this.retryAfter = retryAfter;
  }
}
