import { decideByQuorum } from '../../identity/quorumRule.js';
import type { Read, RegistryReads } from './createRegistryReads.js';

/**
 * Reads that need `quorum` of the nodes to agree (docs/trust-model.md, "Quorum of nodes"): each
 * read goes to every node, and its outcome is the one at least `quorum` of them gave, byte for
 * byte (the same JSON, or the same refusal status). When no outcome has the quorum the read
 * fails, so a verdict never rests on what fewer nodes said: with `quorum` > n / 2, up to
 * n − quorum lying nodes cannot make a credential trusted, and if more lie alike they can.
 * Each read's `source` says how many agreed.
 */
export function createQuorumReads(nodes: readonly RegistryReads[], quorum: number): RegistryReads {
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > nodes.length) {
    throw new TypeError(`"quorum" must be a whole number from 1 to ${nodes.length} (the nodes)`);
  }
  const agree = async <T>(read: (node: RegistryReads) => Promise<Read<T>>): Promise<Read<T>> =>
    decide(await Promise.all(nodes.map(read)), quorum);
  return {
    get: <T>(path: string) => agree<T>((node) => node.get<T>(path)),
    collect: <T>(path: string) => agree<T[]>((node) => node.collect<T>(path)),
    getText: (path: string, accept: string) => agree((node) => node.getText(path, accept)),
  };
}

/** The members of a REST body that link to the node's own API (`href`, `links`, `self`, …). */
const LINK_MEMBERS = new Set(['href', 'self', 'first', 'prev', 'next', 'last', 'attributes']);
const ORIGIN = /^https?:\/\/[^/?#]+(?=\/)/;

/**
 * Compares links by path: each operator's node writes its own public URL into them, so that
 * independent nodes answer alike only up to their origins. Other members are compared as sent.
 */
function withoutLinkOrigins(key: string, value: unknown): unknown {
  return LINK_MEMBERS.has(key) && typeof value === 'string' ? value.replace(ORIGIN, '') : value;
}

/** The outcome `quorum` of `reads` share, or a failure saying how far apart they are. */
export function decide<T>(reads: readonly Read<T>[], quorum: number): Read<T> {
  const { decided, agreed } = decideByQuorum(reads, quorum, (read) =>
    read.ok
      ? `ok ${JSON.stringify(read.value, withoutLinkOrigins)}`
      : `status ${read.status ?? 'none'}`,
  );
  // Nodes that could not be reached do not decide, however many.
  if (decided && (decided.ok || decided.status !== undefined))
    return { ...decided, source: `${decided.source} (${agreed})` };
  return {
    ok: false,
    status: undefined,
    reason: `The nodes disagree: at most ${agreed}, ${quorum} needed`,
    source: reads.map((read) => read.source).join(', '),
  };
}
