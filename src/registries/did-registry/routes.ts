import type { FastifyInstance } from 'fastify';
import { REGISTRIES } from '../../ledger/registryCatalog.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';

/**
 * DID Registry REST reads, under `/v1/did-registry`.
 * - Spec: SPEC.md §2.8, §4.1
 */
export async function didRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'did-registry',
    REGISTRIES['did-registry'].abi,
    app.environment.registries['did-registry'],
  );
  registerDetailsRoute(app, 'did-registry', { policyRegistryContract: 'policiesRegistry' });
}
