import type { Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';

/** What a client may ask over the front's WebSocket: block subscriptions, nothing else. */
const RELAYED_METHODS = new Set(['eth_subscribe', 'eth_unsubscribe']);
const MAX_MESSAGE = 64 * 1024;

/**
 * The embedded ledger's WebSocket endpoint, on the front's port: it relays `eth_subscribe` and
 * `eth_unsubscribe` to anvil's own WebSocket and anvil's notifications back, so that the node
 * learns of new blocks without asking. Everything else is refused (writes go over HTTP, where
 * they are journaled; `anvil_*`/`evm_*` never reach anvil from outside). A client's connection
 * closes when anvil's does (a restart); it reconnects.
 * - Design: DESIGN.md §11
 */
export function attachHeadsRelay(
  front: Server,
  anvilWsUrl: () => string | undefined,
): { close(): void } {
  const relay = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  front.on('upgrade', (request, socket, head) => {
    const target = anvilWsUrl();
    if (!target) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    relay.handleUpgrade(request, socket, head, (client) => connect(client, target));
  });
  return {
    close() {
      for (const client of relay.clients) client.terminate();
      relay.close();
    },
  };
}

function connect(client: WebSocket, target: string): void {
  const anvil = new WebSocket(target, { maxPayload: 16 * 1024 * 1024 });
  const queued: string[] = [];
  const closeBoth = () => {
    client.terminate();
    anvil.terminate();
  };
  anvil.on('open', () => {
    for (const message of queued.splice(0)) anvil.send(message);
  });
  anvil.on('message', (data) => {
    if (client.readyState === WebSocket.OPEN) client.send(data.toString('utf8'));
  });
  anvil.on('close', closeBoth);
  anvil.on('error', closeBoth);
  client.on('close', closeBoth);
  client.on('error', closeBoth);
  client.on('message', (data) => {
    const text = data.toString('utf8');
    const refusal = refuse(text);
    if (refusal) client.send(refusal);
    else if (anvil.readyState === WebSocket.OPEN) anvil.send(text);
    else queued.push(text);
  });
}

/** The error answer to a message that is not a single subscription request; none when it is. */
function refuse(text: string): string | undefined {
  let message: { id?: unknown; method?: unknown } | undefined;
  try {
    message = JSON.parse(text);
  } catch {
    return JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request: one request per message' },
    });
  }
  if (typeof message.method === 'string' && RELAYED_METHODS.has(message.method)) return undefined;
  return JSON.stringify({
    jsonrpc: '2.0',
    id: message.id ?? null,
    error: {
      code: -32601,
      message: 'Method not found: over WebSocket only eth_subscribe and eth_unsubscribe; use HTTP',
    },
  });
}
