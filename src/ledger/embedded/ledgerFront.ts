import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type FrontAnswer, tooLarge, unavailable } from './frontAnswers.js';

/**
 * What the front does with a request: `undefined` while the ledger is (re)starting.
 */
export type FrontHandler = (body: string) => Promise<FrontAnswer> | undefined;

/** The largest body the front takes; a checkpoint is loaded by the supervisor, not through it. */
export const MAX_FRONT_BODY = 64 * 1024 * 1024;

/**
 * The embedded ledger's JSON-RPC endpoint on 127.0.0.1: the node, and operator tools on this
 * machine, talk to anvil only through it, so that every raw transaction is journaled before
 * anvil sees it. It keeps its port across anvil restarts.
 * - Design: DESIGN.md §11
 */
export async function startLedgerFront(port: number, handle: FrontHandler): Promise<Server> {
  const server = createServer((request, response) => {
    readBody(request).then(
      async (body) => {
        const answer =
          body === undefined
            ? tooLarge(MAX_FRONT_BODY)
            : ((await handle(body)) ?? unavailable('is starting'));
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      },
      () => {
        // The client went away or its stream broke: nobody is left to answer.
        request.destroy();
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * The request's body, or `undefined` when it is over {@link MAX_FRONT_BODY}. The rest of an
 * oversized body is read and dropped rather than the socket closed: a client still sending would
 * meet a reset instead of the 413.
 */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FRONT_BODY) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () =>
      resolve(size <= MAX_FRONT_BODY ? Buffer.concat(chunks).toString('utf8') : undefined),
    );
    request.on('error', reject);
  });
}
