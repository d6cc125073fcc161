import { toExplorerHash } from './browse.js';
import { code, fragment, h, heading, link } from './dom.js';
import { errorPanel } from './errorPanel.js';
import { boundFetch, loadSdk, type TrustReport } from './loadSdk.js';
import { toHash } from './router.js';
import type { ViewContext } from './view.js';

const MARKS = { pass: '✔', fail: '✘', skip: '–' } as const;
const SAID = { pass: 'passed', fail: 'failed', skip: 'skipped' } as const;
const ROLES = { TI: 'Trusted Issuer', TAO: 'TAO', RootTAO: 'Root TAO' } as const;

/**
 * Verify a credential: a pasted JWT VC checked in this browser by the SDK's verifier, which reads
 * this node's public REST API only, and its trust report shown as a checklist with the chain.
 */
export async function verifyCredentialView({ signal }: ViewContext): Promise<Node> {
  const textarea = h('textarea', {
    id: 'credential',
    name: 'credential',
    rows: 6,
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': 'credential-help',
  });
  const result = h('section', {
    id: 'verify-result',
    'aria-label': 'Trust report',
    'aria-live': 'polite',
  });
  const form = h(
    'form',
    { class: 'verify-form' },
    h('label', { for: 'credential' }, 'Credential (JWT VC)'),
    textarea,
    h(
      'p',
      { id: 'credential-help', class: 'muted' },
      'Checked in this browser against this node’s registries; the credential is not sent.',
    ),
    h('button', { type: 'submit' }, 'Verify'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void verify(textarea.value.trim(), result, signal);
  });
  return fragment(heading('Verify a credential'), form, result);
}

async function verify(jwt: string, result: HTMLElement, signal: AbortSignal): Promise<void> {
  if (jwt === '') {
    result.replaceChildren(h('p', { class: 'verdict warn' }, 'Paste a credential first.'));
    return;
  }
  result.setAttribute('aria-busy', 'true');
  result.replaceChildren(h('p', { class: 'loading' }, 'Verifying…'));
  try {
    const { verifyCredential } = await loadSdk();
    const report = await verifyCredential(jwt, { node: location.origin, fetch: boundFetch });
    if (signal.aborted) return;
    result.replaceChildren(...toReport(report));
  } catch (error) {
    if (signal.aborted) return;
    result.replaceChildren(errorPanel(error, 'h2'));
  } finally {
    result.removeAttribute('aria-busy');
  }
}

function toReport(report: TrustReport): Node[] {
  const trusted = report.verdict === 'trusted';
  const checks = report.checks.map((check) =>
    h(
      'li',
      { class: `check ${check.verdict}`, 'data-check': check.id, 'data-verdict': check.verdict },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, MARKS[check.verdict]),
      ' ',
      h('strong', {}, check.id),
      h('span', { class: 'visually-hidden' }, ` ${SAID[check.verdict]}`),
      ': ',
      check.detail,
      check.source === undefined ? null : fragment(' ', sourceLink(check.source)),
    ),
  );
  const chain = report.chain.map((entry) =>
    h(
      'li',
      { 'data-role': entry.role },
      h('span', { class: 'badge' }, ROLES[entry.role]),
      ' ',
      link(toHash(['issuers', entry.did]), code(entry.did)),
      ' ',
      sourceLink(entry.source, 'accreditation'),
    ),
  );
  return [
    h(
      'p',
      {
        id: 'verdict',
        class: `verdict ${trusted ? 'ok' : 'warn'}`,
        'data-verdict': report.verdict,
      },
      h('strong', {}, trusted ? 'Trusted' : 'Untrusted'),
      trusted ? ': every check passed or had nothing to check.' : ': a check failed.',
    ),
    h('h2', {}, 'Checks'),
    h('ol', { id: 'checks', class: 'checklist' }, ...checks),
    h('h2', {}, 'Accreditation chain'),
    chain.length === 0
      ? h('p', { class: 'muted' }, 'No accreditation chain was followed.')
      : h('ol', { id: 'chain', class: 'chain' }, ...chain),
  ];
}

/** A read of this node's REST API, opened in the explorer; any other URL is not linked. */
function sourceLink(source: string, label = 'registry read'): Node {
  const url = URL.canParse(source) ? new URL(source) : undefined;
  if (url === undefined || !url.pathname.startsWith('/v1/')) return code(source);
  return h('a', { href: toExplorerHash(source), class: 'source' }, `(${label})`);
}
