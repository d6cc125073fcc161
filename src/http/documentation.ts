/**
 * What the API reference shows of a route beyond its `schema`, for what Fastify must neither
 * validate nor serialise: a body the route parses itself (a `schema.body` would be validated,
 * and could change its error texts), a response the route writes itself, or a HEAD answer's
 * absent body. `ops/openapi.ts` merges it into the route's schema for the document only.
 */
export type RouteDocumentation = {
  /** The request body as `schema.body` would declare it (`content` by media type). */
  body?: { content: Record<string, { schema: object }> };
  /** Responses by status, as `schema.response` would declare them; these win over the schema's. */
  response?: Record<string, object>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documented, never validated nor serialised: see {@link RouteDocumentation}. */
    documentation?: RouteDocumentation;
  }
}
