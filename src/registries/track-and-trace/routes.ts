import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';

/**
 * Track and Trace REST reads, under `/v1/track-and-trace`.
 * - Spec: SPEC.md §2.8, §4.1
 */
export async function trackAndTraceRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'track-and-trace',
    REGISTRIES['track-and-trace'].abi,
    app.environment.registries['track-and-trace'],
  );
  registerDetailsRoute(app, 'track-and-trace', {
    didRegistryContract: 'didRegistry',
    policiesRegistryContract: 'policiesRegistry',
  });
}
