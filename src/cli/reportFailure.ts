import { inspect } from 'node:util';
import { CoreError } from '../errors/base.js';
import { ConfigError } from '../errors/config.js';
import { CliStepError, CliUsageError, type OutputStreams } from './output.js';

/** How a failed command ends: its exit code, and what it says on stderr, or on stdout with `--json`. */
export type Failure = {
  exitCode: 1 | 2;
  /** The step that failed; `null` when the command failed before or outside its steps. */
  step: string | null;
  message: string;
  /** Why: the node's or the check's reason for a step; the message otherwise. */
  reason: string;
};

/**
 * Exit 2 for bad usage (arguments, options, a malformed flag), 1 for anything else: a step, bad
 * configuration in the environment, a node that cannot start.
 */
export function toFailure(error: unknown): Failure {
  if (error instanceof CliStepError)
    return { exitCode: 1, step: error.step, message: error.message, reason: error.reason };
  const message = error instanceof Error ? error.message : String(error);
  const usage =
    error instanceof CliUsageError ||
    isParseArgsError(error) ||
    (error instanceof ConfigError && error.setting.startsWith('--'));
  return { exitCode: usage ? 2 : 1, step: null, message, reason: message };
}

/**
 * Reports a failure: `core-registry: <message>` on stderr, or with `json` one document
 * `{"error": {"step", "message", "reason"}}` on stdout (stderr quiet). An error the CLI did not
 * expect is printed whole, stack included. Returns the exit code.
 */
export function reportFailure(error: unknown, json: boolean, streams: OutputStreams): number {
  const { exitCode, step, message, reason } = toFailure(error);
  if (json) {
    streams.stdout.write(`${JSON.stringify({ error: { step, message, reason } }, null, 2)}\n`);
  } else {
    const expected = error instanceof CoreError || error instanceof CliStepError || exitCode === 2;
    streams.stderr.write(`core-registry: ${expected ? message : inspect(error)}\n`);
  }
  return exitCode;
}

/** node:util parseArgs rejects unknown or malformed options with these codes. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
