import type { CoreClient } from './createCoreClient.js';

/**
 * The query of ToIP TRQP v2.0 (the approved `trqp-authorization-request`): is `entity_id`
 * authorised by `authority_id` to take `action` on `resource`, now or at `context.time`?
 */
export type TrqpAuthorizationRequest = {
  entity_id: string;
  authority_id: string;
  action: string;
  resource: string;
  context?: { time?: string; locator?: string; [member: string]: string | undefined };
};

/** `trqp-authorization-response`: the query echoed, and the answer. */
export type TrqpAuthorizationResponse = {
  entity_id: string;
  authority_id: string;
  action: string;
  resource: string;
  authorized: boolean;
  /** The node's clock when it answered (RFC 3339, `Z`). */
  time_evaluated: string;
  /** The `context.time` asked for: the answer holds as of that instant. */
  time_requested?: string;
  /** Which accreditation decided, or why none does. */
  message?: string;
  context?: Record<string, string>;
};

/** `trqp-recognition-request`: does `authority_id` recognise the authority `entity_id`? */
export type TrqpRecognitionRequest = {
  entity_id: string;
  authority_id: string;
  action: string;
  resource: string;
  context?: { time?: string; [member: string]: string | undefined };
};

/** `trqp-recognition-response`. */
export type TrqpRecognitionResponse = Omit<TrqpAuthorizationResponse, 'authorized'> & {
  recognized: boolean;
};

/**
 * Asks a node TRQP v2.0's authorization query (`POST /v1/trqp/authorization`), answered from its
 * Issuers Registry by the accreditation rule `verifyCredential` applies (docs/trqp.md).
 * @throws {ProblemResponseError} for a query the node refuses: 400 (malformed), 404 (an
 *   authority or action this registry does not serve).
 * @example
 * const { authorized } = await trqpAuthorization(client, {
 *   entity_id: issuerDid, authority_id: rootTaoDid, action: 'issue', resource: 'VerifiableDiploma',
 * });
 */
export function trqpAuthorization(
  client: CoreClient,
  request: TrqpAuthorizationRequest,
): Promise<TrqpAuthorizationResponse> {
  return client.post('/v1/trqp/authorization', request);
}

/**
 * Asks a node TRQP v2.0's recognition query (`POST /v1/trqp/recognition`).
 * @throws {ProblemResponseError} as {@link trqpAuthorization}.
 */
export function trqpRecognition(
  client: CoreClient,
  request: TrqpRecognitionRequest,
): Promise<TrqpRecognitionResponse> {
  return client.post('/v1/trqp/recognition', request);
}
