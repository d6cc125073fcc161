import { WebSocket } from 'undici';

export type SubscribeNewHeadsParameters = {
  /** The ledger's WebSocket JSON-RPC endpoint (ws or wss). */
  url: string;
  /** Each block header the ledger announces. */
  onHead(block: unknown): void;
  /** The subscription is confirmed (after each connection). */
  onLive(): void | Promise<void>;
  /** The connection closed or failed; a new one is tried after a delay. */
  onLost(cause: unknown): void;
};

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
const SUBSCRIBE_ID = 1;

/**
 * Keeps one `eth_subscribe("newHeads")` open on the ledger's WebSocket endpoint, reconnecting
 * with exponential back-off (0.5 s to 30 s) for as long as it is not closed.
 * - Design: DESIGN.md §7
 */
export function subscribeNewHeads(parameters: SubscribeNewHeadsParameters): { close(): void } {
  const { url, onHead, onLive, onLost } = parameters;
  let socket: WebSocket | undefined;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function connect(): void {
    let subscription: string | undefined;
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      current.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: SUBSCRIBE_ID,
          method: 'eth_subscribe',
          params: ['newHeads'],
        }),
      );
    };
    current.onmessage = (event) => {
      let message: { id?: unknown; result?: unknown; method?: unknown; params?: unknown };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.id === SUBSCRIBE_ID) {
        if (typeof message.result !== 'string') {
          current.close();
          return;
        }
        subscription = message.result;
        retryMs = FIRST_RETRY_MS;
        void onLive();
        return;
      }
      const params = message.params as { subscription?: unknown; result?: unknown } | undefined;
      if (message.method === 'eth_subscription' && params?.subscription === subscription) {
        onHead(params?.result);
      }
    };
    current.onerror = () => {
      // Followed by `close`, which reconnects.
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      onLost(event.reason || `WebSocket closed (${event.code})`);
      if (closed) return;
      timer = setTimeout(connect, retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
