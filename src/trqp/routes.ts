import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResourceNotFoundError } from '../errors/notFound.js';
import { validationProblem } from '../errors/problem.js';
import { assertServedAuthority, decideAuthorization } from './decideAuthorization.js';
import { createLocalReads } from './localReads.js';
import {
  AUTHORIZATION_REQUEST,
  AUTHORIZATION_RESPONSE,
  RECOGNITION_REQUEST,
  RECOGNITION_RESPONSE,
  VOCABULARY_RESPONSE,
} from './schemas.js';
import {
  isTrqpAction,
  TRQP_ACTIONS,
  TRQP_AUTHORITY,
  TRQP_RESOURCE,
  TRQP_VERSION,
} from './vocabulary.js';

const TAG = 'trqp';
/** How far ahead of the node's clock a `context.time` may be: clocks differ a little. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Bodies are checked as the approved schemas type them: the node's shared validator coerces
 * types (for query strings), which would take `"action": ["issue"]` for `"issue"`.
 */
const strict = addFormats.default(
  new Ajv.default({ allErrors: true, coerceTypes: false, removeAdditional: false }),
);

type Query = {
  entity_id: string;
  authority_id: string;
  action: string;
  resource: string;
  context?: Record<string, string>;
};

/**
 * ToIP TRQP v2.0 over the Issuers Registry (docs/trqp.md): `POST /v1/trqp/authorization` and
 * `POST /v1/trqp/recognition`, the binding's bodies and Problem Details errors, and
 * `GET /v1/trqp`, the vocabulary they answer. Open to anyone, like every read of the registries.
 * - Spec: ToIP TRQP v2.0, HTTPS binding (reference/trqp.md)
 */
export async function trqpRoutes(
  app: FastifyInstance,
  options: { rootTao: string },
): Promise<void> {
  const config = { cacheable: false };
  const validatorCompiler = ({ schema }: { schema: object }) => strict.compile(schema);

  app.post<{ Body: Query }>(
    '/authorization',
    {
      config,
      validatorCompiler,
      schema: {
        tags: [TAG],
        summary:
          'TRQP authorization: is the entity authorised by the authority to act on a resource?',
        body: AUTHORIZATION_REQUEST,
        response: AUTHORIZATION_RESPONSE,
      },
    },
    async function authorization(request) {
      const query = toQuery(request);
      const { authorized, message } = await decideAuthorization(readsOf(this, request), query);
      return { ...echo(request.body, query.timeTravel), authorized, message };
    },
  );

  app.post<{ Body: Query }>(
    '/recognition',
    {
      config,
      validatorCompiler,
      schema: {
        tags: [TAG],
        summary: 'TRQP recognition: does the authority recognise another authority?',
        body: RECOGNITION_REQUEST,
        response: RECOGNITION_RESPONSE,
      },
    },
    async function recognition(request) {
      const query = toQuery(request);
      await assertServedAuthority(readsOf(this, request), query.authority);
      return {
        ...echo(request.body, query.timeTravel),
        recognized: false,
        message: `${query.authority} recognises no other authority: this network records no recognition (docs/trqp.md)`,
      };
    },
  );

  app.get(
    '',
    {
      schema: {
        tags: [TAG],
        summary: 'The TRQP vocabulary of this registry: its actions, resources and authorities',
        querystring: { type: 'object', properties: {}, additionalProperties: false },
        response: VOCABULARY_RESPONSE,
      },
    },
    async function vocabulary(request) {
      const base = `${this.config.publicUrl ?? `${request.protocol}://${request.host}`}/v1/trqp`;
      return {
        version: TRQP_VERSION,
        binding: 'https',
        authorization: `${base}/authorization`,
        recognition: `${base}/recognition`,
        actions: Object.entries(TRQP_ACTIONS).map(([action, { description }]) => ({
          action,
          description,
        })),
        resource: TRQP_RESOURCE,
        authority: TRQP_AUTHORITY,
        rootTao: options.rootTao,
        recognizedAuthorities: [],
        authentication: 'none: the registries are public',
      };
    },
  );
}

/** The reads of a query, at least as fresh as its `Min-Block`. */
function readsOf(app: FastifyInstance, request: FastifyRequest) {
  const minBlock = request.headers['min-block'];
  return createLocalReads(app, typeof minBlock === 'string' ? { 'min-block': minBlock } : {});
}

/**
 * The checked query: an action this registry answers (404 otherwise, as the binding lists for
 * what it does not recognise) and a time not in the future (400).
 */
function toQuery(request: FastifyRequest<{ Body: Query }>) {
  const { entity_id, authority_id, action, resource, context } = request.body;
  if (!isTrqpAction(action))
    throw new ResourceNotFoundError(
      'Action',
      `This registry answers the actions ${Object.keys(TRQP_ACTIONS).join(', ')}, not "${action}"`,
    );
  const now = Math.floor(Date.now() / 1000);
  const time = context?.time;
  const refuse = (detail: string) =>
    validationProblem([{ pointer: '/context/time', detail: `"time" ${detail}` }]);
  // The approved schema's description: "RFC3339 required, using only Z (+00:00) offset".
  if (time !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(time))
    throw refuse('must be an RFC 3339 date-time in UTC, written with "Z" (2026-01-31T12:00:00Z)');
  const at = time === undefined ? now : Math.floor(Date.parse(time) / 1000);
  if (at > now + CLOCK_SKEW_SECONDS)
    throw refuse('is in the future: the registry answers as of the past or the present');
  return {
    entity: entity_id,
    authority: authority_id,
    action,
    resource,
    at: Math.min(at, now),
    timeTravel: time !== undefined,
  };
}

/** The members every answer echoes, and the two times. */
function echo(body: Query, timeTravel: boolean) {
  const { entity_id, authority_id, action, resource, context } = body;
  return {
    entity_id,
    authority_id,
    action,
    resource,
    time_evaluated: new Date().toISOString(),
    ...(timeTravel && context?.time ? { time_requested: context.time } : {}),
    ...(context ? { context } : {}),
  };
}
