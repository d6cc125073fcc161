import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { startTestNode, type TestNode } from './testNode.js';

/** The built CLI (`npm run build`; CI builds it in `npm ci`). */
export const CLI = resolve(import.meta.dirname, '../../dist/src/cli/main.js');

/**
 * The commands of a README block fenced as ```sh <name>, one a line (blank lines and comments
 * left out): the docs tests run them as a reader would.
 */
export function readmeCommands(name: string): string[] {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const block = new RegExp(`\`\`\`sh ${name}\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
  if (!block) throw new Error(`README.md has no \`\`\`sh ${name} block`);
  return block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

export type CliRun = { code: number; stdout: string; stderr: string };

/** Runs the built CLI once: its exit code and what it printed. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/**
 * Runs a shell snippet of the docs in bash, as a reader would in the node's directory:
 * `npx core-registry` is the built CLI and `localhost:8080` the test node.
 */
export function runSnippet(snippet: string, node: TestNode, workDir: string): Promise<CliRun> {
  const script = `npx() { if [ "$1" = core-registry ]; then shift; node ${JSON.stringify(CLI)} "$@"; else command npx "$@"; fi; }
set -euo pipefail
${snippet.replaceAll('localhost:8080', new URL(node.url).host)}`;
  return new Promise((done) => {
    execFile(
      'bash',
      ['-c', script],
      {
        cwd: workDir,
        env: { ...process.env, CORE_NODE_URL: node.url, CORE_DATA_DIR: node.dataDir },
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Runs the built CLI in `workDir` against a test node (its URL and data directory). */
export function createCli(node: () => TestNode, workDir: () => string) {
  const raw = (...args: string[]): Promise<CliRun> =>
    runCli(args, {
      cwd: workDir(),
      env: { CORE_NODE_URL: node().url, CORE_DATA_DIR: node().dataDir },
    });
  /** With `--json`: the parsed output, or the failure's stderr as an error. */
  const json = async <T = Record<string, unknown>>(...args: string[]): Promise<T> => {
    const run = await raw(...args, '--json');
    if (run.code !== 0)
      throw new Error(
        `core-registry ${args.join(' ')} exited ${run.code}: ${run.stderr}${run.stdout}`,
      );
    return JSON.parse(run.stdout) as T;
  };
  /** A fresh wallet file `<name>.json`, onboarded by the operator and registered. */
  const registeredWallet = async (name: string) => {
    const wallet = `${name}.json`;
    const { did, address } = await json<{ did: string; address: string }>(
      'wallet',
      'init',
      '--wallet',
      wallet,
    );
    const { credential } = await json<{ credential: string }>('admin', 'onboard', did);
    writeFileSync(join(workDir(), `${name}-onboarding.jwt`), credential);
    await json('wallet', 'register', '--credential', `${name}-onboarding.jwt`, '--wallet', wallet);
    return { did, address, wallet };
  };
  return { raw, json, registeredWallet };
}

/**
 * One test node and one working directory for a CLI test file (started before its tests, removed
 * after), with the CLI bound to them.
 */
export function useCliNode(name: string) {
  // Each CLI step is a process of its own (≈0.5 s to load on two shared cores) before any block
  // is waited for: a whole journey of them needs more than the default 30 s on a busy CI machine.
  vi.setConfig({ testTimeout: 120_000 });
  let node: TestNode | undefined;
  let workDir: string | undefined;
  beforeAll(async () => {
    node = await startTestNode({ blockTime: 0.2, ownLedger: true });
    workDir = mkdtempSync(join(tmpdir(), `core-cli-${name}-`));
  });
  afterAll(async () => {
    await node?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });
  const env = {
    get node(): TestNode {
      if (!node) throw new Error('the CLI test node has not started');
      return node;
    },
    get workDir(): string {
      if (!workDir) throw new Error('the CLI work directory does not exist');
      return workDir;
    },
  };
  return Object.assign(
    env,
    createCli(
      () => env.node,
      () => env.workDir,
    ),
  );
}

/**
 * Starts `core-registry serve` in a fresh data directory with `env` and waits for it to end: for
 * settings that must stop the node at start.
 */
export function serveUntilExit(env: NodeJS.ProcessEnv): { status: number | null; stderr: string } {
  const run = spawnSync(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', mkdtempSync(join(tmpdir(), 'core-serve-'))],
    {
      env: { ...process.env, CORE_LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: run.status, stderr: run.stderr };
}

/** A CLI process loads in about 0.5 s on two idle cores, several times that on busy ones. */
const DRIVER_START_TIMEOUT_MS = 60_000;

export type ResolverDriverProcess = { process: ChildProcess; url: string };

/**
 * Starts `core-registry resolver-driver` for `nodeUrl` on a free port of 127.0.0.1, with `args`
 * besides; resolves once it says where it listens. The caller kills it.
 */
export function startResolverDriver(
  nodeUrl: string,
  args: readonly string[] = [],
): Promise<ResolverDriverProcess> {
  const child = spawn(
    process.execPath,
    [CLI, 'resolver-driver', '--node', nodeUrl, '--port', '0', '--host', '127.0.0.1', ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((started, failed) => {
    let stderr = '';
    const timer = setTimeout(
      () => failed(new Error(`driver did not start: ${stderr}`)),
      DRIVER_START_TIMEOUT_MS,
    );
    child.once('exit', (code) => failed(new Error(`driver exited ${code}: ${stderr}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /listening on (http:\/\/\S+)\/1\.0\/identifiers\//.exec(stderr)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      started({ process: child, url });
    });
  });
}
