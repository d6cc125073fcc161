import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Its `200` answers may be served again while the state version stays the same. */
    cacheable?: boolean;
  }
  interface FastifyRequest {
    /** Where the answer to this request is kept, when it may be. */
    cacheSlot: CacheSlot | undefined;
  }
}

type CacheSlot = { version: string; key: string };
type CachedAnswer = { body: string; type: string; etag: string };

export type ResponseCacheOptions = {
  /**
   * The version of the state the answers are read from (the node passes the head block's hash);
   * `undefined` when it is not known, and the request is answered without the cache.
   */
  version(request: FastifyRequest): Promise<string | undefined>;
  /** Characters of bodies kept per version (default 32 Mi); past it the cache starts afresh. */
  maxCharacters?: number;
  /** Larger bodies are not kept (default 256 Ki characters). */
  maxBodyLength?: number;
};

/**
 * Serves `GET` answers of cacheable routes again, byte for byte, while the state version they
 * were read at is current: the route's validation, handler and serialisation run once per URL,
 * `Accept` and version. Every answer of such a route carries an `ETag` of its bytes, and
 * `If-None-Match` with it gets `304 Not Modified` (also after a new version, when the body is
 * the same). The `onRequest` hooks (request id, negotiation, rate limit) still run first.
 * - Design: DESIGN.md §7
 */
export const responseCache = fp(
  async function responseCache(app: FastifyInstance, options: ResponseCacheOptions) {
    const { maxCharacters = 32 * 1024 * 1024, maxBodyLength = 256 * 1024 } = options;
    let current = { version: '', answers: new Map<string, CachedAnswer>(), characters: 0 };
    app.decorateRequest('cacheSlot', undefined);

    // After every `onRequest` hook (the rate limit's are route-level): a cached answer still
    // counts against the client's share. A GET has no body to parse.
    app.addHook('preParsing', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cacheable) return;
      const version = await options.version(request).catch(() => undefined);
      if (version === undefined) return;
      if (version !== current.version) current = { version, answers: new Map(), characters: 0 };
      const key = `${request.url}\u0000${request.headers.accept ?? ''}`;
      const cached = current.answers.get(key);
      if (!cached) {
        request.cacheSlot = { version, key };
        return;
      }
      reply.header('etag', cached.etag);
      if (matches(request, cached.etag)) return reply.code(304).send();
      return reply.code(200).type(cached.type).send(cached.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const slot = request.cacheSlot;
      if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      if (slot.version === current.version && payload.length <= maxBodyLength) {
        const size = payload.length + slot.key.length;
        if (current.characters + size > maxCharacters) {
          current.answers.clear();
          current.characters = 0;
        }
        const type = String(reply.getHeader('content-type') ?? 'application/json');
        current.answers.set(slot.key, { body: payload, type, etag });
        current.characters += size;
      }
      if (!matches(request, etag)) return payload;
      reply.code(304);
      return '';
    });
  },
  { name: 'core-response-cache', fastify: '5.x' },
);

/** Whether `If-None-Match` names the answer's entity tag (or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
