import { createServer } from 'node:net';
import { ConfigError } from '../errors/config.js';

/** Why the API cannot listen, and what to do, by the system's code. */
const LISTEN_FAILURES: Readonly<Record<string, readonly [why: string, fix: string]>> = {
  EADDRINUSE: [
    'the port is in use',
    'stop what listens there, or choose another port with "--port" (PORT)',
  ],
  EACCES: ['permission denied', 'choose a port from 1024 up with "--port" (PORT)'],
  EADDRNOTAVAIL: ['no interface of this host has that address', 'check "--host" (HOST)'],
};

/**
 * Checks that the API can listen on `host`:`port` before anything slow runs (the embedded ledger,
 * genesis): listens and closes at once. Port 0 (any free port) always can.
 * @throws {ConfigError} when it cannot, naming the address and why.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen({ host, port, exclusive: true }, listening);
  }).catch((error: unknown) => {
    throw toListenError(host, port, error);
  });
  await new Promise((closed) => server.close(closed));
}

/** A failure to listen as a {@link ConfigError} naming the address; any other error as it is. */
export function toListenError(host: string, port: number, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const failure = code === undefined ? undefined : LISTEN_FAILURES[code];
  if (failure === undefined) return error;
  const [why, fix] = failure;
  return new ConfigError('PORT', `Cannot listen on ${host}:${port}: ${why} (${code}); ${fix}`, {
    cause: error,
  });
}
