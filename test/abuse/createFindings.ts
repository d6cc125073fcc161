import type { Violation } from './findViolations.js';
import { describeRequest, type FuzzOutcome, type FuzzRequest } from './fuzzRequest.js';

const EXAMPLES_KEPT = 3;
const ROUTES_SHOWN = 6;

/** One distinct failure: a cause, the rules it broke, its count and its smallest examples. */
export type Finding = {
  cause: string;
  rules: Set<string>;
  count: number;
  /** Path templates (or paths) that showed it. */
  paths: Set<string>;
  /** The shortest requests that showed it, described, with the answer's start. */
  examples: { size: number; request: string; answer: string }[];
};

export type Findings = {
  /** Counts one answer and files its violations. */
  record(request: FuzzRequest, path: string, outcome: FuzzOutcome, violations: Violation[]): void;
  /** Files a violation seen otherwise than in the answer (the ledger crashed), with what was seen. */
  flag(request: FuzzRequest, path: string, violation: Violation, seen: string): void;
  /** How many answers had this status. */
  countStatus(status: number): number;
  /** Distinct failures, most frequent first. */
  list(): Finding[];
  /** Requests sent, answers by status class, violations by kind, distinct failures. */
  summary(): string;
};

/** A tally of answers and a register of distinct failures, grouped by cause. */
export function createFindings(): Findings {
  const byClass = new Map<string, number>();
  const byStatus = new Map<string, number>();
  const byKind = new Map<string, number>();
  const findings = new Map<string, Finding>();
  let total = 0;

  function file(request: FuzzRequest, path: string, answer: string, violations: Violation[]) {
    const cause = [...new Set(violations.map((violation) => violation.cause))].join(' / ');
    const finding = findings.get(cause) ?? {
      cause,
      rules: new Set(),
      count: 0,
      paths: new Set(),
      examples: [],
    };
    findings.set(cause, finding);
    for (const { rule } of violations) finding.rules.add(rule);
    finding.count += 1;
    finding.paths.add(path);
    finding.examples.push({ size: sizeOf(request), request: describeRequest(request), answer });
    finding.examples.sort((a, b) => a.size - b.size);
    finding.examples.length = Math.min(finding.examples.length, EXAMPLES_KEPT);
  }

  return {
    record(request, path, outcome, violations) {
      total += 1;
      const statusClass =
        'response' in outcome ? `${String(outcome.response.status)[0]}xx` : 'none';
      count(byClass, statusClass);
      if ('response' in outcome) count(byStatus, String(outcome.response.status));
      for (const kind of new Set(violations.map((violation) => violation.kind)))
        count(byKind, kind);
      if (violations.length === 0) return;
      const answer = 'response' in outcome ? describeAnswer(outcome.response) : outcome.failure;
      file(request, path, answer, violations);
    },
    flag(request, path, violation, seen) {
      count(byKind, violation.kind);
      file(request, path, seen, [violation]);
    },
    countStatus: (status) => byStatus.get(String(status)) ?? 0,
    list: () => [...findings.values()].sort((a, b) => b.count - a.count),
    summary: () =>
      `${total} requests (${tally(byClass)}); answers breaking a rule, by kind: ` +
      `${tally(byKind) || 'none'}; ${findings.size} distinct failures`,
  };
}

function count(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function tally(counts: ReadonlyMap<string, number>): string {
  return [...counts.entries()]
    .sort()
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');
}

function sizeOf(request: FuzzRequest): number {
  const headers = request.headers.reduce(
    (sum, [name, value]) => sum + name.length + value.length,
    0,
  );
  return request.target.length + headers + (request.body?.length ?? 0);
}

function describeAnswer(response: {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}): string {
  const type = response.headers['content-type'] ?? '(no content-type)';
  return `${response.status} ${type} ${response.body.slice(0, 300)}`;
}

/** The distinct failures as a report: rule, cause, count, where, and the shortest examples. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map((finding, i) => {
      const paths = [...finding.paths];
      const where = paths.slice(0, ROUTES_SHOWN).join(', ');
      const more = paths.length > ROUTES_SHOWN ? ` and ${paths.length - ROUTES_SHOWN} more` : '';
      const examples = finding.examples.map(
        ({ request, answer }) => `    ${request.replaceAll('\n', '\n    ')}\n    → ${answer}`,
      );
      return [
        `${i + 1}. ${finding.cause} (${finding.count}×): ${[...finding.rules].join(', ')}`,
        `  on ${where}${more}`,
        ...examples,
      ].join('\n');
    })
    .join('\n\n');
}
