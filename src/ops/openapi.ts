import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BEARER_AUTH, BEARER_AUTH_SCHEME } from '../http/bearerAuth.js';
import { ANY_MEDIA_TYPE } from '../http/negotiation.js';
import { addOperationIds } from './addOperationIds.js';
import { REFERENCE_LOGO, REFERENCE_TITLE } from './referenceBranding.js';
import { transformRoute } from './transformRoute.js';

export const OPENAPI_PATH = '/v1/openapi.json';
export const REFERENCE_PATH = '/v1/reference';

/** The project's licence (`license` in package.json), as an SPDX identifier. */
export const API_LICENSE = 'Apache-2.0';

/**
 * Collects every route's schemas into an OpenAPI 3.1 document, served at `/v1/openapi.json`,
 * with a browsable API reference page at `/v1/reference`. Registered before the routes so that
 * it sees them all. Reads are public (`security: []`); a route that takes an access token names
 * the `bearerAuth` scheme itself. Each operation gets a stable `operationId` from its method and
 * path, and shared schemas are named by their `$id` (`#/components/schemas/Problem`).
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
            'REST reads of the registries, the ledger JSON-RPC endpoint and the authorisation service. Reads need no authentication; ledger writes need an access token from POST /v1/auth/token.',
          license: { name: API_LICENSE, identifier: API_LICENSE },
        },
        servers: [{ url: options.publicUrl }],
        components: { securitySchemes: { [BEARER_AUTH]: BEARER_AUTH_SCHEME } },
        security: [],
      },
      hideUntagged: false,
      transform: transformRoute,
      transformObject: (document) =>
        'openapiObject' in document
          ? addOperationIds(document.openapiObject)
          : document.swaggerObject,
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
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
        theme: { title: REFERENCE_TITLE },
        logo: REFERENCE_LOGO,
      });
    });
  },
  { name: 'core-openapi', fastify: '5.x' },
);
