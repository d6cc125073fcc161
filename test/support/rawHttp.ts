import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export type RawResponse = { status: number; type: string; body: unknown };

/**
 * A GET sent through `node:http`: the path goes on the wire exactly as written (fetch normalises
 * it) and no header is added (fetch always sends `Accept`).
 */
export function getRaw(url: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body: JSON.parse(text),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes `bytes` to the node's socket and reads the raw HTTP answer, for what no client sends. */
export function sendRaw(
  url: string,
  bytes: string,
): Promise<{ status: number; head: string; body: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        head: head.toLowerCase(),
        body: JSON.parse(body),
      });
    });
    socket.on('error', reject);
    socket.write(bytes);
  });
}
