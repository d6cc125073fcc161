import { Readable } from 'node:stream';
import { request } from 'undici';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { anvilRefused, anvilRequest, anvilSilent } from './anvilRpc.js';
import type { CheckpointBytes } from './checkpoints.js';

/**
 * anvil's whole state out (`anvil_dumpState`) and in (`anvil_loadState`), streamed. The state
 * travels as one hex string in a JSON-RPC body: read whole, a dump of N bytes would hold about
 * 7 N in the node at once (body, text, parsed string, bytes); at 100,000 DIDs N is about 100 MiB.
 * Streamed, the node holds one chunk.
 */

/** How long anvil may take to dump or load a state. */
const STATE_TIMEOUT_MS = 120_000;
const RESULT = '"result":"0x';
/** An answer that has not begun its result after this many characters is an error, read whole. */
const MAX_HEAD = 64 * 1024;

/**
 * The bytes of anvil's state (gzipped, as `anvil_dumpState` returns them), decoded from the hex
 * of its answer as they arrive.
 * @throws {EmbeddedLedgerError} when anvil cannot be reached, refuses, or its answer is not one
 *   whole hex result.
 */
export async function* dumpState(url: string): AsyncGenerator<Buffer> {
  const body = await post(url, 'anvil_dumpState', anvilRequest('anvil_dumpState'));
  const decoder = hexResultDecoder();
  try {
    for await (const chunk of body) {
      const bytes = decoder.push((chunk as Buffer).toString('latin1'));
      if (bytes.length > 0) yield bytes;
    }
  } catch (cause) {
    if (cause instanceof EmbeddedLedgerError) throw cause;
    throw anvilSilent('anvil_dumpState', cause);
  } finally {
    // Whatever stopped the reading, the connection does not wait for the rest.
    body.destroy();
  }
  decoder.end();
}

/**
 * Loads a checkpoint into anvil, sending its bytes as hex while they are read.
 * @throws the error its bytes threw (a damaged checkpoint): the request is cut off before its end,
 *   so anvil loads nothing.
 * @throws {EmbeddedLedgerError} when anvil cannot be reached or refuses the state.
 */
export async function loadState(url: string, checkpoint: CheckpointBytes): Promise<void> {
  const [head, tail] = anvilRequest('anvil_loadState', ['0x']).split('0x');
  let unreadable: unknown;
  async function* hexBody(): AsyncGenerator<Buffer> {
    yield Buffer.from(`${head}0x`);
    try {
      for await (const chunk of checkpoint.chunks) {
        yield Buffer.from(chunk.toString('hex'), 'latin1');
      }
    } catch (error) {
      unreadable = error;
      throw error;
    }
    yield Buffer.from(tail as string);
  }
  const length = Buffer.byteLength(`${head}0x${tail}`) + 2 * checkpoint.size;
  let body: Awaited<ReturnType<typeof post>>;
  try {
    body = await post(url, 'anvil_loadState', Readable.from(hexBody()), length);
  } catch (error) {
    throw unreadable ?? error;
  }
  let text: string;
  try {
    text = await body.text();
  } catch (cause) {
    throw unreadable ?? anvilSilent('anvil_loadState', cause);
  }
  const answer = parseAnswer(text);
  if (answer?.result === undefined) throw anvilRefused('anvil_loadState', answer);
}

/** The hex result of a JSON-RPC answer, as bytes, from the answer's text in pieces. */
export function hexResultDecoder(): { push(text: string): Buffer; end(): void } {
  let head = '';
  let inResult = false;
  let ended = false;
  let carry = '';
  let rest = '';
  return {
    push(text) {
      if (!inResult) {
        head += text;
        const at = head.indexOf(RESULT);
        if (at < 0) {
          if (head.length > MAX_HEAD) throw anvilRefused('anvil_dumpState', parseAnswer(head));
          return Buffer.alloc(0);
        }
        inResult = true;
        text = head.slice(at + RESULT.length);
        head = '';
      }
      if (ended) {
        rest += text;
        return Buffer.alloc(0);
      }
      const quote = text.indexOf('"');
      const hex = carry + (quote < 0 ? text : text.slice(0, quote));
      if (quote >= 0) {
        ended = true;
        rest = text.slice(quote + 1);
      }
      const whole = hex.length - (hex.length % 2);
      carry = hex.slice(whole);
      const bytes = Buffer.from(hex.slice(0, whole), 'hex');
      if (bytes.length * 2 !== whole) throw malformed('a character that is not hex');
      return bytes;
    },
    end() {
      if (!inResult) throw anvilRefused('anvil_dumpState', parseAnswer(head));
      if (!ended) throw malformed('it ends inside the result');
      if (carry !== '') throw malformed('an odd number of hex digits');
      if (rest.trim() !== '}') throw malformed('more follows the result');
    },
  };
}

async function post(url: string, method: string, body: string | Readable, length?: number) {
  try {
    const response = await request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      },
      body,
      headersTimeout: STATE_TIMEOUT_MS,
      bodyTimeout: STATE_TIMEOUT_MS,
    });
    return response.body;
  } catch (cause) {
    throw anvilSilent(method, cause);
  }
}

function parseAnswer(text: string): { result?: unknown; error?: { message?: string } } | undefined {
  try {
    return JSON.parse(text) as { result?: unknown; error?: { message?: string } };
  } catch {
    return undefined;
  }
}

function malformed(why: string) {
  return new EmbeddedLedgerError(
    `The embedded ledger's answer to "anvil_dumpState" is no whole hex result: ${why}`,
  );
}
