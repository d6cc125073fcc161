import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ANY_MEDIA_TYPE } from '../http/negotiation.js';

export const OPENAPI_PATH = '/v1/openapi.json';
export const REFERENCE_PATH = '/v1/reference';

/**
 * Collects every route's schemas into an OpenAPI 3.1 document, served at `/v1/openapi.json`,
 * with a browsable API reference page at `/v1/reference`. Registered before the routes so that
 * it sees them all.
 * - Design: DESIGN.md §7
 */
export const openapi = fp(
  async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Unified Core Registry API',
          version: '1.0.0',
          description:
            'REST reads of the registries, the ledger JSON-RPC endpoint and the authorisation service.',
        },
        servers: [{ url: options.publicUrl }],
      },
      hideUntagged: false,
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
    await app.register(async (reference) => {
      reference.addHook('onRoute', (route) => {
        route.config = { ...route.config, produces: [ANY_MEDIA_TYPE] };
      });
      await reference.register(swaggerUi, {
        routePrefix: REFERENCE_PATH,
        staticCSP: true,
        uiConfig: { deepLinking: true },
      });
    });
  },
  { name: 'core-openapi', fastify: '5.x' },
);
