import { getJson } from './api.js';
import { type Child, code, details, fragment, h, link, longId } from './dom.js';
import { toHex, toText } from './hex.js';
import { toDigestHex } from './multihash.js';
import { matches } from './registries.js';
import { toHash } from './router.js';
import { sha256 } from './sha256.js';

// Entities of the registries as a reader wants them: a title in words, labelled fields, when and
// by whom, links to what they name. Anything not listed here is shown as its JSON fields.

// biome-ignore lint/suspicious/noExplicitAny: a read's body, shaped by the pattern it matched
type Body = any;

/** How an entity at an API path of the form `pattern` is shown. */
type EntityView = {
  pattern: string;
  title: (segments: readonly string[], body: Body) => Child[];
  render: (body: Body, segments: readonly string[], signal: AbortSignal) => Promise<Node> | Node;
};

const ENTITY_VIEWS: readonly EntityView[] = [
  {
    pattern: 'timestamp/timestamps/*',
    title: (_, body) => ['Timestamp ', longId(body.timestampId)],
    render: timestampView,
  },
  {
    pattern: 'timestamp/hash-algorithms/*',
    title: (_, body) => [`Hash algorithm ${body.ianaName}`],
    render: (body) =>
      details([
        ['Name (IANA)', body.ianaName],
        ['Multihash name', body.multihash],
        ['Object identifier', body.oid],
        ['Output length', `${body.outputLengthBits} bits`],
        ['Status', body.status === 'active' ? 'Active' : 'Revoked'],
      ]),
  },
  {
    pattern: 'timestamp/records/*',
    title: (segments) => ['Timestamp record ', longId(segments[2] ?? '')],
    render: (body) =>
      details([
        ['Owners', list(body.ownerIds, code)],
        ['Revoked owners', list(body.revokedOwnerIds, code)],
        ['Versions', String(body.totalVersions)],
        ['First version’s hashes', list(body.firstVersionTimestamps, hashLink)],
        ['Last version’s hashes', list(body.lastVersionTimestamps, hashLink)],
      ]),
  },
  {
    pattern: 'timestamp/records/*/versions/*',
    title: (segments) => [`Version ${segments[4]} of record `, longId(segments[2] ?? '')],
    render: (body) =>
      details([
        ['Hashes', list(body.hashes, hashLink)],
        ['Version info', list(body.info, (info) => h('pre', {}, JSON.stringify(info, null, 2)))],
      ]),
  },
  {
    pattern: 'policies-registry/policies/*',
    title: (_, body) => [`Policy ${body.policyName}`],
    render: (body) =>
      details([
        ['Name', code(body.policyName)],
        ['What it allows', body.description],
        ['Status', body.status ? 'Active' : 'Inactive'],
        ['Number', body.policyId],
      ]),
  },
  {
    pattern: 'policies-registry/subjects/*',
    title: (segments) => ['Policy holder ', longId(segments[2] ?? '')],
    render: (body) => details([['Account', code(body.subject)]]),
  },
  {
    pattern: 'schemas-registry/schemas/*',
    title: (segments) => ['Schema ', longId(segments[2] ?? '')],
    render: (body) => documentView('Latest revision', body),
  },
  {
    pattern: 'schemas-registry/schemas/*/revisions/*',
    title: (segments) => ['Revision ', longId(segments[4] ?? ''), ' of a schema'],
    render: (body, segments) =>
      fragment(
        h(
          'p',
          {},
          'Of schema ',
          link(toHash(['browse', ...segments.slice(0, 3)]), code(segments[2] ?? '')),
        ),
        documentView('This revision', body),
      ),
  },
  {
    pattern: 'schemas-registry/schemas/*/revisions/*/metadata/*',
    title: (segments) => ['Metadata ', longId(segments[6] ?? '')],
    render: (body) => documentView('Metadata', body),
  },
  {
    pattern: 'track-and-trace/documents/*',
    title: (segments) => ['Track and Trace document ', longId(segments[2] ?? '')],
    render: (body) =>
      details([
        ['Created', whenOf(body.timestamp)],
        ['By', didLink(body.creator)],
        ['Metadata', body.metadata === '' ? 'None' : body.metadata],
      ]),
  },
  {
    pattern: 'track-and-trace/documents/*/events/*',
    title: (segments) => ['Event ', longId(segments[4] ?? '')],
    render: (body, segments) =>
      details([
        ['Of document', link(toHash(['browse', ...segments.slice(0, 3)]), code(segments[2] ?? ''))],
        ['Written', whenOf(body.timestamp)],
        ['By', didLink(body.sender)],
        ['External hash', code(body.externalHash)],
        ['Origin', body.origin === '' ? 'None' : body.origin],
        ['Metadata', body.metadata === '' ? 'None' : body.metadata],
      ]),
  },
  {
    pattern: 'contracts-registry/contracts/*',
    title: (segments) => ['Registry instance ', longId(segments[2] ?? '')],
    render: (body) => details(Object.entries(body).map(([name, value]) => [name, String(value)])),
  },
];

