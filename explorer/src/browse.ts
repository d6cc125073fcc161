import { type Collection, getJson } from './api.js';
import { type Child, code, fragment, h, heading, link } from './dom.js';
import { entityViewOf } from './entityViews.js';
import { listTable, listViewOf } from './listViews.js';
import { pager } from './pager.js';
import { NESTED_LABELS, nestedCollectionsOf } from './registries.js';
import { pageOf, type Route, toHash } from './router.js';
import type { ViewContext } from './view.js';

/** Where the explorer shows an API URL: its own views for DIDs and issuers, else this one. */
export function toExplorerHash(href: string): string {
  const url = new URL(href, location.origin);
  const segments = url.pathname
    .replace(/^\/v1\//, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment));
  const [registry, collection, id, ...rest] = segments;
  if (id !== undefined && rest.length === 0) {
    if (registry === 'did-registry' && collection === 'identifiers') return toHash(['dids', id]);
    if (registry === 'issuers-registry' && collection === 'issuers') return toHash(['issuers', id]);
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!name.startsWith('page[')) query[name] = value;
  return toHash(['browse', ...segments], query);
}

/**
 * Any read of the REST API under `#/browse/<path>`: the registries' lists and entities in words
 * (entityViews.ts, listViews.ts), anything else as its JSON fields; links followed inside the
 * explorer.
 */
export async function browseView({ route, signal }: ViewContext): Promise<Node> {
  const segments = route.segments.slice(1);
  const page = pageOf(route);
  const body = await getJson<unknown>(toApiPath(segments, route, page), { signal });
  const source = h('p', { class: 'muted' }, link(toApiPath(segments, route, page), 'As JSON'));
  if (isCollection(body)) {
    const view = listViewOf(segments);
    return fragment(
      heading(...(view?.title(segments) ?? [segments.join(' / ')])),
      source,
      body.items.length === 0
        ? h('p', {}, 'This list is empty.')
        : await listTable(view, body.items, toExplorerHash, signal),
      pager(body, page, (n) => toHash(route.segments, { ...queryOf(route), page: n })),
    );
  }
  const view = entityViewOf(segments);
  const nested = nestedCollectionsOf(segments);
  return fragment(
    heading(...(view?.title(segments, body) ?? [segments.join(' / ')])),
    source,
    h(
      'div',
      { id: 'entity' },
      view ? await view.render(body, segments, signal) : renderValue(body),
    ),
    nested.length === 0
      ? null
      : h(
          'nav',
          { 'aria-label': 'Lists under this entity', id: 'nested' },
          h('h2', {}, 'See also'),
          h(
            'ul',
            {},
            ...nested.map((name) =>
              h(
                'li',
                {},
                link(
                  toHash([...route.segments, name], queryOf(route)),
                  NESTED_LABELS[name] ?? name,
                ),
              ),
            ),
          ),
        ),
  );
}

function toApiPath(segments: readonly string[], route: Route, page: number): string {
  const query = new URLSearchParams(queryOf(route));
  if (page > 1) query.set('page[after]', String(page));
  const search = query.toString();
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  return `/v1/${path}${search === '' ? '' : `?${search}`}`;
}

function queryOf(route: Route): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of route.query) if (name !== 'page') query[name] = value;
  return query;
}

function isCollection(body: unknown): body is Collection<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { items?: unknown }).items) &&
    typeof (body as { links?: unknown }).links === 'object'
  );
}

/** A JSON value as HTML: objects as field lists, arrays as lists, links and DIDs followable. */
export function renderValue(value: unknown): Child {
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : h('ol', {}, ...value.map((v) => h('li', {}, renderValue(v))));
  }
  if (typeof value === 'object' && value !== null) {
    const list = h('dl', { class: 'fields' });
    for (const [name, member] of Object.entries(value)) {
      list.append(h('dt', {}, name), h('dd', {}, renderValue(member)));
    }
    return list;
  }
  if (typeof value !== 'string') return String(value);
  if (/^https?:\/\/[^/]+\/v1\//.test(value)) return link(toExplorerHash(value), code(value));
  if (value.startsWith('did:')) return link(toHash(['dids', value]), code(value));
  // Ids, hashes and addresses: hex, or base64 / base64url multibase.
  return /^(0x|[um])[0-9A-Za-z_+/-]{16,}$/.test(value) ? code(value) : value;
}
