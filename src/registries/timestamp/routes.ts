import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';

/**
 * Timestamp REST reads, under `/v1/timestamp`.
 * - Spec: SPEC.md §2.8, §4.1
 */
export async function timestampRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'timestamp',
    REGISTRIES['timestamp'].abi,
    app.environment.registries['timestamp'],
  );
  registerDetailsRoute(app, 'timestamp', { policyRegistryContract: 'policiesRegistry' });
}
