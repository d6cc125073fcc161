import type { FastifySchema, RouteOptions } from 'fastify';

/** The name a wildcard (`*`) path segment gets in the API reference, as in SPEC.md §4.1. */
const WILDCARD_PARAMETER = 'path';

type ObjectSchema = { properties?: Record<string, object>; required?: readonly string[] };

/**
 * @fastify/swagger's `transform`: what the API reference shows of one route. Merges the route's
 * `config.documentation` (documented, never validated nor serialised) into its schema, shows
 * responses in the media types of its `config.produces` (the kernel negotiates them), and turns
 * a trailing wildcard into the path parameter `{path}` (Fastify names it `*`, which OpenAPI path
 * templates and client generators cannot use), described by the route's `params['*']`.
 * - Design: DESIGN.md §7
 */
export function transformRoute({
  schema,
  url,
  route,
}: {
  schema: FastifySchema | undefined;
  url: string;
  route: Pick<RouteOptions, 'config'>;
}): { schema: FastifySchema; url: string } {
  const { documentation, produces } = route.config ?? {};
  const documented: FastifySchema = {
    // Responses without a `content` map are shown in the media types the route negotiates.
    ...(produces ? { produces } : {}),
    ...schema,
    ...(documentation?.body ? { body: documentation.body } : {}),
    ...(documentation?.response
      ? { response: { ...(schema?.response as object | undefined), ...documentation.response } }
      : {}),
  };
  if (!url.endsWith('/*')) return { schema: documented, url };
  return {
    schema: { ...documented, params: nameWildcard(documented.params as ObjectSchema | undefined) },
    url: `${url.slice(0, -1)}:${WILDCARD_PARAMETER}`,
  };
}

function nameWildcard(params: ObjectSchema = {}): ObjectSchema & { type: 'object' } {
  const { '*': wildcard = { type: 'string' }, ...named } = params.properties ?? {};
  return {
    ...params,
    type: 'object',
    properties: { ...named, [WILDCARD_PARAMETER]: wildcard },
    required: [...(params.required ?? []), WILDCARD_PARAMETER],
  };
}
