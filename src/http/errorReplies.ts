import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toRequestMalformed } from './frameworkErrors.js';

/** The reply an error is answered with, in the wire format of the route it reached. */
export type ErrorReply = {
  status: number;
  /** Response headers, `content-type` included. */
  headers: Record<string, string>;
  body: unknown;
  /** Whether the error hides an unexpected failure worth logging. */
  unexpected: boolean;
};

/** Turns any error met by a route into its reply; `bodyLimit` is the route's. */
export type ErrorReplier = (
  error: unknown,
  context: { bodyLimit?: number | undefined },
) => ErrorReply;

/**
 * Which routes answer errors in a format of their own (by method and exact path), Problem
 * Details otherwise.
 */
export type ErrorReplies = {
  /**
   * Makes `replier` answer the errors met by a `method` request to `path` before any route could,
   * like that route does.
   */
  answerAt(method: string, path: string, replier: ErrorReplier): void;
  forRequest(method: string | undefined, url: string | undefined): ErrorReplier;
};

declare module 'fastify' {
  interface FastifyInstance {
    errorReplies: ErrorReplies;
  }
}

export function createErrorReplies(fallback: ErrorReplier): ErrorReplies {
  const byRoute = new Map<string, ErrorReplier>();
  return {
    answerAt: (method, path, replier) => void byRoute.set(`${method} ${path}`, replier),
    forRequest: (method, url) => byRoute.get(`${method} ${pathOf(url)}`) ?? fallback,
  };
}

/** Sends an error's reply through Fastify (hooks, request id and all). */
export function sendErrorReply(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  replier: ErrorReplier,
): FastifyReply {
  const answer = replier(error, { bodyLimit: request.routeOptions?.bodyLimit });
  if (answer.unexpected) request.log.error({ err: error }, 'request failed');
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode or a path segment that is too long,
 * met before routing. Answered like the route at that path answers, never in Fastify's words.
 * - Spec: SPEC.md §2.1
 */
export function answerFrameworkError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const replier = request.server.errorReplies.forRequest(request.raw.method, request.raw.url);
  return sendErrorReply(request, reply, toRequestMalformed(error) ?? error, replier);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers too large, a
 * malformed request line, a timeout). No request object exists; the reply is written to the socket.
 */
export function answerClientError(this: FastifyInstance, error: Error, socket: Socket): void {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const rawPacket = (error as { rawPacket?: Buffer }).rawPacket;
  const [method, target] = requestLine(rawPacket);
  const replier = this.errorReplies.forRequest(method, target);
  const answer = replier(toRequestMalformed(error) ?? error, {});
  if (socket.writable) {
    const body = JSON.stringify(answer.body);
    const headers = Object.entries({
      ...answer.headers,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${headers.join('')}\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The method and target of the request line the parser refused, as far as they can be read. */
function requestLine(rawPacket: Buffer | undefined): [string | undefined, string | undefined] {
  const line = rawPacket?.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0] ?? '';
  const [method, target] = line.split(' ');
  return [method, target];
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?', 1)[0] ?? '/';
}
