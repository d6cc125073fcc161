import type { FastifyInstance } from 'fastify';
import { CONTRACTS_REGISTRY } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';

/**
 * Contracts Registry REST reads, under `/v1/contracts-registry` (no `/details`: SPEC.md §2.8).
 * - Spec: SPEC.md §4.1
 */
export async function contractsRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'contracts-registry',
    CONTRACTS_REGISTRY.abi,
    app.environment.contractsRegistry,
  );
}
