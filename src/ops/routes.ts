import type { FastifyInstance } from 'fastify';
import { statusProblem } from '../errors/problem.js';
import { PROBLEM_RESPONSES } from '../http/problemSchema.js';
import { OPENAPI_PATH, REFERENCE_PATH } from './openapi.js';
import { REFERENCE_TITLE } from './referenceBranding.js';

const LINK = { type: 'string', format: 'uri' } as const;
const INDEX = {
  type: 'object',
  description: 'The product and links to its API reference and probes',
  required: ['name', 'links'],
  properties: {
    name: { type: 'string' },
    links: {
      type: 'object',
      required: ['openapi', 'reference', 'health', 'ready'],
      properties: {
        openapi: { ...LINK, description: 'The OpenAPI 3.1 document' },
        reference: { ...LINK, description: 'The API reference page' },
        health: { ...LINK, description: 'Liveness' },
        ready: { ...LINK, description: 'Readiness' },
      },
    },
  },
} as const;
/** Where a visitor may start: `/v1` is documented, `/` and `/v1/` answer the same. */
const INDEX_PATHS = [
  { path: '/v1', hide: false },
  { path: '/v1/', hide: true },
  { path: '/', hide: true },
] as const;

/**
 * Operations endpoints: the API index (links to the reference and the probes), liveness,
 * readiness (the ledger answers on the environment's chain and holds its contracts) and
 * Prometheus metrics.
 * - Design: DESIGN.md §7
 */
export async function operationsRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.config;
  const index = {
    name: REFERENCE_TITLE,
    links: {
      openapi: `${publicUrl}${OPENAPI_PATH}`,
      reference: `${publicUrl}${REFERENCE_PATH}/`,
      health: `${publicUrl}/health`,
      ready: `${publicUrl}/ready`,
    },
  };
  for (const { path, hide } of INDEX_PATHS) {
    app.get(
      path,
      {
        schema: {
          hide,
          tags: ['operations'],
          summary: 'API index: where the reference and the probes are',
          response: { 200: INDEX, ...PROBLEM_RESPONSES },
        },
      },
      async () => index,
    );
  }

  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process serves requests',
        response: {
          200: { type: 'object', properties: { status: { type: 'string', const: 'ok' } } },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the ledger answers on the environment chain and holds its contracts',
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', const: 'ready' },
              chainId: { type: 'integer' },
              blockNumber: { type: 'integer' },
            },
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async function ready() {
      const { chainId: expected, contractsRegistry } = this.environment;
      const [chainId, blockNumber, code] = await Promise.all([
        this.ledger.request<string>('eth_chainId'),
        this.ledger.request<string>('eth_blockNumber'),
        this.ledger.request<string>('eth_getCode', [contractsRegistry, 'latest']),
      ]);
      if (Number(chainId) !== expected) {
        throw statusProblem(503, `The ledger runs chain ${Number(chainId)}, not ${expected}`);
      }
      if (code === '0x')
        throw statusProblem(503, 'The environment contracts are not on the ledger');
      return {
        status: 'ready' as const,
        chainId: Number(chainId),
        blockNumber: Number(blockNumber),
      };
    },
  );

  app.get(
    '/metrics',
    {
      config: { produces: ['text/plain', 'application/openmetrics-text'] },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics',
        response: { 200: { type: 'string' }, ...PROBLEM_RESPONSES },
      },
    },
    async function metrics(_request, reply) {
      reply.type(this.metrics.registry.contentType);
      return this.metrics.registry.metrics();
    },
  );
}
