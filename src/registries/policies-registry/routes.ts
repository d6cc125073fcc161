import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';

/**
 * Policies Registry REST reads, under `/v1/policies-registry` (no `/details`: SPEC.md §2.8).
 * - Spec: SPEC.md §4.1
 */
export async function policiesRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'policies-registry',
    REGISTRIES['policies-registry'].abi,
    app.environment.registries['policies-registry'],
  );
}
