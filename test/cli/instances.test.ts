import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('instances');
const { json: cli, raw, registeredWallet } = env;

describe('core-registry admin deploy-instance and invoke', () => {
  test('deploys a second Timestamp instance on the embedded ledger; a DID gets invoke and suffixed tokens for it', async () => {
    const { contractAddress, href } = await cli<{ contractAddress: string; href: string }>(
      'admin',
      'deploy-instance',
      'timestamp',
    );
    expect(href).toBe(`${env.node.url}/v1/contracts-registry/contracts/${contractAddress}`);
    const defaults = (await (await fetch(`${env.node.url}/v1/timestamp/details`)).json()) as {
      contractAddress: string;
      policyRegistryContract: string;
    };
    expect(contractAddress).not.toBe(defaults.contractAddress);
    expect(await (await fetch(href)).json()).toMatchObject({
      address: contractAddress,
      deployerDid: env.node.environment.operatorDid,
      isActive: true,
    });
    expect(
      await (
        await fetch(`${env.node.url}/v1/timestamp/details?contractAddress=${contractAddress}`)
      ).json(),
    ).toEqual({ contractAddress, policyRegistryContract: defaults.policyRegistryContract });

    const a = await registeredWallet('a');
    const { credential } = await cli<{ credential: string }>(
      'admin',
      'invoke',
      a.did,
      contractAddress,
    );
    const invoke = await cli<{ scope: string }>(
      'wallet',
      'token',
      `ledger:invoke:${contractAddress}`,
      '--credential',
      credential,
      '--wallet',
      a.wallet,
    );
    expect(invoke.scope).toBe(`openid ledger:invoke:${contractAddress}`);
    const suffixed = await cli<{ scope: string }>(
      'wallet',
      'token',
      `timestamp:write:${contractAddress}`,
      '--wallet',
      a.wallet,
    );
    expect(suffixed.scope).toBe(`openid timestamp:write:${contractAddress}`);

    // The quickstart on the second instance: its own hash algorithm, a timestamp found there only.
    const instance = ['--contract-address', contractAddress];
    await cli('admin', 'hash-algorithm', 'sha-256', ...instance);
    writeFileSync(join(env.workDir, 'second.txt'), `second instance ${Date.now()}`);
    const stamped = await cli<{ timestampId: string; href: string }>(
      'wallet',
      'timestamp',
      'second.txt',
      '--wallet',
      a.wallet,
      ...instance,
    );
    expect(stamped.href).toBe(
      `${env.node.url}/v1/timestamp/timestamps/${stamped.timestampId}?contractAddress=${contractAddress}`,
    );
    expect(await cli('wallet', 'verify', 'second.txt', ...instance)).toMatchObject({
      timestampedBy: a.address,
    });
    expect(await raw('wallet', 'verify', 'second.txt')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Read the timestamp of second.txt failed: 404'),
    });
  });

  test('bad usage exits 2: an unknown registry, no ledger to talk to', async () => {
    expect(await raw('admin', 'deploy-instance', 'ledger')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('admin deploy-instance takes one of policies-registry'),
    });
    const elsewhere = mkdtempSync(join(tmpdir(), 'core-cli-no-ledger-'));
    try {
      const run = await raw(
        'admin',
        'deploy-instance',
        'timestamp',
        '--data-dir',
        elsewhere,
        '--environment',
        join(env.node.dataDir, 'environment.json'),
        '--operator-key',
        join(env.node.dataDir, 'operator.json'),
      );
      expect(run).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('No ledger: pass --ledger-url'),
      });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
