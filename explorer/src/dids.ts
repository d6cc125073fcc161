import { fragment, h, heading } from './dom.js';
import { entityList } from './entityList.js';
import { pageOf, toHash } from './router.js';
import type { ViewContext } from './view.js';

/** A form that opens the document of a DID typed by the visitor. */
export function didSearchForm(): HTMLFormElement {
  const input = h('input', {
    id: 'did-search',
    name: 'did',
    type: 'search',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'did:core:…',
  });
  const form = h(
    'form',
    { role: 'search', class: 'inline-form' },
    h('label', { for: 'did-search' }, 'DID'),
    input,
    h('button', { type: 'submit' }, 'Resolve'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const did = input.value.trim();
    if (did !== '') location.hash = toHash(['dids', did]);
  });
  return form;
}

/** The registered DIDs, a page at a time, and a search by DID. */
export async function didsView({ route, signal }: ViewContext): Promise<Node> {
  return fragment(
    heading('DIDs'),
    didSearchForm(),
    h('h2', {}, 'Registered DIDs'),
    await entityList({
      path: '/v1/did-registry/identifiers',
      section: 'dids',
      page: pageOf(route),
      signal,
      id: 'did-list',
      empty: 'No DID is registered yet.',
    }),
  );
}
