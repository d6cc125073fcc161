import type { FastifyInstance } from 'fastify';
import { getAddress, type Hex } from 'viem';
import { typedProblem } from '../../errors/problem.js';
import { openReadScope, type ReadScope } from '../common/openReadScope.js';
import { readRoutes } from '../common/readRoutes.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { ADDRESS } from '../common/schemas.js';
import { CONTRACTS_REGISTRY } from './contract.js';
import { CONTRACT, CONTRACT_LIST, TEMPLATE, TEMPLATE_ID, TEMPLATE_LIST } from './schemas.js';
import { getDeployment, getDeploymentAddresses, getTemplate, getTemplateIds } from './views.js';

const TAG = 'contracts-registry';

/**
 * Contracts Registry REST reads, under `/v1/contracts-registry` (no `/details`: SPEC.md §2.8).
 * Dates are ISO 8601 UTC date-times. An environment has one Contracts Registry, so
 * `contractAddress` may only name that one (any letter case); any other address is a 400
 * `invalid-contract-address`.
 * - Spec: SPEC.md §4.1, §4.2.3; reference/read-api.md §3.2
 */
export async function contractsRegistryRoutes(app: FastifyInstance): Promise<void> {
  const { list, item } = readRoutes(app, TAG, openScope);
  registerAbiRoute(app, TAG, CONTRACTS_REGISTRY.abi, app.environment.contractsRegistry);

  list('/contracts', 'address', getDeploymentAddresses, {
    summary: 'Registry instances deployed by the Contracts Registry',
    response: CONTRACT_LIST,
  });

  item<{ address: string }>(
    '/contracts/:address',
    {
      summary: 'One registry instance',
      params: { type: 'object', properties: { address: ADDRESS } },
      response: CONTRACT,
    },
    async (scope, request) => {
      const deployment = await getDeployment(
        scope.reader,
        scope.address,
        getAddress(request.params.address),
      );
      return {
        address: deployment.instance,
        deployer: deployment.deployer,
        deployerDid: deployment.deployerDid,
        templateId: deployment.templateId,
        deployedAt: toIsoDateTime(deployment.deployedAt),
        isActive: deployment.active,
      };
    },
  );

  list('/templates', 'id', getTemplateIds, {
    summary: 'Templates, one per registry type',
    response: TEMPLATE_LIST,
  });

  item<{ id: string }>(
    '/templates/:id',
    {
      summary: 'One template',
      params: { type: 'object', properties: { id: TEMPLATE_ID } },
      response: TEMPLATE,
    },
    async (scope, request) => {
      const id = request.params.id.toLowerCase() as Hex;
      const found = await getTemplate(scope.reader, scope.address, id);
      return {
        id: found.templateId,
        name: found.name,
        version: found.version,
        beaconAddress: found.beacon,
        implementation: found.implementation,
        isActive: found.active,
        createdAt: toIsoDateTime(found.createdAt),
        updatedAt: toIsoDateTime(found.updatedAt),
      };
    },
  );
}

/**
 * The read scope of the environment's Contracts Registry. A `contractAddress` naming any other
 * address is refused, with the detail SPEC.md §4.2.3 gives for an absent or mismatching contract.
 * @throws {ProblemError} 400 `invalid-contract-address`.
 */
async function openScope(
  app: FastifyInstance,
  contractAddress: string | undefined,
): Promise<ReadScope> {
  if (contractAddress !== undefined) {
    const address = getAddress(contractAddress);
    if (address !== app.environment.contractsRegistry) {
      const found = await app.targets.at(await app.chain.latest()).kindAt(address);
      throw typedProblem(
        'invalid-contract-address',
        found.kind === 'none'
          ? `No contract is deployed at ${address}`
          : `The contract at ${address} does not match the expected one (the environment's ${CONTRACTS_REGISTRY.contractName})`,
      );
    }
  }
  return openReadScope(app, TAG, contractAddress, { only: app.environment.contractsRegistry });
}

/** A block timestamp (seconds) as an ISO 8601 UTC date-time. */
function toIsoDateTime(seconds: bigint): string {
  return new Date(Number(seconds) * 1000).toISOString();
}
