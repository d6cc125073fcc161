import { fragment, h, heading } from './dom.js';
import { errorPanel } from './errorPanel.js';
import { boundFetch, loadProofs, loadSdk, type VerifyParameters } from './loadSdk.js';
import { type ReadsMode, readsChoice } from './readsChoice.js';
import { trustReportView } from './trustReportView.js';
import type { ViewContext } from './view.js';

/**
 * Verify a credential: a pasted JWT VC checked in this browser by the SDK's verifier, which reads
 * the public REST API of this node (its answers believed, or checked against ledger proofs) or of
 * a quorum of nodes, and its trust report shown as a checklist with the chain, each read marked
 * as the report says it was established.
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
  const choice = readsChoice();
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
      'Checked in this browser against the registries; the credential is not sent.',
    ),
    choice.element,
    h('button', { type: 'submit' }, 'Verify'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void verify(textarea.value.trim(), choice.choose, result, signal);
  });
  return fragment(heading('Verify a credential'), form, result);
}

async function verify(
  jwt: string,
  choose: () => ReadsMode,
  result: HTMLElement,
  signal: AbortSignal,
): Promise<void> {
  if (jwt === '') {
    result.replaceChildren(h('p', { class: 'verdict warn' }, 'Paste a credential first.'));
    return;
  }
  result.setAttribute('aria-busy', 'true');
  result.replaceChildren(h('p', { class: 'loading' }, 'Verifying…'));
  const refused = watchRefusedConnections();
  try {
    const mode = choose();
    const { verifyCredential } = await loadSdk();
    const report = await verifyCredential(jwt, await parametersOf(mode));
    if (signal.aborted) return;
    result.replaceChildren(...refusedPanel(refused.origins()), ...trustReportView(report));
  } catch (error) {
    if (signal.aborted) return;
    result.replaceChildren(errorPanel(error, 'h2'));
  } finally {
    refused.stop();
    result.removeAttribute('aria-busy');
  }
}

/** The verifier's parameters for a mode; the proofs bundle is loaded for proofs only. */
async function parametersOf(mode: ReadsMode): Promise<VerifyParameters> {
  const node = location.origin;
  switch (mode.kind) {
    case 'node':
      return { node, fetch: boundFetch };
    case 'proofs': {
      // No checkpoint: the header is the one this node gives (the view says so).
      const { proofs } = await loadProofs();
      return { node, fetch: boundFetch, trust: { proofs: proofs() } };
    }
    case 'quorum':
      return { nodes: mode.nodes, fetch: boundFetch, trust: { quorum: mode.quorum } };
  }
}

/**
 * The origins the page's Content-Security-Policy kept it from reaching while it verified: a node
 * serves the explorer with `connect-src` of its own, so another node's reads fail in the browser.
 */
function watchRefusedConnections(): { origins(): string[]; stop(): void } {
  const origins = new Set<string>();
  const listener = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective !== 'connect-src' || !URL.canParse(event.blockedURI)) return;
    origins.add(new URL(event.blockedURI).origin);
  };
  document.addEventListener('securitypolicyviolation', listener);
  return {
    origins: () => [...origins],
    stop: () => document.removeEventListener('securitypolicyviolation', listener),
  };
}

function refusedPanel(origins: readonly string[]): Node[] {
  if (origins.length === 0) return [];
  return [
    h(
      'section',
      { id: 'refused-nodes', class: 'error', role: 'alert' },
      h('h2', {}, 'This page may not reach every node'),
      h(
        'p',
        {},
        `This node serves the explorer with a Content-Security-Policy that lets the page connect to this node and the peers its operator names (CORE_EXPLORER_PEERS) only, so the browser refused the reads of ${origins.join(', ')}: they count as answers that disagree. Ask this node's operator to name them, or use "core-registry verify --nodes … --quorum M".`,
      ),
    ),
  ];
}
