import { ApiRequestError } from './api.js';
import { h } from './dom.js';

/** Headings for the statuses a visitor meets, in their words. */
const HEADINGS: Readonly<Record<number, string>> = {
  0: 'The node is not answering',
  400: 'This is not a valid request',
  404: 'Not found',
  429: 'Too many requests: wait a moment',
  503: 'The ledger is not answering',
};

/** Input the visitor typed that is not what the page takes: its title says so, its message how. */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.title = title;
  }
}

/** The form of a did:core or did:key: the method, then `z` and base58btc characters. */
const DID_FORM = /^did:(core|key):z[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Checks the form of a DID the visitor typed, before the node is asked about it.
 * @throws {InputError} saying what a valid DID looks like.
 */
export function assertDidForm(did: string): void {
  if (!DID_FORM.test(did)) throw malformedDid(did);
}

/** A DID the node refused as malformed (400) in the visitor's words; any other error as it is. */
export function toDidError(did: string, error: unknown): unknown {
  return error instanceof ApiRequestError && error.status === 400 ? malformedDid(did) : error;
}

function malformedDid(did: string): InputError {
  return new InputError(
    'This DID is malformed',
    `"${did}" is not a valid DID. A DID of this network looks like did:core:zn1iSHooKHctrz9R4P8kz5t ("did:core:", then "z" and base58 characters); a did:key like did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme.`,
  );
}

/** What went wrong, announced to screen readers: the node's own message when it gave one. */
export function errorPanel(error: unknown, level: 'h1' | 'h2' | 'h3' = 'h1'): HTMLElement {
  const known = error instanceof ApiRequestError;
  const title =
    error instanceof InputError
      ? error.title
      : known
        ? (HEADINGS[error.status] ?? error.title)
        : 'Something went wrong';
  const detail =
    known || error instanceof InputError ? error.message : 'The explorer could not show this page.';
  return h(
    'section',
    { class: 'error', role: 'alert', 'aria-labelledby': 'error-title' },
    h(level, { id: 'error-title', tabindex: -1 }, title),
    h('p', { id: 'error-detail' }, detail),
  );
}
