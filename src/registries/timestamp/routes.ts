import type { FastifyInstance } from 'fastify';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { registerDetailsRoute } from '../common/registerDetailsRoute.js';
import { TIMESTAMP } from './contract.js';
import { registerHashAlgorithmRoutes } from './routes/hashAlgorithmRoutes.js';
import { registerRecordRoutes } from './routes/recordRoutes.js';
import { registerTimestampRoutes } from './routes/timestampRoutes.js';
import { registerVersionRoutes } from './routes/versionRoutes.js';

/**
 * Timestamp REST reads, under `/v1/timestamp`. Timestamp ids are base64url multibase (`u…`) of a
 * sha2-256 multihash of the on-chain id, record ids base64url multibase of their 32 bytes; both
 * are also accepted as `0x` hex. Links carry the multibase forms and the request's
 * `contractAddress`.
 * - Spec: SPEC.md §2.8, §4.1, §4.2; reference/read-api.md §3.6
 */
export async function timestampRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(app, 'timestamp', TIMESTAMP.abi, app.environment.registries.timestamp);
  registerDetailsRoute(app, 'timestamp', { policyRegistryContract: 'policiesRegistry' });
  registerHashAlgorithmRoutes(app);
  registerTimestampRoutes(app);
  registerRecordRoutes(app);
  registerVersionRoutes(app);
}
