import { h } from './dom.js';
import { InputError } from './errorPanel.js';

/**
 * How the verifier establishes its registry reads: this node's word, this node's answers checked
 * against ledger proofs under its own header, or the agreement of `quorum` of `nodes`.
 */
export type ReadsMode =
  | { kind: 'node' }
  | { kind: 'proofs' }
  | { kind: 'quorum'; nodes: string[]; quorum: number };

const CHOICES = [
  {
    kind: 'node',
    label: 'This node',
    help: 'Its answers are believed as given: one node, not proven.',
  },
  {
    kind: 'proofs',
    label: 'This node, checked against ledger proofs',
    help: 'Each DID, Issuers and Schemas Registry answer is compared with the same contract view run in this browser, in an EVM, over EIP-1186 proofs of the ledger’s state. The block header those proofs are checked against is this node’s own: an altered answer or proof is caught, a forged header is not (for that, ask a quorum of nodes, or use validator seals with the CLI). Status lists are still this node’s word. Loads about 0.4 MB more.',
  },
  {
    kind: 'quorum',
    label: 'A quorum of nodes',
    help: 'Every read goes to each node; an answer counts only when enough of them gave it alike.',
  },
] as const;

/**
 * The choice of how reads are established, as a fieldset; `choose()` reads it.
 * @returns the fieldset, and a function that returns the chosen mode.
 * @throws {InputError} from `choose()`, when the quorum's nodes or number are not valid.
 */
export function readsChoice(): { element: HTMLFieldSetElement; choose(): ReadsMode } {
  const radios = CHOICES.map((choice, index) =>
    h('input', {
      type: 'radio',
      name: 'reads',
      id: `reads-${choice.kind}`,
      value: choice.kind,
      checked: index === 0,
      'aria-describedby': `reads-${choice.kind}-help`,
    }),
  );
  const others = h('textarea', {
    id: 'quorum-nodes',
    name: 'quorum-nodes',
    rows: 3,
    spellcheck: 'false',
    autocomplete: 'off',
    placeholder: 'https://node-b.example\nhttps://node-c.example',
  });
  const quorum = h('input', { id: 'quorum', name: 'quorum', type: 'number', min: 1, value: 2 });
  const quorumFields = h(
    'div',
    { id: 'quorum-fields', class: 'quorum-fields', hidden: true },
    h('p', { class: 'muted' }, 'This node first: ', h('code', {}, location.origin)),
    h('label', { for: 'quorum-nodes' }, 'Other nodes (one URL a line)'),
    others,
    h('label', { for: 'quorum' }, 'Nodes that must agree'),
    quorum,
  );
  const element = h(
    'fieldset',
    { class: 'reads-choice' },
    h('legend', {}, 'How reads are established'),
    ...CHOICES.map((choice, index) =>
      h(
        'div',
        { class: 'choice' },
        radios[index],
        ' ',
        h('label', { for: `reads-${choice.kind}` }, choice.label),
        h('p', { id: `reads-${choice.kind}-help`, class: 'muted' }, choice.help),
      ),
    ),
    quorumFields,
  );
  element.addEventListener('change', () => {
    quorumFields.hidden = kindOf(radios) !== 'quorum';
  });
  return {
    element,
    choose(): ReadsMode {
      const kind = kindOf(radios);
      if (kind !== 'quorum') return { kind };
      return parseQuorum(others.value, quorum.value);
    },
  };
}

function kindOf(radios: readonly HTMLInputElement[]): ReadsMode['kind'] {
  return (radios.find((radio) => radio.checked)?.value ?? 'node') as ReadsMode['kind'];
}

/**
 * This node and the other nodes' URLs (one a line), and how many must agree.
 * @throws {InputError} when a line is not an http(s) URL, or the number not from 1 to the nodes.
 */
function parseQuorum(lines: string, count: string): ReadsMode {
  const nodes = [location.origin];
  for (const line of lines.split('\n').map((entry) => entry.trim())) {
    if (line === '') continue;
    const url = URL.canParse(line) ? new URL(line) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      throw new InputError(
        'This is not a node URL',
        `"${line}" is not the http(s) URL of a node, such as https://node-b.example.`,
      );
    }
    const node = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    if (!nodes.includes(node)) nodes.push(node);
  }
  const quorum = Number(count);
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > nodes.length) {
    throw new InputError(
      'This quorum cannot be met',
      `The nodes that must agree are a whole number from 1 to ${nodes.length} (the nodes listed, this one included), not "${count}".`,
    );
  }
  return { kind: 'quorum', nodes, quorum };
}
