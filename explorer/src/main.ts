import { browseView } from './browse.js';
import { checkFileView } from './checkFile.js';
import { didDocumentView } from './didDocument.js';
import { didsView } from './dids.js';
import { fragment, h, heading, link } from './dom.js';
import { errorPanel } from './errorPanel.js';
import { governanceView, proposalView } from './governance.js';
import { issuersView, issuerView } from './issuers.js';
import { networkView } from './network.js';
import { parseRoute, type Route } from './router.js';
import { verifyCredentialView } from './verifyCredentialView.js';
import type { View } from './view.js';

/** The view of a route: its first segment, and whether an id follows. */
function viewOf(route: Route): View {
  const [section, id] = route.segments;
  switch (section) {
    case undefined:
      return networkView;
    case 'dids':
      return id === undefined ? didsView : didDocumentView;
    case 'issuers':
      return id === undefined ? issuersView : issuerView;
    case 'check':
      return checkFileView;
    case 'verify':
      return verifyCredentialView;
    case 'browse':
      return id === undefined ? networkView : browseView;
    case 'governance':
      return id === undefined ? governanceView : proposalView;
    default:
      return unknownView;
  }
}

const unknownView: View = async () =>
  fragment(
    heading('Page not found'),
    h('p', {}, 'The explorer has no such page. ', link('#/', 'Go to the network.')),
  );

let current: AbortController | undefined;

/** Shows the view of the location hash: loading, then its content or what went wrong. */
async function render(focus: boolean): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const main = document.getElementById('main') as HTMLElement;
  const route = parseRoute(location.hash);
  markCurrentLink(route);
  main.setAttribute('aria-busy', 'true');
  main.replaceChildren(h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  let content: Node;
  try {
    content = await viewOf(route)({ route, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) return;
    content = errorPanel(error);
  }
  if (controller.signal.aborted) return;
  main.replaceChildren(content);
  main.removeAttribute('aria-busy');
  const title = main.querySelector('h1');
  document.title = `${title?.textContent ?? 'Explorer'} — core-registry explorer`;
  if (focus) title?.focus();
}

/** `aria-current="page"` on the navigation link of the section shown. */
function markCurrentLink(route: Route): void {
  const section =
    route.segments[0] === 'browse' ? route.segments.slice(0, 3) : route.segments.slice(0, 1);
  const here = `#/${section.map(encodeURIComponent).join('/')}`;
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('header nav a')) {
    const target = anchor.getAttribute('href') ?? '';
    if (target === here) anchor.setAttribute('aria-current', 'page');
    else anchor.removeAttribute('aria-current');
  }
}

// The skip link must not change the hash: the hash is the explorer's location.
document.querySelector('.skip-link')?.addEventListener('click', (event) => {
  event.preventDefault();
  document.getElementById('main')?.focus();
});
window.addEventListener('hashchange', () => void render(true));
void render(false);
