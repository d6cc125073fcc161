import { ApiRequestError, callLedger, getJson, getPage } from './api.js';
import { details, fragment, h, heading, link, longId, table } from './dom.js';
import { REGISTRIES } from './registries.js';
import { toHash } from './router.js';
import type { ViewContext } from './view.js';

/** How often the head block is read again: about every block of a node's embedded ledger. */
const HEAD_POLL_MS = 1000;

type AttributeReply = { attribute: { issuerType: string; rootTao: string } };

/**
 * The network: chain id, the head block (kept live), the operator (the Root TAO that genesis
 * accredited first), each registry's default instance with its API links, and the API reference.
 */
export async function networkView({ signal }: ViewContext): Promise<Node> {
  const [chainId, head, addresses, operator] = await Promise.all([
    callLedger<string>('eth_chainId', [], signal),
    callLedger<string>('eth_blockNumber', [], signal),
    Promise.all(
      REGISTRIES.map(({ name }) =>
        getJson<{ contractAddress: string }>(`/v1/${name}/abi`, { signal }),
      ),
    ),
    findOperatorDid(signal),
  ]);
  const headBlock = h('output', { id: 'head-block', 'aria-live': 'off' }, String(Number(head)));
  const headState = h('span', { class: 'muted fresh', id: 'head-state' }, 'read just now');
  pollHead(headBlock, headState, signal);
  const rows = REGISTRIES.map((registry, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, link(registry.browse, registry.title)),
      h('td', {}, longId(addresses[i]?.contractAddress ?? '')),
      h(
        'td',
        { class: 'links' },
        registry.hasDetails ? link(`/v1/${registry.name}/details`, 'details') : null,
        link(`/v1/${registry.name}/abi`, 'ABI'),
      ),
    ),
  );
  return fragment(
    heading('Network'),
    details([
      ['Chain id', h('span', { id: 'chain-id' }, String(Number(chainId)))],
      ['Head block', h('span', {}, headBlock, ' ', headState)],
      [
        'Operator (Root TAO)',
        operator
          ? h('span', {}, link(toHash(['dids', operator]), 'DID document'), ' ', longId(operator))
          : '—',
      ],
    ]),
    h('h2', {}, 'Registries'),
    table(
      'registries',
      'Default instances of the registries',
      ['Registry', 'Default instance', 'API'],
      rows,
    ),
    h('h2', {}, 'API'),
    h(
      'ul',
      {},
      h('li', {}, link('/v1/reference/', 'API reference'), ' (every endpoint, try it out)'),
      h('li', {}, link('/v1/openapi.json', 'OpenAPI document')),
    ),
  );
}

/**
 * Reads the head block every second until the view is left, and says how fresh the number is:
 * when it was last read, or why it could not be.
 */
function pollHead(output: HTMLOutputElement, state: HTMLElement, signal: AbortSignal): void {
  let readAt = Date.now();
  let failure: string | undefined;
  const tell = () => {
    const seconds = Math.round((Date.now() - readAt) / 1000);
    const age = seconds < 2 ? 'read just now' : `read ${seconds} s ago`;
    state.textContent = failure === undefined ? `${age}, every second` : `${age}; ${failure}`;
  };
  const timer = setInterval(async () => {
    try {
      output.value = String(Number(await callLedger<string>('eth_blockNumber', [], signal)));
      readAt = Date.now();
      failure = undefined;
    } catch (error) {
      if (signal.aborted) return;
      failure = error instanceof ApiRequestError ? error.message : 'the node is unreachable';
    }
    tell();
  }, HEAD_POLL_MS);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}

/** The first issuer, when it is a Root TAO of its own chain: the environment's operator. */
async function findOperatorDid(signal: AbortSignal): Promise<string | undefined> {
  const issuers = await getPage<{ did: string }>('/v1/issuers-registry/issuers', 1, {
    signal,
    size: 1,
  });
  const first = issuers.items[0];
  if (first === undefined) return undefined;
  const base = `/v1/issuers-registry/issuers/${encodeURIComponent(first.did)}/attributes`;
  const attributes = await getPage<{ id: string }>(base, 1, { signal, size: 1 });
  const id = attributes.items[0]?.id;
  if (id === undefined) return undefined;
  const { attribute } = await getJson<AttributeReply>(`${base}/${id}`, { signal });
  return attribute.issuerType === 'RootTAO' && attribute.rootTao === first.did
    ? first.did
    : undefined;
}
