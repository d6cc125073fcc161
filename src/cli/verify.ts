import type { CoreClient } from '../client/createCoreClient.js';
import type { Check, TrustReport } from '../client/verify/trustReport.js';
import { verifyCredential } from '../client/verifyCredential.js';
import { genesisCheckpoint } from './genesisCheckpoint.js';
import { CliUsageError, type Output } from './output.js';
import { parseQuorum } from './parseQuorum.js';
import { readJwt } from './readJwt.js';

/** What `verify` reads from the command line. */
export type VerifyContext = {
  client: CoreClient;
  output: Output;
  /** `--contract-address`: refused, the verifier reads the default instances. */
  contractAddress: string | undefined;
  /** `--at`: a date-time to check the credential at. */
  at: string | undefined;
  /** `--nodes a,b,c`: independent nodes that must agree, `--quorum M` of them (default a majority). */
  nodes: string | undefined;
  quorum: string | undefined;
  /** `--proofs`: the Issuers Registry's answers checked against proven state, under the node's header. */
  proofs: boolean;
  /** `--validators <genesis.json>`: the same under headers sealed by the genesis's validators. */
  validators: string | undefined;
};

const MARKS: Record<Check['verdict'], string> = { pass: '✔', fail: '✘', skip: '–' };

/**
 * `verify <file|jwt|->`: the trust report of a credential (help: `VERIFY_HELP` in rootHelp.ts).
 * @returns the exit code: 0 trusted, 1 untrusted.
 * @throws {CliUsageError} for a missing or extra argument, `--contract-address`, a bad `--at`, or
 *   input that is not a compact JWT.
 */
export async function runVerify(args: readonly string[], context: VerifyContext): Promise<0 | 1> {
  const [value, ...extra] = args;
  if (value === undefined || extra.length > 0)
    throw new CliUsageError(
      'verify takes one credential: a file holding a compact JWT, the JWT itself, or - for standard input',
    );
  if (context.contractAddress !== undefined)
    throw new CliUsageError(
      'verify reads the default registry instances: --contract-address is not taken',
    );
  const at = context.at === undefined ? undefined : new Date(context.at);
  if (at !== undefined && Number.isNaN(at.getTime()))
    throw new CliUsageError(`--at must be a date-time, not "${context.at}"`);
  const jwt = await readJwt(value);
  const report = await verifyCredential(jwt, {
    ...(await readsOf(context)),
    ...(at ? { at } : {}),
  });
  context.output.result(report, toHumanReport(report));
  return report.verdict === 'trusted' ? 0 : 1;
}

/** The node, or the nodes that must agree and how many of them; with proofs or not. */
async function readsOf(context: VerifyContext) {
  const proven = context.proofs || context.validators !== undefined;
  if (context.nodes === undefined) {
    if (context.quorum !== undefined) throw new CliUsageError('--quorum goes with --nodes');
    if (!proven) return { node: context.client };
    // The EVM and the proof libraries load only for proven reads.
    const { proofs } = await import('../client/proofs/index.js');
    const checkpoint =
      context.validators === undefined
        ? undefined
        : await genesisCheckpoint(context.validators, context.client);
    return {
      node: context.client,
      trust: { proofs: proofs(checkpoint ? { checkpoint } : {}) },
    };
  }
  if (proven) throw new CliUsageError('--proofs and --validators go with --node, not --nodes');
  const { nodes, quorum } = parseQuorum(context.nodes, context.quorum);
  return { nodes, trust: { quorum } };
}

/** One line per check, then the chain and the verdict. */
export function toHumanReport(report: TrustReport): string {
  const width = Math.max(...report.checks.map(({ id }) => id.length));
  const lines = report.checks.map(
    ({ id, verdict, detail }) => `${MARKS[verdict]} ${id.padEnd(width)}  ${detail}`,
  );
  const chain = report.chain.map(({ did, role }) => `${did} (${role})`).join(' ← ');
  const failed = report.checks.filter(({ verdict }) => verdict === 'fail').length;
  return [
    ...lines,
    `chain: ${chain === '' ? 'none' : chain}`,
    `reads: ${report.reads}`,
    report.verdict === 'trusted'
      ? 'trusted'
      : `untrusted: ${failed} of ${report.checks.length} checks failed`,
  ].join('\n');
}
