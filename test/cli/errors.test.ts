import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createDidKeySigner } from '../../src/client/signers.js';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { runCli, useCliNode } from '../support/cli.js';

const env = useCliNode('errors');
const { raw: cli, registeredWallet } = env;

describe('core-registry wallet and admin: output and exit codes', () => {
  test('--json prints one JSON document on stdout and nothing on stderr', async () => {
    const init = await cli('wallet', 'init', '--json');
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(init.stdout)).toMatchObject({
      did: expect.stringMatching(/^did:core:z/),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      wallet: 'wallet.json',
    });
    expect(JSON.parse((await cli('wallet', 'did', '--json')).stdout)).toEqual({
      did: JSON.parse(init.stdout).did,
    });
  });

  test('bad usage exits 2 with the reason: unknown command, unknown option, existing wallet', async () => {
    expect(await cli('wallet', 'bogus')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown wallet command "bogus"'),
    });
    expect(await cli('wallet', 'did', '--frob')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown option '--frob'"),
    });
    expect(await cli('wallet', 'init')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('wallet.json exists already'),
    });
    expect(await cli('wallet', 'verify', 'x.txt', '--contract-address', '0x12')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--contract-address 0x12 is not an address'),
    });
    expect(await cli('admin', 'onboard', 'not-a-did')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('admin onboard takes one did:core v1'),
    });
    expect(
      await cli('admin', 'onboard', createDidCoreV1(), '--operator-key', 'missing.json'),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Cannot use the operator key missing.json'),
    });
  });

  test('a refused step exits 1 and names the step and the node’s reason', async () => {
    // An onboarding credential for another DID does not onboard this wallet's DID.
    const otherDid = createDidCoreV1();
    const other = await cli('admin', 'onboard', otherDid, '--json');
    expect(other.code).toBe(0);
    const refused = await cli(
      'wallet',
      'register',
      '--credential',
      JSON.parse(other.stdout).credential,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `core-registry: Register the DID \\(invite token, insertDidDocument\\) failed: invalid_grant: The credential subject "${otherDid}" is not the holder "did:core:z\\w+"`,
      ),
    );
    // An unregistered DID gets no write token.
    const unregistered = await cli('wallet', 'token', 'timestamp:write');
    expect(unregistered.code).toBe(1);
    expect(unregistered.stderr).toMatch(
      /Request a token for "openid timestamp:write" failed: invalid_grant: The presentation DID "did:core:z\w+" cannot be resolved/,
    );

    const unreachable = await cli(
      'wallet',
      'token',
      'timestamp:write',
      '--node',
      await closedPortUrl(),
    );
    expect(unreachable).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'Request a token for "openid timestamp:write" failed: cannot reach the node (ECONNREFUSED)',
      ),
    });
    expect(await cli('wallet', 'verify', 'missing.txt')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Cannot read missing.txt: ENOENT'),
    });
  });
});

describe('core-registry wallet and admin --json: failures', () => {
  test('error: a failed step prints one JSON error object on stdout, nothing on stderr, exit 1', async () => {
    await cli('wallet', 'init', '--wallet', 'unregistered.json');
    const run = await cli(
      'wallet',
      'token',
      'timestamp:write',
      '--wallet',
      'unregistered.json',
      '--json',
    );
    expect(run).toMatchObject({ code: 1, stderr: '' });
    const step = 'Request a token for "openid timestamp:write"';
    const reason = expect.stringMatching(
      /^invalid_grant: The presentation DID "did:core:z\w+" cannot be resolved/,
    );
    expect(JSON.parse(run.stdout)).toEqual({
      error: { step, message: expect.stringMatching(`^${step} failed: invalid_grant: `), reason },
    });
  });

  test('error: bad usage prints the JSON error object too, with no step, exit 2', async () => {
    const run = await cli('wallet', 'tnt', 'create', '0x1234', '--json');
    expect(run).toMatchObject({ code: 2, stderr: '' });
    const message = '0x1234 is not a document hash (0x + 64 hex digits, not zero)';
    expect(JSON.parse(run.stdout)).toEqual({ error: { step: null, message, reason: message } });
  });
});

describe('core-registry admin: arguments checked as the node checks them', () => {
  test('error: a DID the API rejects gets no credential (exit 2), as the API answers 400 for it', async () => {
    const bad = 'did:core:zzzzzz';
    expect((await fetch(`${env.node.url}/v1/did-registry/identifiers/${bad}`)).status).toBe(400);
    for (const args of [
      ['admin', 'onboard', bad],
      ['admin', 'accredit', bad, 'TI'],
      ['admin', 'grant', bad, 'TNT:authoriseDid'],
      ['admin', 'invoke', bad, '0x0000000000000000000000000000000000000001'],
    ]) {
      const run = await cli(...args);
      expect(run, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(`"${bad}" is not a valid did:core v1`);
    }
  });

  test('behavior: each command takes the DID forms its scope takes (ledger:invoke: a did:key too)', async () => {
    const { did } = await createDidKeySigner({ curve: 'P-256' });
    const invoke = await cli(
      'admin',
      'invoke',
      did,
      '0x0000000000000000000000000000000000000001',
      '--json',
    );
    expect(invoke.code, invoke.stdout).toBe(0);
    expect(JSON.parse(invoke.stdout)).toMatchObject({ subject: did });
    expect(await cli('admin', 'onboard', did)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `admin onboard takes one did:core v1: "${did}" is not a valid did:core v1`,
      ),
    });
  });

  test('error: granting a policy that does not exist fails (exit 1) before any transaction', async () => {
    const { did, address } = await registeredWallet('nope');
    const run = await cli('admin', 'grant', did, 'TNT:authoriseDid', 'NOPE:policy', '--json');
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        step: 'Find TNT:authoriseDid, NOPE:policy in the Policies Registry',
        message: expect.stringContaining('failed: Policy "NOPE:policy" is not registered'),
        reason: `Policy "NOPE:policy" is not registered: ${env.node.url}/v1/policies-registry/policies lists them`,
      },
    });
    // Not even the policy that exists was granted.
    const policies = await fetch(
      `${env.node.url}/v1/policies-registry/subjects/${address}/policies`,
    );
    expect(policies.status).toBe(404);
  });

  test('error: --node without a scheme is bad usage (exit 2) that says to write http://', async () => {
    expect(await cli('wallet', 'did', '--node', 'localhost:8080')).toMatchObject({
      code: 2,
      stderr: 'core-registry: "--node" must be an http(s) URL: write "http://localhost:8080"\n',
    });
    const fromEnvironment = await runCli(['wallet', 'did'], {
      cwd: env.workDir,
      env: { CORE_NODE_URL: 'localhost:8080' },
    });
    expect(fromEnvironment).toMatchObject({
      code: 1,
      stderr:
        'core-registry: "CORE_NODE_URL" must be an http(s) URL: write "http://localhost:8080"\n',
    });
  });
});

/** The URL of a local port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}`;
}
