import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type FrontAnswer, unavailable } from './frontAnswers.js';

/**
 * What the front does with a request: `undefined` while the ledger is (re)starting.
 */
export type FrontHandler = (body: string) => Promise<FrontAnswer> | undefined;

const MAX_BODY = 64 * 1024 * 1024;

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
        const answer = (await handle(body)) ?? unavailable('is starting');
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      },
      () => {
        response.writeHead(413).end();
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

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        request.destroy();
        reject(new RangeError('body too large'));
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
