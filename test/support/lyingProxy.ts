import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a proxy does to an answer before passing it on: `path` and the JSON-RPC `methods` asked
 * (one per batch entry; none for REST), the parsed JSON body, which it may change in place.
 */
export type Alteration = (answer: { path: string; methods: string[]; body: unknown }) => void;

/**
 * An HTTP proxy in front of a real node, on 127.0.0.1, that alters the JSON it answers as
 * `alter` says: a node whose operator lies. Every request goes to the node as sent.
 */
export async function startLyingProxy(
  target: string,
  alter: Alteration,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const sent = Buffer.concat(chunks);
    const upstream = await fetch(`${target}${request.url}`, {
      method: request.method ?? 'GET',
      headers: {
        accept: request.headers.accept ?? 'application/json',
        ...(sent.length > 0 ? { 'content-type': 'application/json' } : {}),
      },
      ...(sent.length > 0 ? { body: sent } : {}),
    });
    const text = await upstream.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'text/plain',
      });
      response.end(text);
      return;
    }
    const asked = sent.length > 0 ? (JSON.parse(sent.toString()) as unknown) : undefined;
    const methods = (Array.isArray(asked) ? asked : asked ? [asked] : []).map(
      (entry) => (entry as { method?: string }).method ?? '',
    );
    alter({ path: request.url ?? '/', methods, body });
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
