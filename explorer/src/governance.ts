import { getJson } from './api.js';
import { code, details, fragment, h, heading, link, longId } from './dom.js';
import { durationInWords, type Proposal, proposalBody } from './proposal.js';
import { toHash } from './router.js';
import type { ViewContext } from './view.js';

/** `GET /v1/governance` (`GovernanceJson` in src/governance/api/toGovernanceJson.ts). */
type Governance =
  | { governed: false; operatorDid: string }
  | {
      governed: true;
      safe: string;
      timelock: string;
      members: string[];
      threshold: number;
      delaySeconds: number;
      nonce: string;
      proposals: Proposal[];
    };

/**
 * Who governs the network: the operator alone, or a consortium's Safe and timelock with their
 * members, how many decide, the notice, and every proposal, newest first.
 */
export async function governanceView({ signal }: ViewContext): Promise<Node> {
  const governance = await getJson<Governance>('/v1/governance', { signal });
  if (!governance.governed) {
    return fragment(
      heading('Governance'),
      h(
        'p',
        { id: 'governance-summary' },
        'The operator ',
        link(toHash(['dids', governance.operatorDid]), code(governance.operatorDid)),
        ' governs this network alone, with one key.',
      ),
    );
  }
  const { members, threshold, delaySeconds, proposals } = governance;
  return fragment(
    heading('Governance'),
    h(
      'p',
      { id: 'governance-summary' },
      'A consortium of operators governs this network: their Safe decides, and what it decides waits in the timelock for the notice before it may run.',
    ),
    details([
      ['Safe', longId(governance.safe)],
      ['Timelock', longId(governance.timelock)],
      [
        'Decisions',
        h('span', { id: 'threshold' }, `${threshold} of ${members.length} operators decide`),
      ],
      [
        'Notice',
        h(
          'span',
          { id: 'notice' },
          delaySeconds === 0
            ? 'None'
            : `${durationInWords(delaySeconds)} before a decision may run`,
        ),
      ],
      ['Next nonce', governance.nonce],
    ]),
    h('h2', {}, 'Members'),
    h(
      'ul',
      { class: 'plain', id: 'members' },
      ...members.map((member) => h('li', {}, longId(member))),
    ),
    h('h2', {}, 'Proposals'),
    proposals.length === 0
      ? h('p', {}, 'No proposal yet.')
      : h(
          'div',
          { id: 'proposals' },
          ...proposals.map((proposal) =>
            h(
              'article',
              { class: 'proposal', 'data-id': proposal.id },
              h(
                'h3',
                {},
                'Proposal ',
                link(toHash(['governance', proposal.id]), code(proposal.id)),
              ),
              proposalBody(proposal),
            ),
          ),
        ),
  );
}

/** One proposal of the network's governance, by its id (the Safe's transaction hash). */
export async function proposalView({ route, signal }: ViewContext): Promise<Node> {
  const id = route.segments[1] ?? '';
  const proposal = await getJson<Proposal>(`/v1/governance/proposals/${encodeURIComponent(id)}`, {
    signal,
  });
  return fragment(
    heading('Proposal ', longId(proposal.id)),
    h('p', {}, 'A proposal of ', link(toHash(['governance']), "the network's governance"), '.'),
    h('article', { class: 'proposal', 'data-id': proposal.id }, proposalBody(proposal)),
  );
}
