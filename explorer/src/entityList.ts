import { getPage } from './api.js';
import { code, fragment, h, link } from './dom.js';
import { pager } from './pager.js';
import { toHash } from './router.js';

/** One page of a collection whose items are DIDs, each a link to its view. */
export type EntityListOptions = {
  /** The API collection, e.g. `/v1/did-registry/identifiers`. */
  path: string;
  /** The explorer section of the list and of each item, e.g. `dids`. */
  section: string;
  page: number;
  signal: AbortSignal;
  /** The list's element id. */
  id: string;
  /** What an empty list says. */
  empty: string;
};

/** The DIDs of a page of `path`, linked to `#/<section>/<did>`, with the page links. */
export async function entityList(options: EntityListOptions): Promise<Node> {
  const { path, section, page, signal } = options;
  const collection = await getPage<{ did: string }>(path, page, { signal });
  const items = collection.items.map(({ did }) =>
    h('li', {}, link(toHash([section, did]), code(did))),
  );
  return fragment(
    items.length === 0
      ? h('p', {}, options.empty)
      : h('ul', { class: 'entity-list', id: options.id }, ...items),
    pager(collection, page, (n) => toHash([section], { page: n })),
  );
}
