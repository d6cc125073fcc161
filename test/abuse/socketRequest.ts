import { connect } from 'node:net';
import type { FuzzOutcome, FuzzRequest, FuzzResponse } from './fuzzRequest.js';

const SOCKET_TIMEOUT_MS = 15_000;
const LENGTH_HEADERS = /^(content-length|transfer-encoding)\s*:/i;

/** The request's bytes exactly as described: no header is checked, fixed or folded. */
export function toRequestBytes(request: FuzzRequest, host: string): Buffer {
  const lines = [
    `${request.method} ${request.target} ${request.version ?? 'HTTP/1.1'}`,
    `host: ${host}`,
    'connection: close',
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
    ...(request.rawHeaderLines ?? []),
  ];
  const body = request.body ?? '';
  if (request.body !== undefined && !lines.some((line) => LENGTH_HEADERS.test(line))) {
    lines.push(`content-length: ${Buffer.byteLength(body)}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

/**
 * Sends a request over a socket of its own, for what an HTTP client refuses to send (raw
 * Unicode or controls in the target, broken header lines, other versions), and reads the
 * answer until the server closes.
 */
export async function sendOverSocket(request: FuzzRequest, origin: URL): Promise<FuzzOutcome> {
  const received = await exchange(toRequestBytes(request, origin.host), origin);
  if (received.length === 0) return { failure: 'the connection closed without an answer' };
  const response = parseResponse(received, request.method === 'HEAD');
  return response ?? { failure: `not an HTTP response: ${received.subarray(0, 80).toString()}` };
}

/** Writes `bytes`, returns everything read until the peer closes (or the timeout). */
function exchange(bytes: Buffer, origin: URL): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: origin.hostname, port: Number(origin.port) });
    const finish = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    socket.setTimeout(SOCKET_TIMEOUT_MS, finish);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    // The server may answer and close before the whole body is written (413, 431): keep reading.
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

function parseResponse(bytes: Buffer, head: boolean): { response: FuzzResponse } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body =
    head || status === '204' || status === '304'
      ? Buffer.alloc(0)
      : bodyOf(bytes.subarray(end + 4), headers);
  return { response: { status: Number(status), headers, body: body.toString('utf8') } };
}

/** The body alone: what follows it (an answer to bytes the server read as a second request) is not ours. */
function bodyOf(rest: Buffer, headers: Record<string, string>): Buffer {
  if (headers['transfer-encoding']?.includes('chunked')) return unchunk(rest);
  const length = headers['content-length'];
  return length === undefined ? rest : rest.subarray(0, Number(length));
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
