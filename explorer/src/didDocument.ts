import { getJson } from './api.js';
import { didHistorySection } from './didHistory.js';
import { code, fragment, h, heading, link, longId, table } from './dom.js';
import { assertDidForm, toDidError } from './errorPanel.js';
import { toHash } from './router.js';
import type { ViewContext } from './view.js';

type VerificationMethod = {
  id: string;
  type: string;
  controller: string;
  publicKeyJwk: { kty: string; crv: string; x: string; y: string };
};

/** A DID document in its plain representation (`application/did+json`). */
type DidDocument = {
  id: string;
  controller: string[];
  verificationMethod: VerificationMethod[];
} & Record<string, unknown>;

/**
 * A DID document: its controllers, its keys with the relationships each holds, its key history
 * and the raw document; `valid-at` (a date) shows the document as it was, or will be, then.
 */
export async function didDocumentView({ route, signal }: ViewContext): Promise<Node> {
  const did = route.segments[1] ?? '';
  assertDidForm(did);
  const validAt = route.query.get('valid-at') ?? '';
  const query = validAt === '' ? '' : `?valid-at=${encodeURIComponent(validAt)}`;
  const document = await getJson<DidDocument>(
    `/v1/did-registry/identifiers/${encodeURIComponent(did)}${query}`,
    { accept: 'application/did+json', signal },
  ).catch((error: unknown) => {
    throw toDidError(did, error);
  });
  const keys = document.verificationMethod.map((method) => keyRow(document, method));
  return fragment(
    heading('DID ', longId(document.id)),
    validAtForm(did, validAt),
    h('p', { class: 'muted', id: 'as-of' }, validAt === '' ? 'As of now' : `As of ${validAt}`),
    h('h2', {}, 'Controllers'),
    h(
      'ul',
      { id: 'controllers' },
      ...document.controller.map((controller) =>
        h('li', {}, link(toHash(['dids', controller]), code(controller))),
      ),
    ),
    h('h2', {}, 'Keys'),
    keys.length === 0
      ? h('p', {}, 'No key holds a relationship at this time.')
      : table(
          'keys',
          'Verification methods and their relationships',
          ['Key id', 'Type', 'Relationships'],
          keys,
        ),
    didHistorySection(did, signal),
    h(
      'details',
      {},
      h('summary', {}, 'Raw DID document'),
      h('pre', {}, JSON.stringify(document, null, 2)),
    ),
  );
}

function keyRow(document: DidDocument, method: VerificationMethod): HTMLTableRowElement {
  // A relationship is a member listing key ids: whichever the registry adds, it is shown.
  const held = Object.entries(document)
    .filter(([, value]) => Array.isArray(value) && value.includes(method.id))
    .map(([name]) => name);
  const fragmentId = method.id.slice(method.id.indexOf('#') + 1);
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, longId(fragmentId)),
    h('td', {}, `${method.type} (${method.publicKeyJwk.crv})`),
    h('td', {}, held.length === 0 ? '—' : held.join(', ')),
  );
}

/** Picks the date the document is shown at; "Now" clears it. */
function validAtForm(did: string, validAt: string): HTMLFormElement {
  const input = h('input', { id: 'valid-at', name: 'valid-at', type: 'date', value: validAt });
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Document at a date' },
    h('label', { for: 'valid-at' }, 'As of'),
    input,
    h('button', { type: 'submit' }, 'Show'),
    validAt === '' ? null : link(toHash(['dids', did]), 'Now'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = toHash(['dids', did], { 'valid-at': input.value });
  });
  return form;
}
