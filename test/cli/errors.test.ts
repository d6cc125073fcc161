import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('errors');
const { raw: cli } = env;

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
      stderr: expect.stringContaining('admin onboard takes one DID'),
    });
    expect(
      await cli('admin', 'onboard', 'did:core:zX', '--operator-key', 'missing.json'),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Cannot use the operator key missing.json'),
    });
  });

  test('a refused step exits 1 and names the step and the node’s reason', async () => {
    // An onboarding credential for another DID does not onboard this wallet's DID.
    const other = await cli('admin', 'onboard', 'did:core:z4SbmUFJeyYwVsVFjyS2Shc', '--json');
    expect(other.code).toBe(0);
    const refused = await cli(
      'wallet',
      'register',
      '--credential',
      JSON.parse(other.stdout).credential,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /core-registry: Register the DID \(invite token, insertDidDocument\) failed: invalid_grant: The credential subject "did:core:z4SbmUFJeyYwVsVFjyS2Shc" is not the holder "did:core:z\w+"/,
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

/** The URL of a local port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}`;
}
