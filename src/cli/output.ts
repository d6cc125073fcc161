import { transportCauseOf } from './transportCause.js';

/** How a CLI command talks to its user: progress on stderr, the result on stdout. */
export type Output = {
  readonly json: boolean;
  /** Runs one named step; a failure is reported with the step's name. Progress goes to stderr. */
  step<T>(name: string, run: (progress: (message: string) => void) => Promise<T>): Promise<T>;
  /** Prints the command's result: `human` lines, or `value` as JSON with `--json`. */
  result(value: Record<string, unknown>, human: string): void;
  /** Tells the user something before it happens (what a signature will do): stderr, not with `--json`. */
  note(lines: string): void;
};

/** A step of a command failed: `step` says which; `cause` is the error of the SDK or node. */
export class CliStepError extends Error {
  readonly step: string;
  /** Why, as the node or the check put it. */
  readonly reason: string;
  constructor(step: string, cause: unknown) {
    const reason = describe(cause);
    super(`${step} failed: ${reason}`, { cause });
    this.name = 'CliStepError';
    this.step = step;
    this.reason = reason;
  }
}

/**
 * What the node holds rules out what the command was asked to do (a missing policy, an existing
 * document): found by a check before anything is signed, reported as that check's step.
 */
export class CliPreconditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliPreconditionError';
  }
}

/** Bad usage (unknown command, missing argument): the CLI exits 2 with help text. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

export type OutputStreams = {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
};

/** Human output by default; with `json`, stdout carries exactly one JSON document and stderr stays quiet. */
export function createOutput(json: boolean, streams: OutputStreams = process): Output {
  return {
    json,
    async step(name, run) {
      if (!json) streams.stderr.write(`• ${name}\n`);
      let last: string | undefined;
      try {
        return await run((message) => {
          // Polling loops repeat themselves: print each change once.
          if (json || message === last) return;
          last = message;
          streams.stderr.write(`  ${message}\n`);
        });
      } catch (error) {
        if (error instanceof CliStepError || error instanceof CliUsageError) throw error;
        throw new CliStepError(name, error);
      }
    },
    result(value, human) {
      streams.stdout.write(json ? `${JSON.stringify(value, replacer, 2)}\n` : `${human}\n`);
    },
    note(lines) {
      if (!json) streams.stderr.write(`${lines}\n`);
    },
  };
}

/** bigint values (block numbers, times) print as decimal strings in JSON. */
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** An error's message, with the reason behind a bare `fetch failed` (e.g. ECONNREFUSED). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message === 'fetch failed' && error.cause)
    return `cannot reach the node (${transportCauseOf(error.cause)}); is it running, and is --node (CORE_NODE_URL) right?`;
  return error.message;
}
