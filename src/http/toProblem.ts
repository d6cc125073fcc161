import type { FastifyError } from 'fastify';
import { asCoreError } from '../errors/anyCoreError.js';
import {
  type ProblemError,
  type StatusProblemCode,
  statusProblem,
  typedProblem,
  validationProblem,
} from '../errors/problem.js';
import type { RequestFault } from '../errors/request.js';
import type { InstanceInvalidError } from '../errors/target.js';
import { toRequestMalformed } from './frameworkErrors.js';
import { toValidationIssues } from './validationIssues.js';

/** The status of each way a request can be malformed. */
const FAULT_STATUS: Record<RequestFault, StatusProblemCode> = {
  'url-malformed': 400,
  'url-too-long': 414,
  'headers-too-large': 431,
  timeout: 408,
  'body-malformed': 400,
  'body-too-large': 413,
  'media-type': 415,
  malformed: 400,
};

/** Fixed text of every unexpected failure: its real message never reaches the client. */
export const INTERNAL_ERROR_DETAIL = 'The server encountered an internal error';

/**
 * Maps any error thrown while serving a REST request to the Problem Details it is answered
 * with. The only place that shapes a problem body.
 * - Spec: SPEC.md §2.1, §7.1
 * - Design: DESIGN.md §7; STYLE.md B4
 */
export function toProblem(
  error: unknown,
  context: { bodyLimit?: number | undefined } = {},
): ProblemError {
  const core = asCoreError(error) ?? toRequestMalformed(error, context);
  if (core) {
    switch (core.code) {
      case 'CORE_ERR_HTTP_PROBLEM':
        return core;
      case 'CORE_ERR_NOT_FOUND':
        return typedProblem('not-found', core.message, {
          title: `${core.resource} Not Found`,
          cause: core,
        });
      case 'CORE_ERR_SCOPE_INVALID':
        return validationProblem([{ parameter: 'scope', detail: core.message }]);
      case 'CORE_ERR_INSTANCE_INVALID':
        return typedProblem('invalid-contract-address', contractAddressDetail(core), {
          cause: core,
        });
      case 'CORE_ERR_LEDGER_UNAVAILABLE':
      case 'CORE_ERR_EMBEDDED_LEDGER':
        return statusProblem(503, 'The ledger is unavailable', { cause: error });
      case 'CORE_ERR_BLOCK_NOT_REACHED':
        return statusProblem(503, core.message, {
          cause: error,
          headers: { 'retry-after': '1' },
        });
      case 'CORE_ERR_REQUEST_MALFORMED':
        return statusProblem(FAULT_STATUS[core.fault], core.message, { cause: error });
      case 'CORE_ERR_RATE_LIMITED':
        return statusProblem(429, core.message, {
          headers: { 'retry-after': String(core.retryAfter) },
        });
      case 'CORE_ERR_LEDGER_REQUEST':
      case 'CORE_ERR_CONFIG_INVALID':
      case 'CORE_ERR_RPC':
      case 'CORE_ERR_CONTRACT_REVERT':
      case 'CORE_ERR_ENVIRONMENT':
      case 'CORE_ERR_OAUTH':
      case 'CORE_ERR_ACCESS_TOKEN':
      case 'CORE_ERR_TRANSACTION_INVALID':
      case 'CORE_ERR_WRITE_REFUSED':
      case 'CORE_ERR_TOKEN_REQUEST_INVALID':
      case 'CORE_ERR_PRESENTATION_INVALID':
      case 'CORE_ERR_CREDENTIAL_UNTRUSTED':
      case 'CORE_ERR_ENTITLEMENT_REFUSED':
      case 'CORE_ERR_REPLAY_STORE_UNAVAILABLE':
      case 'CORE_ERR_SIGNER_UNAVAILABLE':
        return typedProblem('internal-error', INTERNAL_ERROR_DETAIL, { cause: error });
    }
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.validation) {
    return validationProblem(
      toValidationIssues(fastifyError.validation, fastifyError.validationContext ?? 'querystring'),
    );
  }
  return typedProblem('internal-error', INTERNAL_ERROR_DETAIL, { cause: error });
}

/** REST's words for an instance that is not the one a read needs (SPEC.md §4.2.3). */
function contractAddressDetail(error: InstanceInvalidError): string {
  switch (error.reason) {
    case 'no-contract':
      return `No contract is deployed at ${error.address}`;
    case 'wrong-type':
      return `The contract at ${error.address} does not match the expected one (a ${error.expected})`;
    default:
      return error.message;
  }
}
