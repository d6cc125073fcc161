import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './testNode.js';

/** How long a server may take to say it is ready. */
const START_TIMEOUT_MS = 10_000;

/** A Redis (or Valkey) server of a test, on 127.0.0.1, persisting nothing. */
export type TestRedisServer = {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Thaws a paused server (SIGCONT). */
  resume(): void;
  /** Kills the server (SIGKILL) and waits for it to exit: connections are refused. */
  kill(): Promise<void>;
  /** Starts a killed server again on the same port, empty. */
  restart(): Promise<void>;
  /** Kills the server and removes its directory. */
  stop(): Promise<void>;
};

/** `valkey-server` when installed, else `redis-server` (Debian bookworm has only the latter). */
function serverBinary(): string {
  for (const name of ['valkey-server', 'redis-server']) {
    try {
      execFileSync('which', [name], { stdio: 'ignore' });
      return name;
    } catch {
      // Not installed: try the next one.
    }
  }
  throw new Error(
    'Neither valkey-server nor redis-server is installed: apt-get install redis-server',
  );
}

/**
 * Starts a Redis or Valkey server on a free port of 127.0.0.1 in a temporary directory, without
 * snapshots or an append-only file, and waits until it accepts connections.
 */
export async function startRedisServer(): Promise<TestRedisServer> {
  const binary = serverBinary();
  const dir = mkdtempSync(join(tmpdir(), 'core-registry-redis-'));
  const port = await freePort();
  let child = await launch(binary, dir, port);

  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    kill,
    async restart() {
      await kill();
      child = await launch(binary, dir, port);
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(binary: string, dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${binary} did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${binary} exited with ${code} before it was ready:\n${output}`));
    });
  });
  // Keep draining its log, or a chatty server would block on a full pipe.
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return child;
}
