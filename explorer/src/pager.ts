import type { Collection } from './api.js';
import { h, link } from './dom.js';

/**
 * Previous and next links of a collection page, with its position ("Page 2 of 5, 93 items").
 * @param toPageHash The explorer location of another page.
 */
export function pager(
  collection: Collection<unknown>,
  page: number,
  toPageHash: (page: number) => string,
): HTMLElement {
  const last = Math.max(Math.ceil(collection.total / collection.pageSize), 1);
  const noun = collection.total === 1 ? 'item' : 'items';
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    page > 1 ? link(toPageHash(page - 1), 'Previous') : h('span', { 'aria-hidden': 'true' }),
    h('span', {}, `Page ${Math.min(page, last)} of ${last}, ${collection.total} ${noun}`),
    page < last ? link(toPageHash(page + 1), 'Next') : h('span', { 'aria-hidden': 'true' }),
  );
}
