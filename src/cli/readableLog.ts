/** pino's numeric levels by name, as printed. */
const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'component', 'err']);

type LogEntry = Record<string, unknown> & { level?: number; time?: number; msg?: string };

/**
 * A pino destination for a terminal: each JSON log line becomes `time LEVEL component: message
 * key=value…`, and an error its stack below. Lines that are not JSON pass as they are.
 */
export function createReadableLog(stream: { write(chunk: string): unknown }): {
  write(line: string): void;
} {
  return {
    write(line) {
      const entry = parseEntry(line);
      stream.write(entry ? `${toReadable(entry)}\n` : line);
    },
  };
}

function toReadable(entry: LogEntry): string {
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[entry.level ?? 30] ?? String(entry.level);
  const component = typeof entry.component === 'string' ? `${entry.component}: ` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n  ${(err.stack ?? err.message ?? '').replaceAll('\n', '\n  ')}` : '';
  return `${time} ${level} ${component}${entry.msg ?? ''}${fields.length ? `  ${fields.join(' ')}` : ''}${stack}`;
}

function parseEntry(line: string): LogEntry | undefined {
  try {
    const entry: unknown = JSON.parse(line);
    return typeof entry === 'object' && entry !== null ? (entry as LogEntry) : undefined;
  } catch {
    // Not a JSON log line: printed as it is.
    return undefined;
  }
}