/** The view of the entity at `segments`, when it has one. */
export function entityViewOf(segments: readonly string[]): EntityView | undefined {
  return ENTITY_VIEWS.find(({ pattern }) => matches(pattern, segments));
}

async function timestampView(body: Body, _: readonly string[], signal: AbortSignal) {
  const algorithm = await getJson<{ ianaName: string }>(
    `/v1/timestamp/hash-algorithms/${body.hashAlgorithmId}`,
    { signal },
  ).catch(() => undefined);
  const name = algorithm?.ianaName ?? `algorithm ${body.hashAlgorithmId}`;
  const data = toText(body.data);
  return fragment(
    h('p', { class: 'verdict ok' }, h('strong', {}, 'Timestamped'), ` on ${body.timestamp}`),
    details([
      [`Hash (${name.toUpperCase()})`, code(toDigestHex(body.hash) ?? body.hash)],
      ['When', `${body.timestamp}, block ${body.blockNumber}`],
      ['By (account)', code(body.timestampedBy)],
      ['Transaction', body.transactionHash ? code(body.transactionHash) : null],
      ['Published data', body.data === '0x' ? 'None' : data !== undefined ? data : code(body.data)],
      [
        'Hash algorithm',
        link(
          toHash(['browse', 'timestamp', 'hash-algorithms', String(body.hashAlgorithmId)]),
          name,
        ),
      ],
    ]),
  );
}

/** A hash value linked to its timestamp, whose id is the SHA-256 of the hash value. */
function hashLink(hashValue: string): Child {
  const bytes = Uint8Array.from(hashValue.slice(2).match(/../g) ?? [], (b) =>
    Number.parseInt(b, 16),
  );
  const timestampId = `0x${toHex(sha256(bytes))}`;
  return link(toHash(['browse', 'timestamp', 'timestamps', timestampId]), code(hashValue));
}

function didLink(did: string): Child {
  return link(toHash(['dids', did]), code(did));
}

/** A Track and Trace timestamp: its date, and the block that proves it. */
function whenOf(timestamp: { datetime: string; source: string; proof: string }): string {
  return timestamp.source === 'block'
    ? `${timestamp.datetime}, block ${Number(timestamp.proof)}`
    : `${timestamp.datetime} (${timestamp.source} ${timestamp.proof})`;
}

function list<item>(items: readonly item[] | undefined, show: (item: item) => Child): Child {
  if (!items || items.length === 0) return 'None';
  return h('ul', { class: 'plain' }, ...items.map((item) => h('li', {}, show(item))));
}

/** A stored JSON document: its title and description when it has them, then the document. */
function documentView(label: string, document: Body): Node {
  const named = typeof document === 'object' && document !== null ? document : {};
  return fragment(
    details([
      ['Title', typeof named.title === 'string' ? named.title : null],
      ['Description', typeof named.description === 'string' ? named.description : null],
    ]),
    h('h2', {}, label),
    h('pre', {}, JSON.stringify(document, null, 2)),
  );
}
