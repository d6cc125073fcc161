import type { FastifyError } from 'fastify';
import { type RequestFault, RequestMalformedError } from '../errors/request.js';

/**
 * Reads an error raised by Fastify or Node's HTTP parser about the request itself (a client
 * error, 4xx) as a {@link RequestMalformedError}, so that the mappers answer it in the route's
 * own shape and words. Schema validation errors are not client errors of this kind.
 * @returns `undefined` for any other error.
 */
export function toRequestMalformed(
  error: unknown,
  context: { bodyLimit?: number | undefined } = {},
): RequestMalformedError | undefined {
  const failure = error as Partial<FastifyError> | null;
  if (typeof failure !== 'object' || failure === null || failure.validation) return undefined;
  const fault = faultOf(failure.code, failure.statusCode);
  if (fault === undefined) return undefined;
  const limit = fault === 'body-too-large' ? context.bodyLimit : undefined;
  return new RequestMalformedError(fault, { cause: error, ...(limit ? { limit } : {}) });
}

function faultOf(code: string | undefined, status: number | undefined): RequestFault | undefined {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return 'url-malformed';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'url-too-long';
    case 'HPE_HEADER_OVERFLOW':
      return 'headers-too-large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'timeout';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body-malformed';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body-too-large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'media-type';
  }
  if (code?.startsWith('HPE_')) return 'malformed';
  if (status === 413) return 'body-too-large';
  if (status !== undefined && status >= 400 && status < 500) return 'malformed';
  return undefined;
}
