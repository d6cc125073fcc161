import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';

/**
 * Issuers Registry REST reads, under `/v1/issuers-registry`.
 * - Spec: SPEC.md §2.8, §4.1
 */
export async function issuersRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'issuers-registry',
    REGISTRIES['issuers-registry'].abi,
    app.environment.registries['issuers-registry'],
  );
  registerDetailsRoute(app, 'issuers-registry', {
    didRegistryContract: 'didRegistry',
    policyRegistryContract: 'policiesRegistry',
  });
}
