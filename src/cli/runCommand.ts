import { CliUsageError } from './output.js';

/** The subcommands of a CLI command: each takes the remaining arguments and the context. */
export type Commands<context> = Readonly<
  Record<string, (args: string[], context: context) => Promise<void>>
>;

/**
 * Runs the subcommand `args[0]` with the rest of `args`.
 * @throws {CliUsageError} with `usage(command)` when there is no such subcommand.
 */
export async function runCommand<context>(
  commands: Commands<context>,
  [command, ...rest]: string[],
  context: context,
  usage: (command: string | undefined) => string,
): Promise<void> {
  const run = command === undefined ? undefined : commands[command];
  if (!run || !Object.hasOwn(commands, command as string)) throw new CliUsageError(usage(command));
  return run(rest, context);
}

/** The usage text of a command group: its help, after the unknown subcommand if one was named. */
export function usageOf(group: string, help: string): (command: string | undefined) => string {
  return (command) =>
    command === undefined ? help : `Unknown ${group} command "${command}"\n\n${help}`;
}
