import { h } from './dom.js';

/**
 * How one read was established, as the trust report words it: `proven` (its source ends
 * `(proven at block N, <anchor>)`), `agreed` (`(k of n nodes agreed)`), `refuted` (the check
 * says the node's answer differs from the proven state), `no-quorum` (the nodes disagreed),
 * `unproven` (one node's answer, as given).
 */
export type ReadMark = {
  kind: 'proven' | 'agreed' | 'refuted' | 'no-quorum' | 'unproven';
  label: string;
  title: string;
};

/** A source the SDK gives: the read's URL, and what it says of how it was established. */
export type ParsedSource = { url: string; note: string | undefined };

/** A read's URL and its note in parentheses; `undefined` when it is not one URL (a quorum's failure names each node's). */
export function parseSource(source: string): ParsedSource | undefined {
  const match = /^(\S+?)(?: \((.+)\))?$/.exec(source);
  if (!match || !URL.canParse(match[1] as string)) return undefined;
  return { url: match[1] as string, note: match[2] };
}

/**
 * The mark of a check's or chain link's read: only what its source and detail say, nothing
 * inferred from the mode chosen.
 */
export function toReadMark(read: { source?: string; detail?: string }): ReadMark | undefined {
  const { source, detail = '' } = read;
  if (source === undefined) return undefined;
  if (detail.includes('The nodes disagree')) {
    return { kind: 'no-quorum', label: 'no quorum', title: 'Too few nodes gave the same answer' };
  }
  if (detail.includes('differs from the state proven')) {
    return {
      kind: 'refuted',
      label: 'refuted by proof',
      title: 'The node’s answer differs from the state proven against the ledger',
    };
  }
  const parsed = parseSource(source);
  if (parsed === undefined) return undefined;
  const proven = parsed.note && /^proven at block (\d+), (.+)$/.exec(parsed.note);
  if (proven) {
    return {
      kind: 'proven',
      label: `proven at block ${proven[1]}`,
      title: `Computed in this browser over state proven at block ${proven[1]}, ${proven[2]}`,
    };
  }
  const agreed = parsed.note && /^(\d+) of (\d+) nodes agreed$/.exec(parsed.note);
  if (agreed) {
    return {
      kind: 'agreed',
      label: `${agreed[1]} of ${agreed[2]} nodes agreed`,
      title: `${agreed[1]} of the ${agreed[2]} nodes gave this answer alike`,
    };
  }
  if (parsed.note !== undefined) return undefined;
  return {
    kind: 'unproven',
    label: detail.includes('could not be proven') ? 'proof failed' : 'not proven',
    title: `One node’s answer (${new URL(parsed.url).origin}), not checked against the ledger`,
  };
}

/** The mark of the report's `reads`: how the reads were established, as a whole. */
export function toReadsMark(reads: string): ReadMark | undefined {
  if (reads.startsWith('one node, not proven')) {
    return { kind: 'unproven', label: 'one node, not proven', title: reads };
  }
  const quorum = /^(\d+) of (\d+) nodes agreeing on each read/.exec(reads);
  if (quorum) {
    return {
      kind: 'agreed',
      label: `quorum: ${quorum[1]} of ${quorum[2]} nodes must agree`,
      title: reads,
    };
  }
  if (/^DID, Issuers and Schemas Registry reads proven/.test(reads)) {
    const header = reads.includes('header as the node gave it')
      ? ', header from the node'
      : reads.includes('header by validator seals')
        ? ', header by validator seals'
        : '';
    return { kind: 'proven', label: `registry reads proven${header}`, title: reads };
  }
  return undefined;
}

/**
 * A mark as a badge; `data-read` names its kind. A read's mark is coloured by what it says; the
 * mode's (beside the verdict) is not, as it says how reads were asked, not how they came out.
 */
export function readBadge(mark: ReadMark, of: 'read' | 'mode' = 'read'): HTMLElement {
  const kind = of === 'read' ? `read ${mark.kind}` : 'reads-mode';
  return h(
    'span',
    { class: `badge ${kind}`, 'data-read': mark.kind, title: mark.title },
    mark.label,
  );
}
