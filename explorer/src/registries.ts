import { toHash } from './router.js';

/** A registry as the explorer shows it. */
export type RegistryEntry = {
  /** The URL segment under `/v1/`. */
  name: string;
  title: string;
  /** Whether `/v1/<name>/details` exists (SPEC.md §2.8). */
  hasDetails: boolean;
  /** Where the explorer browses it. */
  browse: string;
};

/** The registries of a node (SPEC.md §1), in the order the network view lists them. */
export const REGISTRIES: readonly RegistryEntry[] = [
  entry('did-registry', 'DID Registry', true, ['dids']),
  entry('issuers-registry', 'Issuers Registry', true, ['issuers']),
  entry('policies-registry', 'Policies Registry', false, [
    'browse',
    'policies-registry',
    'policies',
  ]),
  entry('schemas-registry', 'Schemas Registry', true, ['browse', 'schemas-registry', 'schemas']),
  entry('timestamp', 'Timestamp', true, ['browse', 'timestamp', 'timestamps']),
  entry('track-and-trace', 'Track and Trace', true, ['browse', 'track-and-trace', 'documents']),
  entry('contracts-registry', 'Contracts Registry', false, [
    'browse',
    'contracts-registry',
    'contracts',
  ]),
];

function entry(name: string, title: string, hasDetails: boolean, browse: string[]): RegistryEntry {
  return { name, title, hasDetails, browse: toHash(browse) };
}

/** The collections under an entity of the API, by the entity's path (`*`: any one segment). */
const NESTED_COLLECTIONS: readonly (readonly [pattern: string, collections: readonly string[]])[] =
  [
    ['issuers-registry/issuers/*', ['attributes', 'proxies']],
    ['issuers-registry/issuers/*/attributes/*', ['revisions']],
    ['policies-registry/subjects/*', ['policies']],
    ['schemas-registry/schemas/*', ['revisions']],
    ['schemas-registry/schemas/*/revisions/*', ['metadata']],
    ['timestamp/records/*', ['versions']],
    ['track-and-trace/documents/*', ['events', 'accesses']],
  ];

/** The collections under the entity at `segments` (its path under `/v1/`), e.g. its events. */
export function nestedCollectionsOf(segments: readonly string[]): readonly string[] {
  return NESTED_COLLECTIONS.find(([pattern]) => matches(pattern, segments))?.[1] ?? [];
}

/** Whether an API path (`segments` under `/v1/`) has the form of `pattern` (`*`: any one segment). */
export function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  return (
    parts.length === segments.length &&
    parts.every((part, i) => part === '*' || part === segments[i])
  );
}

/** A nested collection's name as a link says it. */
export const NESTED_LABELS: Readonly<Record<string, string>> = {
  attributes: 'Attributes',
  proxies: 'Proxies',
  revisions: 'Revisions',
  policies: 'Policies held',
  metadata: 'Metadata',
  versions: 'Versions',
  events: 'Events',
  accesses: 'Who may access it',
};
