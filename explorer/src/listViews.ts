import { getJson } from './api.js';
import { type Child, code, h, link, table } from './dom.js';
import { matches } from './registries.js';
import { toHash } from './router.js';

// Lists of the registries in words: a title that says what is listed, and for the lists where
// it matters, when and by whom each item was written (read item by item, a page at a time).

// biome-ignore lint/suspicious/noExplicitAny: a read's body, shaped by the pattern it matched
type Body = any;

/** A column of a list: its heading and the cell of one item's entity. */
type Column = readonly [heading: string, cell: (entity: Body) => Child];

/** How a list at an API path of the form `pattern` is shown. */
type ListView = {
  pattern: string;
  title: (segments: readonly string[]) => Child[];
  /** The heading of the item's own column (its id, linked). */
  item: string;
  /** Further columns, read from each item's entity. */
  columns?: readonly Column[];
  /** Items that are not links to an entity: the whole table. */
  rows?: (items: readonly Body[]) => HTMLElement;
};

const of = (index: number, noun: string) => (segments: readonly string[]) => [
  `${noun} `,
  code(segments[index] ?? ''),
];

const LIST_VIEWS: readonly ListView[] = [
  { pattern: 'policies-registry/policies', title: () => ['Policies'], item: 'Policy' },
  { pattern: 'policies-registry/subjects', title: () => ['Policy holders'], item: 'Account' },
  {
    pattern: 'policies-registry/subjects/*/policies',
    title: of(2, 'Policies held by'),
    item: 'Policy',
  },
  { pattern: 'schemas-registry/schemas', title: () => ['Schemas'], item: 'Schema id' },
  {
    pattern: 'schemas-registry/schemas/*/revisions',
    title: of(2, 'Revisions of schema'),
    item: 'Revision id (SHA-256 of the document)',
  },
  {
    pattern: 'schemas-registry/schemas/*/revisions/*/metadata',
    title: of(4, 'Metadata of revision'),
    item: 'Metadata id',
  },
  {
    pattern: 'timestamp/timestamps',
    title: () => ['Timestamps'],
    item: 'Timestamp',
    columns: [
      ['When', (t) => `${t.timestamp}, block ${t.blockNumber}`],
      ['By (account)', (t) => code(t.timestampedBy)],
    ],
  },
  { pattern: 'timestamp/hash-algorithms', title: () => ['Hash algorithms'], item: 'Number' },
  {
    pattern: 'timestamp/records',
    title: () => ['Timestamp records'],
    item: 'Record',
    columns: [['Versions', (r) => String(r.totalVersions)]],
  },
  { pattern: 'timestamp/records/*/versions', title: of(2, 'Versions of record'), item: 'Version' },
  {
    pattern: 'track-and-trace/documents',
    title: () => ['Track and Trace documents'],
    item: 'Document',
    columns: [
      ['Created', (d) => d.timestamp.datetime],
      ['By', (d) => didLink(d.creator)],
    ],
  },
  {
    pattern: 'track-and-trace/documents/*/events',
    title: of(2, 'Events of document'),
    item: 'Event',
    columns: [
      ['Written', (e) => e.timestamp.datetime],
      ['By', (e) => didLink(e.sender)],
      ['Origin', (e) => e.origin || 'None'],
    ],
  },
  {
    pattern: 'track-and-trace/documents/*/accesses',
    title: of(2, 'Who may access document'),
    item: 'Who',
    rows: (items) =>
      table(
        'browse-list',
        'Each DID and what it may do; the creator first',
        ['Who', 'May', 'Granted by'],
        items.map((access) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, didLink(access.subject)),
            h('td', {}, PERMISSIONS[access.permission] ?? access.permission),
            h('td', {}, didLink(access.grantedBy)),
          ),
        ),
      ),
  },
  { pattern: 'contracts-registry/contracts', title: () => ['Registry instances'], item: 'Address' },
  {
    pattern: 'issuers-registry/issuers/*/attributes',
    title: of(2, 'Attributes of issuer'),
    item: 'Attribute',
  },
  {
    pattern: 'issuers-registry/issuers/*/proxies',
    title: of(2, 'Proxies of issuer'),
    item: 'Proxy',
  },
  {
    pattern: 'issuers-registry/issuers/*/attributes/*/revisions',
    title: of(4, 'Revisions of attribute'),
    item: 'Revision',
  },
];

/** What each access permission lets its holder do. */
const PERMISSIONS: Readonly<Record<string, string>> = {
  creator: 'Created it: write events and grant access',
  delegate: 'Grant write access to others',
  write: 'Write events',
};

/** The view of the list at `segments`, when it has one. */
export function listViewOf(segments: readonly string[]): ListView | undefined {
  return LIST_VIEWS.find(({ pattern }) => matches(pattern, segments));
}

/**
 * The items of a list page as a table: each item's id linked to its view, and the view's columns
 * read from each item's entity.
 */
export async function listTable(
  view: ListView | undefined,
  items: readonly Body[],
  toItemHash: (href: string) => string,
  signal: AbortSignal,
): Promise<HTMLElement> {
  if (view?.rows) return view.rows(items);
  const columns = view?.columns ?? [];
  const entities = await Promise.all(
    items.map((item) =>
      columns.length === 0 || typeof item?.href !== 'string'
        ? undefined
        : getJson<Body>(item.href, { signal }).catch(() => undefined),
    ),
  );
  const rows = items.map((item, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, itemLink(item, toItemHash)),
      ...columns.map(([, cell]) => h('td', {}, entities[i] ? cell(entities[i]) : '—')),
    ),
  );
  return table(
    'browse-list',
    'One row per item, linked to its page',
    [view?.item ?? 'Item', ...columns.map(([heading]) => heading)],
    rows,
  );
}

/** An item's id, linked to its view. */
function itemLink(item: Body, toItemHash: (href: string) => string): Child {
  if (typeof item !== 'object' || item === null || typeof item.href !== 'string')
    return code(JSON.stringify(item));
  const { href, ...rest } = item;
  const label = Object.values(rest).find((value) => typeof value !== 'object');
  return link(toItemHash(href), code(String(label ?? href)));
}

function didLink(did: string): Child {
  return link(toHash(['dids', did]), code(did));
}
