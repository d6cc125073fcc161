import { toExplorerHash } from './browse.js';
import { code, fragment, h, link } from './dom.js';
import type { TrustReport } from './loadSdk.js';
import { parseSource, readBadge, toReadMark, toReadsMark } from './readsMark.js';
import { toHash } from './router.js';

const MARKS = { pass: '✔', fail: '✘', skip: '–' } as const;
const SAID = { pass: 'passed', fail: 'failed', skip: 'skipped' } as const;
const ROLES = { TI: 'Trusted Issuer', TAO: 'TAO', RootTAO: 'Root TAO' } as const;

/**
 * A trust report as the visitor reads it: the verdict, how the reads were established (the
 * report's `reads`, marked proven, quorum or not proven), the checklist and the chain, each read
 * marked as its source says it was established.
 */
export function trustReportView(report: TrustReport): Node[] {
  const trusted = report.verdict === 'trusted';
  const readsMark = toReadsMark(report.reads);
  const checks = report.checks.map((check) => {
    const mark = toReadMark(check);
    return h(
      'li',
      {
        class: `check ${check.verdict}`,
        'data-check': check.id,
        'data-verdict': check.verdict,
        'data-read': mark?.kind,
      },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, MARKS[check.verdict]),
      ' ',
      h('strong', {}, check.id),
      h('span', { class: 'visually-hidden' }, ` ${SAID[check.verdict]}`),
      ': ',
      check.detail,
      check.source === undefined ? null : fragment(' ', sourceLink(check.source)),
      mark === undefined ? null : fragment(' ', readBadge(mark)),
    );
  });
  const chain = report.chain.map((entry) => {
    const mark = toReadMark(entry);
    return h(
      'li',
      { 'data-role': entry.role, 'data-read': mark?.kind },
      h('span', { class: 'badge' }, ROLES[entry.role]),
      ' ',
      link(toHash(['issuers', entry.did]), code(entry.did)),
      ' ',
      sourceLink(entry.source, 'accreditation'),
      mark === undefined ? null : fragment(' ', readBadge(mark)),
    );
  });
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
      readsMark === undefined ? null : fragment(' ', readBadge(readsMark, 'mode')),
    ),
    h(
      'p',
      { id: 'reads', class: 'reads', 'data-read': readsMark?.kind },
      h('strong', {}, 'Reads: '),
      report.reads,
    ),
    h('h2', {}, 'Checks'),
    h('ol', { id: 'checks', class: 'checklist' }, ...checks),
    h('h2', {}, 'Accreditation chain'),
    chain.length === 0
      ? h('p', { class: 'muted' }, 'No accreditation chain was followed.')
      : h('ol', { id: 'chain', class: 'chain' }, ...chain),
  ];
}

/** A read of a node's REST API, opened in the explorer; anything else is not linked. */
function sourceLink(source: string, label = 'registry read'): Node {
  const parsed = parseSource(source);
  const url = parsed === undefined ? undefined : new URL(parsed.url);
  if (url === undefined || !url.pathname.startsWith('/v1/')) return code(source);
  // Another node's read (a quorum) is that node's: the explorer shows this node's registries.
  if (url.origin !== location.origin)
    return h('a', { href: url.href, class: 'source' }, `(${label})`);
  return h('a', { href: toExplorerHash(url.href), class: 'source' }, `(${label})`);
}
