import type { FastifyInstance } from 'fastify';
import type { Abi, Address } from 'viem';
import { PROBLEM_RESPONSES } from '../../http/problemSchema.js';

const ABI_RESPONSE = {
  type: 'object',
  required: ['contractAddress', 'abi'],
  properties: {
    contractAddress: { type: 'string', description: 'The environment default instance' },
    abi: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

/**
 * `GET <registry>/abi`: the registry's ABI and its default instance, the source of truth for
 * building calldata. Takes no parameters (not even `contractAddress`). The body never changes
 * while the node runs, so it is serialised once.
 * - Spec: SPEC.md §4.1, §4.2.3, §4.3.8
 */
export function registerAbiRoute(
  app: FastifyInstance,
  tag: string,
  abi: Abi,
  contractAddress: Address,
): void {
  const body = JSON.stringify({ contractAddress, abi });
  app.get(
    '/abi',
    {
      schema: {
        tags: [tag],
        summary: 'Contract ABI and default contract address',
        querystring: { type: 'object', additionalProperties: false, properties: {} },
        response: { 200: ABI_RESPONSE, ...PROBLEM_RESPONSES },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
  );
}
