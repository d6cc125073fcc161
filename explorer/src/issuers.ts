import { ApiRequestError, getJson, getPage } from './api.js';
import { code, fragment, h, heading, link, longId, table } from './dom.js';
import { entityList } from './entityList.js';
import { assertDidForm, toDidError } from './errorPanel.js';
import { pageOf, toHash } from './router.js';
import type { ViewContext } from './view.js';

/** One attribute of an issuer, at its latest revision (read-api.md §3.3 `AttributeObject`). */
type Attribute = { hash: string; body: string; issuerType: string; tao: string; rootTao: string };

type ChainStep = { did: string; issuerType: string; revoked: boolean };

/** Accreditations are short chains; this bounds a malformed, looping one. */
const MAX_CHAIN = 10;

/** The issuers, a page at a time. */
export async function issuersView({ route, signal }: ViewContext): Promise<Node> {
  return fragment(
    heading('Issuers'),
    await entityList({
      path: '/v1/issuers-registry/issuers',
      section: 'issuers',
      page: pageOf(route),
      signal,
      id: 'issuer-list',
      empty: 'No issuer is accredited yet.',
    }),
  );
}

/** An issuer: its attributes (revocations marked) and its accreditation chain to the Root TAO. */
export async function issuerView({ route, signal }: ViewContext): Promise<Node> {
  const did = route.segments[1] ?? '';
  assertDidForm(did);
  await getJson(issuerPath(did), { signal }).catch((error: unknown) => {
    throw toDidError(did, error);
  });
  const attributes = await getAttributes(did, signal);
  const chain = await getChain(did, attributes, signal);
  return fragment(
    heading('Issuer ', longId(did)),
    h(
      'p',
      {},
      link(toHash(['dids', did]), 'DID document'),
      ' · ',
      link(toHash(['browse', 'issuers-registry', 'issuers', did, 'proxies']), 'Proxies'),
    ),
    h('h2', {}, 'Accreditation chain'),
    h(
      'ol',
      { class: 'chain', id: 'chain', 'aria-label': 'Accredited by, up to the Root TAO' },
      ...chain.map((step) =>
        h(
          'li',
          {},
          link(toHash(['issuers', step.did]), code(step.did)),
          ' ',
          h('span', { class: 'badge' }, step.issuerType),
          step.revoked ? h('mark', { class: 'revoked' }, 'revoked') : null,
        ),
      ),
    ),
    h('h2', {}, 'Attributes'),
    attributes.length === 0
      ? h('p', {}, 'This issuer has no attribute.')
      : attributeTable(attributes),
  );
}

function attributeTable(attributes: readonly Attribute[]): HTMLElement {
  const rows = attributes.map((attribute) => {
    const revoked = attribute.issuerType === 'Revoked';
    return h(
      'tr',
      { class: revoked ? 'revoked' : undefined },
      h(
        'th',
        { scope: 'row' },
        revoked ? h('mark', { class: 'revoked' }, 'Revoked') : attribute.issuerType,
      ),
      h('td', {}, link(toHash(['issuers', attribute.tao]), code(attribute.tao))),
      h('td', {}, link(toHash(['issuers', attribute.rootTao]), code(attribute.rootTao))),
      h(
        'td',
        {},
        attribute.body === ''
          ? '—'
          : h('details', {}, h('summary', {}, 'JWT'), h('pre', {}, attribute.body)),
      ),
    );
  });
  return table(
    'attributes',
    'Attributes, oldest first, each at its latest revision',
    ['Type', 'Accredited by', 'Root TAO', 'Credential'],
    rows,
  );
}

/** The issuer, the TAO that accredited it, and so on up to a Root TAO (or a broken link). */
async function getChain(
  did: string,
  own: readonly Attribute[],
  signal: AbortSignal,
): Promise<ChainStep[]> {
  const steps: ChainStep[] = [];
  let current = did;
  let attributes = own;
  while (steps.length < MAX_CHAIN) {
    const valid = attributes.filter((attribute) => attribute.issuerType !== 'Revoked');
    const chosen = valid.at(-1) ?? attributes.at(-1);
    steps.push({
      did: current,
      issuerType: chosen?.issuerType ?? 'not accredited',
      revoked: attributes.length > 0 && valid.length === 0,
    });
    if (chosen === undefined || chosen.issuerType === 'RootTAO' || chosen.tao === current) break;
    if (steps.some((step) => step.did === chosen.tao)) break;
    current = chosen.tao;
    attributes = await getAttributes(current, signal).catch(noneIfMissing);
  }
  return steps;
}

/** Attributes read per page, the most the API gives. */
const ATTRIBUTES_PER_PAGE = 50;
/** An issuer has a few attributes; this bounds the reads for one with very many. */
const MAX_ATTRIBUTE_PAGES = 20;

/** The attributes of an issuer (up to 1,000), oldest first, each at its latest revision. */
async function getAttributes(did: string, signal: AbortSignal): Promise<Attribute[]> {
  const base = `${issuerPath(did)}/attributes`;
  const size = ATTRIBUTES_PER_PAGE;
  const first = await getPage<{ id: string }>(base, 1, { signal, size });
  const pages = Math.min(Math.ceil(first.total / size), MAX_ATTRIBUTE_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(pages - 1, 0) }, (_, i) =>
      getPage<{ id: string }>(base, i + 2, { signal, size }),
    ),
  );
  const ids = [first, ...rest].flatMap((page) => page.items);
  const replies = await Promise.all(
    ids.map(({ id }) => getJson<{ attribute: Attribute }>(`${base}/${id}`, { signal })),
  );
  return replies.map((reply) => reply.attribute);
}

/** A TAO that is not (or no longer) an issuer ends the chain, with no attribute. */
function noneIfMissing(error: unknown): Attribute[] {
  if (error instanceof ApiRequestError && error.status === 404) return [];
  throw error;
}

function issuerPath(did: string): string {
  return `/v1/issuers-registry/issuers/${encodeURIComponent(did)}`;
}
