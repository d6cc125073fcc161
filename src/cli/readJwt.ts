import { readFile } from 'node:fs/promises';
import { CliUsageError } from './output.js';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** A compact JWT given inline, or read from a file. */
export async function readJwt(value: string): Promise<string> {
  const jwt = JWT.test(value)
    ? value
    : await readFile(value, 'utf8').then(
        (text) => text.trim(),
        () => '',
      );
  if (!JWT.test(jwt))
    throw new CliUsageError(`${value} is not a compact JWT nor a file holding one`);
  return jwt;
}
