import { type Child, code, h, link, table } from './dom.js';
import { errorPanel } from './errorPanel.js';
import { connectSdk, type DidChange } from './loadSdk.js';
import { toHash } from './router.js';

/** Later than any date a person means: the registry's "no end" (e.g. 2^40 seconds). */
const NO_END = 253_402_300_799n; // 9999-12-31T23:59:59Z

/**
 * The history of a DID's document, filled in once read: every change the DID Registry logged
 * (keys added, rolled, revoked or expired, relationships, controllers, base document) as a
 * timeline, each change's date a link to the document as it was just after it.
 */
export function didHistorySection(did: string, signal: AbortSignal): HTMLElement {
  const section = h(
    'section',
    { id: 'history', 'aria-labelledby': 'history-title', 'aria-busy': 'true' },
    h('h2', { id: 'history-title' }, 'Key history'),
    h('p', { class: 'loading', role: 'status' }, 'Loading the history…'),
  );
  void fill(section, did, signal);
  return section;
}

async function fill(section: HTMLElement, did: string, signal: AbortSignal): Promise<void> {
  const title = section.firstElementChild as Element;
  let content: Node;
  try {
    const { sdk, client } = await connectSdk();
    const history = await sdk.getDidHistory(client, { did });
    content = table(
      'history-table',
      'Changes of this DID, oldest first, each dated by its block',
      ['When', 'Change', 'Key', 'Valid', 'Block'],
      history.map((change) => historyRow(did, change)),
    );
  } catch (error) {
    content = errorPanel(error, 'h3');
  }
  if (signal.aborted) return;
  section.replaceChildren(title, content);
  section.removeAttribute('aria-busy');
}

function historyRow(did: string, change: DidChange): HTMLTableRowElement {
  const { eventName, args } = change;
  const when = isoOf(change.timestamp);
  return h(
    'tr',
    { 'data-event': eventName },
    h('th', { scope: 'row' }, link(toHash(['dids', did], { 'valid-at': when }), when)),
    h('td', {}, ...describe(eventName, args)),
    h('td', {}, typeof args.vMethodId === 'string' ? code(args.vMethodId) : '—'),
    h('td', {}, windowOf(eventName, args)),
    h('td', {}, String(change.blockNumber)),
  );
}

/** What a change did, in words. */
function describe(eventName: string, args: Record<string, unknown>): Child[] {
  const did = (value: unknown) => link(toHash(['dids', String(value)]), code(String(value)));
  switch (eventName) {
    case 'DidDocumentInserted':
      return ['Registered, with its first key (authentication, capabilityInvocation)'];
    case 'BaseDocumentUpdated':
      return ['Base document replaced'];
    case 'ControllerAdded':
      return ['Controller added: ', did(args.controller)];
    case 'ControllerRevoked':
      return ['Controller removed: ', did(args.controller)];
    case 'VerificationMethodAdded':
      return ['Key added'];
    case 'VerificationRelationshipAdded':
      return ['Relationship ', code(String(args.name)), ' given'];
    case 'VerificationMethodRevoked':
      return ['Key revoked'];
    case 'VerificationMethodExpired':
      return ['Key set to expire'];
    case 'VerificationMethodRolled': {
      const end = (args.notBefore as bigint) + (args.duration as bigint);
      return [
        'Key rolled over from ',
        code(String(args.oldVMethodId)),
        `; the old key's relationships end by ${dateOf(end)}`,
      ];
    }
    default:
      return [eventName];
  }
}

/** The validity the change gives or ends. */
function windowOf(eventName: string, args: Record<string, unknown>): string {
  const { notBefore, notAfter } = args;
  if (typeof notAfter !== 'bigint') return '—';
  if (typeof notBefore === 'bigint') return `${dateOf(notBefore)} – ${dateOf(notAfter)}`;
  return eventName === 'VerificationMethodRevoked' || eventName === 'VerificationMethodExpired'
    ? `ends ${dateOf(notAfter)}`
    : dateOf(notAfter);
}

/** A time of the registry (Unix seconds) as a UTC date-time, or "no end". */
function dateOf(seconds: bigint): string {
  return seconds >= NO_END ? 'no end' : isoOf(seconds);
}

function isoOf(seconds: bigint): string {
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}
