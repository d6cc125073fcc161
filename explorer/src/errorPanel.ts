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

/** What went wrong, announced to screen readers: the node's own message when it gave one. */
export function errorPanel(error: unknown, level: 'h1' | 'h2' | 'h3' = 'h1'): HTMLElement {
  const known = error instanceof ApiRequestError;
  const title = known ? (HEADINGS[error.status] ?? error.title) : 'Something went wrong';
  const detail = known ? error.message : 'The explorer could not show this page.';
  return h(
    'section',
    { class: 'error', role: 'alert', 'aria-labelledby': 'error-title' },
    h(level, { id: 'error-title', tabindex: -1 }, title),
    h('p', { id: 'error-detail' }, detail),
  );
}
