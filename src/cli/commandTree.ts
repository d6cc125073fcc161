import { CliUsageError } from './output.js';

/** A command of the CLI: its arguments, its help, and what it runs. */
export type Command<context> = {
  /** Its arguments as the usage line shows them, e.g. `<documentHash> [metadata]`. */
  readonly args?: string;
  /** What it does, in lines of at most 66 columns: its entry in the group's list and the start of its help. */
  readonly summary: string;
  /** The rest of its help: the options it reads, what it needs, what it prints. */
  readonly details?: string;
  /**
   * What a write puts on the ledger, public and permanent, field by field: in its help, so that
   * nobody publishes what they did not mean to (absent for commands that write nothing).
   */
  readonly publishes?: string;
  readonly run: (args: string[], context: context) => Promise<void>;
};

/** Commands under one name (`wallet`, `wallet tnt`). */
export type CommandGroup<context> = {
  readonly summary: string;
  /** The options its commands read (a nested group inherits its parent's): ends each help. */
  readonly options?: string;
  readonly commands: Readonly<Record<string, Command<context> | CommandGroup<context>>>;
};

/** Where a command's usage line starts. */
const PROGRAM = 'core-registry';
/** An argument in a usage line that is not an option: `<file>`, `[metadata]`, not `[--curve C]`. */
const POSITIONAL = /(^|\s)(<|\[(?!-))/;
/** Width of the command column in a group's list. */
const COLUMN = 28;

/**
 * Runs the command that `args` name in `group` (called `path`) with the arguments after its name.
 * @throws {CliUsageError} with the group's help when no command or an unknown one is named.
 */
export async function runGroup<context>(
  group: CommandGroup<context>,
  path: readonly string[],
  args: readonly string[],
  context: context,
  options = group.options,
): Promise<void> {
  const [name, ...rest] = args;
  const command = commandOf(group, name);
  if (!command) {
    const help = helpOf(group, path, [], options);
    throw new CliUsageError(
      name === undefined ? help : `Unknown ${path.join(' ')} command "${name}"\n\n${help}`,
    );
  }
  if (isGroup(command))
    return runGroup(command, [...path, name as string], rest, context, command.options ?? options);
  if (rest.length > 0 && !POSITIONAL.test(command.args ?? ''))
    throw new CliUsageError(`${[...path, name].join(' ')} takes no argument, only options`);
  return command.run(rest, context);
}

/**
 * The help of the command that `names` name in `group` (called `path`): a command's usage and
 * details, or a group's list of commands. Names after a command's own are its arguments.
 * @throws {CliUsageError} when a name is not a command of its group.
 */
export function helpOf<context>(
  group: CommandGroup<context>,
  path: readonly string[],
  names: readonly string[],
  options = group.options,
): string {
  const [name, ...rest] = names;
  if (name !== undefined) {
    const command = commandOf(group, name);
    if (!command)
      throw new CliUsageError(
        `Unknown ${path.join(' ')} command "${name}": see "npx ${PROGRAM} ${path.join(' ')} --help"`,
      );
    if (isGroup(command)) return helpOf(command, [...path, name], rest, command.options ?? options);
    return [
      `Usage: ${PROGRAM} ${[...path, name, command.args].filter(Boolean).join(' ')} [options]`,
      command.summary,
      command.details,
      command.publishes &&
        wrap(`Published on the ledger (public, permanent): ${command.publishes}.`),
      options,
    ]
      .filter(Boolean)
      .join('\n\n')
      .concat('\n');
  }
  return [
    `Usage: ${PROGRAM} ${path.join(' ')} <command> [options]`,
    group.summary,
    `Commands:\n${listOf(group).join('\n')}`,
    options,
    `"npx ${PROGRAM} ${path.join(' ')} <command> --help" shows the help of one command.`,
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n');
}

/** A paragraph in lines of at most `width` columns. */
function wrap(text: string, width = 90): string {
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const line = lines.at(-1) as string;
    if (line && line.length + word.length >= width) lines.push(word);
    else lines[lines.length - 1] = line ? `${line} ${word}` : word;
  }
  return lines.join('\n');
}

/** One entry per command, those of nested groups included: name and arguments, then summary. */
function listOf<context>(group: CommandGroup<context>, prefix = ''): string[] {
  return Object.entries(group.commands).flatMap(([name, command]) => {
    if (isGroup(command)) return listOf(command, `${prefix}${name} `);
    const entry = `  ${prefix}${name}${command.args ? ` ${command.args}` : ''}`;
    const summary = command.summary.replaceAll('\n', `\n${' '.repeat(COLUMN + 2)}`);
    return entry.length < COLUMN + 1
      ? `${entry.padEnd(COLUMN + 2)}${summary}`
      : `${entry}\n${' '.repeat(COLUMN + 2)}${summary}`;
  });
}

function commandOf<context>(
  group: CommandGroup<context>,
  name: string | undefined,
): Command<context> | CommandGroup<context> | undefined {
  return name !== undefined && Object.hasOwn(group.commands, name)
    ? group.commands[name]
    : undefined;
}

function isGroup<context>(
  command: Command<context> | CommandGroup<context>,
): command is CommandGroup<context> {
  return 'commands' in command;
}
