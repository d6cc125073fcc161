import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { CliUsageError } from './output.js';

/**
 * A compact JWT: header, payload and signature, base64url. The signature may be empty: an
 * unsecured JWT (`alg: none`) is a JWT all the same, and it is the verifier's to call it untrusted.
 */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * A compact JWT given inline, read from a file, or from standard input (`-`).
 * @throws {CliUsageError} naming what is wrong: no such file, a file that cannot be read, or
 *   content that is not a compact JWT.
 */
export async function readJwt(
  value: string,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<string> {
  if (value === '-') return asJwt((await text(stdin)).trim(), 'Standard input');
  if (JWT.test(value)) return value;
  const content = await readFile(value, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliUsageError(
      error.code === 'ENOENT'
        ? `${value}: no such file (give a file holding a compact JWT, the JWT itself, or - for standard input)`
        : `Cannot read ${value}: ${error.code ?? error.message}`,
    );
  });
  return asJwt(content.trim(), `The file ${value}`);
}

function asJwt(content: string, source: string): string {
  if (!JWT.test(content)) throw new CliUsageError(`${source} does not hold a compact JWT`);
  return content;
}
