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
