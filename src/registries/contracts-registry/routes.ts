import type { FastifyInstance } from 'fastify';
import { getAddress, type Hex } from 'viem';
import { typedProblem } from '../../errors/problem.js';
import { toPageRequest } from '../../http/pagination.js';
import { openReadScope, type ReadScope } from '../common/openReadScope.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { ADDRESS, collectionQuery, ITEM_QUERY } from '../common/schemas.js';
import { CONTRACTS_REGISTRY } from './contract.js';
import { CONTRACT, CONTRACT_LIST, TEMPLATE, TEMPLATE_ID, TEMPLATE_LIST } from './schemas.js';
import { getDeployment, getDeploymentAddresses, getTemplate, getTemplateIds } from './views.js';

type CollectionQuery = { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
type ItemQuery = { contractAddress?: string };
const TAG = 'contracts-registry';

/**
 * Contracts Registry REST reads, under `/v1/contracts-registry` (no `/details`: SPEC.md §2.8).
 * Dates are ISO 8601 UTC date-times. An environment has one Contracts Registry, so
 * `contractAddress` may only name that one (any letter case); any other address is a 400
 * `invalid-contract-address`.
 * - Spec: SPEC.md §4.1, §4.2.3; reference/read-api.md §3.2
 */
export async function contractsRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(app, TAG, CONTRACTS_REGISTRY.abi, app.environment.contractsRegistry);

  app.get<{ Querystring: CollectionQuery }>(
    '/contracts',
    {
      schema: {
        tags: [TAG],
        summary: 'Registry instances deployed by the Contracts Registry',
        querystring: collectionQuery(),
        response: CONTRACT_LIST,
      },
    },
    async function contracts(request) {
      const scope = await openScope(this, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getDeploymentAddresses(scope.reader, scope.address, page);
      const links = items.map((address) => ({ address, href: scope.href('contracts', address) }));
      return scope.collection(['contracts'], page, total, links);
    },
  );

  app.get<{ Params: { address: string }; Querystring: ItemQuery }>(
    '/contracts/:address',
    {
      schema: {
        tags: [TAG],
        summary: 'One registry instance',
        params: { type: 'object', properties: { address: ADDRESS } },
        querystring: ITEM_QUERY,
        response: CONTRACT,
      },
    },
    async function contract(request) {
      const scope = await openScope(this, request.query.contractAddress);
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

  app.get<{ Querystring: CollectionQuery }>(
    '/templates',
    {
      schema: {
        tags: [TAG],
        summary: 'Templates, one per registry type',
        querystring: collectionQuery(),
        response: TEMPLATE_LIST,
      },
    },
    async function templates(request) {
      const scope = await openScope(this, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getTemplateIds(scope.reader, scope.address, page);
      const links = items.map((id) => ({ id, href: scope.href('templates', id) }));
      return scope.collection(['templates'], page, total, links);
    },
  );

  app.get<{ Params: { id: string }; Querystring: ItemQuery }>(
    '/templates/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'One template',
        params: { type: 'object', properties: { id: TEMPLATE_ID } },
        querystring: ITEM_QUERY,
        response: TEMPLATE,
      },
    },
    async function template(request) {
      const scope = await openScope(this, request.query.contractAddress);
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
