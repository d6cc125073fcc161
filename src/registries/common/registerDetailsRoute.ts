import type { FastifyInstance } from 'fastify';
import { CONTRACT_ADDRESS_QUERY_PROPERTIES } from '../../http/contractAddress.js';
import { openReadScope } from './openReadScope.js';
import { REGISTRY_VIEWS_ABI } from './registryViewsAbi.js';
import { detailsResponse } from './schemas.js';

/** A `/details` field and the link view of the contract that fills it. */
export type DetailsFields = Readonly<Record<string, 'policiesRegistry' | 'didRegistry'>>;

/**
 * `GET <registry>/details`: the instance's address and the registries it links to, for the
 * default instance or the `contractAddress` one.
 * - Spec: SPEC.md §2.8, §4.2.6
 */
export function registerDetailsRoute(
  app: FastifyInstance,
  registry: string,
  fields: DetailsFields,
): void {
  app.get<{ Querystring: { contractAddress?: string } }>(
    '/details',
    {
      schema: {
        tags: [registry],
        summary: 'Instance details: its address and linked registries',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: CONTRACT_ADDRESS_QUERY_PROPERTIES,
        },
        response: detailsResponse(Object.keys(fields)),
      },
    },
    async function details(request) {
      const { address, reader } = await openReadScope(
        this,
        registry,
        request.query.contractAddress,
      );
      const entries = await Promise.all(
        Object.entries(fields).map(async ([field, view]) => [
          field,
          await reader.read({ address, abi: REGISTRY_VIEWS_ABI, functionName: view }),
        ]),
      );
      return { contractAddress: address, ...Object.fromEntries(entries) };
    },
  );
}
