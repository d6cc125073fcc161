/** The checks of a credential's trust report, in the order they run and are listed. */
export const CHECK_IDS = [
  'shape',
  'times',
  'issuer',
  'key-at-issuance',
  'signature',
  'key-now',
  'accreditation',
  'schema',
  'status',
] as const;

/** One check of a trust report. */
export type CheckId = (typeof CHECK_IDS)[number];

/** `skip`: nothing to check (no `credentialSchema`), or a check it depends on failed. */
export type CheckVerdict = 'pass' | 'fail' | 'skip';

/** The outcome of one check. */
export type Check = {
  id: CheckId;
  verdict: CheckVerdict;
  /** One sentence saying what was found, the failing member in double quotes. */
  detail: string;
  /** The registry read (URL of the node's REST API) that decided it, when one did. */
  source?: string;
};

/** A link of an accreditation chain, from the credential's issuer up to the Root TAO. */
export type ChainLink = {
  did: string;
  role: 'TI' | 'TAO' | 'RootTAO';
  /** The Issuers Registry attribute that accredits it. */
  attributeId: string;
  /** The attribute's read. */
  source: string;
};

/** What {@link verifyCredential} decides about a credential, and why. */
export type TrustReport = {
  /** `trusted` when no check failed. */
  verdict: 'trusted' | 'untrusted';
  /** Every check of {@link CHECK_IDS}, in that order. */
  checks: Check[];
  /** The accreditation chain as far as it was followed: the issuer first, the Root TAO last. */
  chain: ChainLink[];
  /**
   * How the registry reads were established: `one node, not proven (<url>)`, or `M of N nodes
   * agreeing on each read (<urls>)` (docs/trust-model.md).
   */
  reads: string;
};

/** A check's outcome; `source` only when a read decided it. */
export function toCheck(
  id: CheckId,
  verdict: CheckVerdict,
  detail: string,
  source?: string,
): Check {
  return source === undefined ? { id, verdict, detail } : { id, verdict, detail, source };
}

/** A passed check. */
export const pass = (id: CheckId, detail: string, source?: string) =>
  toCheck(id, 'pass', detail, source);

/** A failed check. */
export const fail = (id: CheckId, detail: string, source?: string) =>
  toCheck(id, 'fail', detail, source);

/** A check not run: nothing to check, or a check it needs failed. */
export const skip = (id: CheckId, detail: string) => toCheck(id, 'skip', detail);

/** The report of a set of checks: untrusted as soon as one failed. */
export function toTrustReport(
  checks: readonly Check[],
  chain: readonly ChainLink[],
  reads: string,
): TrustReport {
  const sorted = [...checks].sort((a, b) => CHECK_IDS.indexOf(a.id) - CHECK_IDS.indexOf(b.id));
  return {
    verdict: sorted.some((check) => check.verdict === 'fail') ? 'untrusted' : 'trusted',
    checks: sorted,
    chain: [...chain],
    reads,
  };
}
