import type { FastifyInstance } from 'fastify';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';
import { SCHEMAS_REGISTRY } from './contract.js';
import { registerMetadataRoutes } from './routes/metadataRoutes.js';
import { registerRevisionRoutes } from './routes/revisionRoutes.js';
import { registerSchemaRoutes } from './routes/schemaRoutes.js';

/**
 * Schemas Registry REST reads, under `/v1/schemas-registry`. Schema ids are accepted as base58btc
 * multibase (`z…`, the listed form) or `0x` hex, both 32 bytes; revision and metadata ids (the
 * SHA-256 of their documents) as `0x` hex. Links always carry the multibase schema id and the
 * request's `contractAddress`.
 * - Spec: SPEC.md §2.8, §4.1, §4.2, §9.6; reference/read-api.md §3.5
 */
export async function schemasRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(
    app,
    'schemas-registry',
    SCHEMAS_REGISTRY.abi,
    app.environment.registries['schemas-registry'],
  );
  registerDetailsRoute(app, 'schemas-registry', { policyRegistryContract: 'policiesRegistry' });
  registerSchemaRoutes(app);
  registerRevisionRoutes(app);
  registerMetadataRoutes(app);
}
