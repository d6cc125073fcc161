import { ApiRequestError, callLedger, getJson, getPage } from './api.js';
import { code, details, fragment, h, heading, link, table } from './dom.js';
import { REGISTRIES } from './registries.js';
import { toHash } from './router.js';
import type { ViewContext } from './view.js';

/** How often the head block is read again. */
const HEAD_POLL_MS = 3000;

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
  const headState = h('span', { class: 'muted', id: 'head-state' }, 'live');
  pollHead(headBlock, headState, signal);
  const rows = REGISTRIES.map((registry, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, link(registry.browse, registry.title)),
      h('td', {}, code(addresses[i]?.contractAddress ?? '')),
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
      ['Operator (Root TAO)', operator ? link(toHash(['dids', operator]), code(operator)) : '—'],
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

/** Reads the head block every few seconds until the view is left. */
function pollHead(output: HTMLOutputElement, state: HTMLElement, signal: AbortSignal): void {
  const timer = setInterval(async () => {
    try {
      output.value = String(Number(await callLedger<string>('eth_blockNumber', [], signal)));
      state.textContent = 'live';
    } catch (error) {
      if (signal.aborted) return;
      state.textContent = error instanceof ApiRequestError ? `(${error.message})` : '(unreachable)';
    }
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
