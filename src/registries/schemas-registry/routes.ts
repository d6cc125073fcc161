import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';

/**
 * Schemas Registry REST reads, under `/v1/schemas-registry`.
 * - Spec: SPEC.md §2.8, §4.1
 */
export async function schemasRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'schemas-registry',
    REGISTRIES['schemas-registry'].abi,
    app.environment.registries['schemas-registry'],
  );
  registerDetailsRoute(app, 'schemas-registry', { policyRegistryContract: 'policiesRegistry' });
}
