import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { CliUsageError } from './output.js';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** A compact JWT given inline, read from a file, or from standard input (`-`). */
export async function readJwt(
  value: string,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<string> {
  const jwt =
    value === '-'
      ? (await text(stdin)).trim()
      : JWT.test(value)
        ? value
        : await readFile(value, 'utf8').then(
            (content) => content.trim(),
            () => '',
          );
  if (!JWT.test(jwt))
    throw new CliUsageError(
      `${value === '-' ? 'Standard input' : value} is not a compact JWT nor a file holding one`,
    );
  return jwt;
}
