import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { governanceContracts, type KnownContract } from '../describeCall.js';
import { toProposalHistory } from '../proposalHistory.js';
import { createGovernanceReader } from './readGovernance.js';
import { GOVERNANCE_RESPONSE, PROPOSAL_RESPONSE } from './schemas.js';
import { type GovernanceJson, toProposalJson } from './toGovernanceJson.js';

const TAG = 'governance';

export type GovernanceRoutesOptions = {
  /** The network's governance; none: its operator governs alone. */
  governance: { safe: Hex; timelock: Hex } | undefined;
  operatorDid: string;
  chainId: number;
  /** The contracts whose calls proposals are decoded against: the registries. */
  contracts: readonly KnownContract[];
};

/**
 * `/v1/governance`: who governs the network and every decision they proposed, approved, ran or
 * cancelled, read from the Safe's and the timelock's logs, so that anyone can audit it.
 * - Design: docs/governance.md ("Auditing")
 */
export async function governanceRoutes(
  app: FastifyInstance,
  options: GovernanceRoutesOptions,
): Promise<void> {
  const { governance, operatorDid, chainId } = options;
  const reader = governance
    ? createGovernanceReader({ ledger: app.ledger, governance, chainId })
    : undefined;
  const contracts = governance
    ? [...options.contracts, ...governanceContracts(governance)]
    : options.contracts;

  async function read(): Promise<GovernanceJson> {
    if (!reader || !governance) throw new Error('unreachable: an ungoverned network');
    const { state, logs } = await reader.read();
    const proposals = toProposalHistory(logs, state).map((record) =>
      toProposalJson(record, state, contracts),
    );
    return {
      governed: true,
      safe: state.safe,
      timelock: state.timelock,
      members: state.members,
      threshold: state.threshold,
      delaySeconds: state.delaySeconds,
      nonce: String(state.nonce),
      proposals,
    };
  }

  // Not kept by the response cache: "ready" follows the clock, not only the head.
  const config = { cacheable: false };
  app.get(
    '',
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Who governs the network: the operators' Safe, the timelock, every proposal",
        querystring: { type: 'object', properties: {}, additionalProperties: false },
        response: GOVERNANCE_RESPONSE,
      },
    },
    async () => (reader ? read() : { governed: false, operatorDid }),
  );

  app.get<{ Params: { id: string } }>(
    '/proposals/:id',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'One proposal: its calls, approvals and where it stands',
        params: {
          type: 'object',
          properties: { id: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' } },
        },
        querystring: { type: 'object', properties: {}, additionalProperties: false },
        response: PROPOSAL_RESPONSE,
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const found = reader ? (await read()).proposals.find((p) => p.id === id) : undefined;
      if (!found) {
        throw new ResourceNotFoundError(
          'Proposal',
          reader
            ? `No proposal ${id} of this network's governance`
            : 'This network has no governance: its operator governs alone',
        );
      }
      return found;
    },
  );
}
