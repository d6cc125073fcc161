import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './createMetrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Records every response in the metrics, labelled by route pattern (never the raw URL), and
 * logs it at debug level.
 */
export const metricsHook = fp(
  async function metricsHook(app: FastifyInstance, options: { metrics: Metrics }) {
    const { metrics } = options;
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
      metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: reply.elapsedTime,
        },
        'request completed',
      );
    });
  },
  { name: 'core-metrics', fastify: '5.x' },
);
