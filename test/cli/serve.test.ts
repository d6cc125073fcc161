import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CLI, runCli } from '../support/cli.js';
import { createDataDir, freePort } from '../support/testNode.js';
import { workerLedgerUrl } from '../support/workerLedger.js';

// A deploy and two nodes started by the built CLI: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('core-registry serve: what it checks before starting', () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
  });
  afterAll(() => new Promise((closed) => busy.close(closed)));

  test('error: a busy port is one line and exit 1, before the ledger and genesis start', async () => {
    const { port } = busy.address() as AddressInfo;
    const dataDir = join(createDataDir(), 'node');
    const run = await runCli([
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
    ]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `core-registry: Cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE); stop what listens there, or choose another port with "--port" (PORT)\n`,
    });
    expect(existsSync(dataDir)).toBe(false);
  });

  test('error: a ledger that does not answer is named with the cause (serve and deploy)', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const dataDir = join(createDataDir(), 'node');
    const message = `core-registry: Cannot reach the ledger at ${url} (ECONNREFUSED): is it running, and is "--ledger-url" (CORE_LEDGER_URL) right?\n`;
    expect(
      await runCli(['serve', '--ledger-url', url, '--port', '0', '--data-dir', dataDir]),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: message,
    });
    expect(await runCli(['deploy', '--ledger-url', url, '--data-dir', dataDir])).toEqual({
      code: 1,
      stdout: '',
      stderr: message,
    });
    // deploy made no operator key for a ledger it could not reach.
    expect(existsSync(dataDir)).toBe(false);
  });

  test('error: a malformed flag is bad usage (exit 2) naming the flag; in the environment it names the variable (exit 1)', async () => {
    expect(await runCli(['serve', '--port', 'abc'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'core-registry: "--port" must be an integer from 0 to 65535\n',
    });
    expect(await runCli(['serve'], { env: { PORT: 'abc' } })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'core-registry: "PORT" must be an integer from 0 to 65535\n',
    });
    expect(await runCli(['deploy', '--ledger-url', 'localhost:8545'])).toMatchObject({
      code: 2,
      stderr:
        'core-registry: "--ledger-url" must be an http(s) URL: write "http://localhost:8545"\n',
    });
  });
});

describe('core-registry serve: once it serves', () => {
  const dataDir = createDataDir();
  let operatorDid: string;
  beforeAll(async () => {
    const deployed = await runCli([
      'deploy',
      '--ledger-url',
      workerLedgerUrl(),
      '--data-dir',
      dataDir,
    ]);
    expect(deployed.code, deployed.stderr).toBe(0);
    operatorDid = JSON.parse(deployed.stdout).operatorDid;
  });

  test('default: on a terminal, a banner says where the API, its reference, the explorer, the ledger and the data are', async () => {
    const port = await freePort();
    const command = [process.execPath, CLI, 'serve', '--ledger-url', workerLedgerUrl()]
      .concat(['--data-dir', dataDir, '--port', String(port), '--host', '127.0.0.1'])
      .map((word) => `'${word}'`)
      .join(' ');
    // `script` gives the node a terminal; the Ctrl-C typed into it stops the node. `exec`, so that
    // the exit status is the node's whichever shell `script` starts (dash, unlike bash, would stay
    // between them, take the Ctrl-C too and exit 130).
    const node = spawn('script', ['-qfec', `exec ${command}`, '/dev/null']);
    const output = (await outputUntil(node, 'Ctrl-C stops the node.')).replaceAll('\r', '');
    const api = `http://localhost:${port}/v1`;
    expect(output).toContain(`
core-registry ${await version()} is serving
  API         ${api}   (listening on 127.0.0.1:${port})
  reference   ${api}/reference/
  explorer    http://localhost:${port}/explorer/
  ledger      ${workerLedgerUrl()}   (external, chain id 2026)
  operator    ${operatorDid}
  data dir    ${dataDir}
Ctrl-C stops the node.
`);
    // The log lines before it are readable too, not JSON.
    expect(output).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}Server listening at http:\/\/127\.0\.0\.1:\d+$/m,
    );
    expect(output).not.toMatch(/^\{/m);
    expect((await fetch(`http://127.0.0.1:${port}/v1/reference/`)).status).toBe(200);
    node.stdin.write('\x03');
    expect(await exitOf(node)).toBe(0);
  });

  test('behavior: elsewhere the log stays JSON lines, one of them the same facts ("serving")', async () => {
    const port = await freePort();
    const node = spawn(process.execPath, [
      CLI,
      'serve',
      '--ledger-url',
      workerLedgerUrl(),
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ]);
    const lines = (await outputUntil(node, '"msg":"serving"')).trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find(({ msg }) => msg === 'serving')).toMatchObject({
      api: `http://localhost:${port}/v1`,
      reference: `http://localhost:${port}/v1/reference/`,
      explorer: `http://localhost:${port}/explorer/`,
      listening: `127.0.0.1:${port}`,
      ledger: workerLedgerUrl(),
      embedded: false,
      chainId: 2026,
      operatorDid,
      dataDir,
    });
    node.kill('SIGINT');
    expect(await exitOf(node)).toBe(0);
  });
});

/** Everything a child printed on stdout until `text` appeared (or it exited, or 60 s passed). */
function outputUntil(child: ChildProcessWithoutNullStreams, text: string): Promise<string> {
  return new Promise((done, failed) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(
      () => failed(new Error(`no "${text}" within 60 s:\n${stdout}${stderr}`)),
      60_000,
    );
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (!stdout.includes(text)) return;
      clearTimeout(timer);
      done(stdout);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`exited ${code} before "${text}":\n${stdout}${stderr}`));
    });
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((exited) => child.once('exit', (code) => exited(code)));
}

async function version(): Promise<string> {
  return (await runCli(['--version'])).stdout.trim();
}
