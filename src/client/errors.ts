/** The node answered a JSON-RPC call with an error object. */
export class LedgerRpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(method: string, error: { code: number; message: string; data?: unknown }) {
    super(`${method}: ${error.message}`);
    this.name = 'LedgerRpcError';
    this.code = error.code;
    this.data = error.data;
  }
}

/** A transaction was mined and reverted; `errorName` and `args` are its decoded custom error. */
export class TransactionRevertedError extends Error {
  readonly hash: string;
  readonly errorName: string | undefined;
  readonly args: readonly unknown[];
  constructor(hash: string, revert: { errorName?: string | undefined; args?: readonly unknown[] }) {
    super(
      `Transaction ${hash} reverted${revert.errorName ? `: ${revert.errorName}(${(revert.args ?? []).map(String).join(', ')})` : ''}`,
    );
    this.name = 'TransactionRevertedError';
    this.hash = hash;
    this.errorName = revert.errorName;
    this.args = revert.args ?? [];
  }
}

/** A REST read answered with Problem Details. */
export class ProblemResponseError extends Error {
  readonly status: number;
  readonly type: string;
  readonly detail: string | undefined;
  constructor(status: number, problem: { type?: string; title?: string; detail?: string }) {
    super(`${status} ${problem.title ?? 'Error'}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.name = 'ProblemResponseError';
    this.status = status;
    this.type = problem.type ?? 'about:blank';
    this.detail = problem.detail;
  }
}

/** What became of one write of a batch: its hash, or the node's refusal; and its nonce. */
export type WriteOutcome =
  | { status: 'success'; hash: `0x${string}`; nonce: number }
  | { status: 'failure'; error: LedgerRpcError; nonce: number };

/**
 * The node refused some writes of a batch (`writeContracts`). `results` holds every write's
 * outcome in order; the node sent the others on. A refused write leaves its nonce unused, so the
 * accepted writes after it wait in the ledger's pool until the account uses that nonce.
 */
export class WriteContractsError extends Error {
  readonly results: readonly WriteOutcome[];
  /** The first refused write, by its index in the batch. */
  readonly index: number;
  constructor(results: readonly WriteOutcome[]) {
    const index = results.findIndex((outcome) => outcome.status === 'failure');
    const first = results[index] as Extract<WriteOutcome, { status: 'failure' }>;
    const refused = results.filter((outcome) => outcome.status === 'failure').length;
    const waiting = results.slice(index).some((outcome) => outcome.status === 'success');
    super(
      `${refused} of ${results.length} writes refused; write ${index}: ${first.error.message}${waiting ? `; the accepted writes after it wait until nonce ${first.nonce} is used` : ''}`,
      { cause: first.error },
    );
    this.name = 'WriteContractsError';
    this.results = results;
    this.index = index;
  }
}
