import { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { statusProblem } from '../errors/problem.js';
import { RateLimitedError } from '../errors/request.js';
import { findAllowedMethods } from './allowedMethods.js';
import { createErrorReplies, type ErrorReply, sendErrorReply } from './errorReplies.js';
import { rejectInfiniteNumbers } from './finiteNumbers.js';
import { ANY_MEDIA_TYPE, negotiateMediaType } from './negotiation.js';
import { PROBLEM_MEDIA_TYPE, PROBLEM_SCHEMA } from './problemSchema.js';
import { REQUEST_ID_HEADER } from './requestId.js';
import { toProblem } from './toProblem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types the route can answer with, preferred first (default `application/json`). */
    produces?: readonly string[];
  }
  interface FastifyRequest {
    /** The media type negotiated from `Accept` among the route's `produces`. */
    responseType: string;
  }
}

const DEFAULT_PRODUCES = ['application/json'] as const;
const RATE_WINDOW_MS = 60_000;

export type KernelOptions = {
  /** Requests one client (by address) may send per minute; 0 turns the limit off. */
  rateLimit: number;
};

/**
 * The HTTP kernel every route relies on: Problem Details for every error, 404 for unknown
 * routes, 405 with `Allow` from the route table, 406 from each route's `produces`, request ids
 * and CORS.
 * - Spec: SPEC.md §2.1, §4, §7.1
 * - Design: DESIGN.md §7
 */
export const kernel = fp(
  async function kernel(app: FastifyInstance, options: KernelOptions) {
    app.addSchema(PROBLEM_SCHEMA);
    app.decorateRequest('responseType', '');

    await app.register(cors, {
      origin: '*',
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['accept', 'authorization', 'content-type', REQUEST_ID_HEADER],
      exposedHeaders: ['allow', 'etag', REQUEST_ID_HEADER],
      maxAge: 600,
      strictPreflight: false,
    });

    app.addHook('onRoute', (route) => {
      const fallback = route.method === 'OPTIONS' ? [ANY_MEDIA_TYPE] : DEFAULT_PRODUCES;
      route.config = { ...route.config, produces: route.config?.produces ?? fallback };
    });
    app.addHook('onRequest', negotiate);
    if (options.rateLimit > 0) {
      await app.register(rateLimit, {
        max: options.rateLimit,
        timeWindow: RATE_WINDOW_MS,
        // Requests the node makes of itself (`inject`: a TRQP answer's registry reads) come from
        // no socket; the query that caused them was counted.
        allowList: (request) => !(request.raw instanceof IncomingMessage),
        // Thrown, so that each route answers it in its own error shape.
        errorResponseBuilder: (_request, context) =>
          new RateLimitedError(Math.max(Math.ceil(context.ttl / 1000), 1), context.max, 'minute'),
      });
    }
    app.addHook('preHandler', rejectInfiniteNumbers);
    app.decorate('errorReplies', createErrorReplies(problemReply));
    app.setErrorHandler((error, request, reply) =>
      sendErrorReply(request, reply, error, problemReply),
    );
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      throw statusProblem(503, 'The node is shutting down');
    });
    app.setNotFoundHandler(async function notFound(request) {
      const path = request.url.split('?', 1)[0] ?? '/';
      const allowed = findAllowedMethods(this, path);
      if (allowed.length > 0) {
        throw statusProblem(405, `The method ${request.method} is not allowed on this resource`, {
          headers: { allow: allowed.join(', ') },
        });
      }
      throw statusProblem(404, `No resource is served at ${truncate(path)}`);
    });
  },
  { name: 'core-kernel', fastify: '5.x' },
);

async function negotiate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header(REQUEST_ID_HEADER, request.id);
  if (request.is404) return;
  const produces = request.routeOptions.config.produces ?? DEFAULT_PRODUCES;
  const mediaType = negotiateMediaType(request.headers.accept, produces);
  if (mediaType === undefined) {
    throw statusProblem(
      406,
      `The "Accept" header allows none of the available media types: ${produces.join(', ')}`,
    );
  }
  request.responseType = mediaType;
}

/** Problem Details: how every route answers an error unless it declares otherwise. */
export function problemReply(
  error: unknown,
  context: { bodyLimit?: number | undefined },
): ErrorReply {
  const problem = toProblem(error, context);
  return {
    status: problem.status,
    headers: { ...problem.headers, 'content-type': PROBLEM_MEDIA_TYPE },
    body: problem.body,
    // 503 is the ledger being away: the ledger client logs that once, not once per request.
    unexpected: problem.status >= 500 && problem.status !== 503,
  };
}

function truncate(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
