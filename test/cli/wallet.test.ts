import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('wallet');
const { json: cli, raw, registeredWallet } = env;

type DidDocument = {
  verificationMethod: { id: string; publicKeyJwk: { crv: string } }[];
  assertionMethod?: string[];
  capabilityInvocation?: string[];
};
const documentOf = async (did: string) =>
  (await (await fetch(`${env.node.url}/v1/did-registry/identifiers/${did}`)).json()) as DidDocument;

describe('core-registry wallet keys', () => {
  test('adds a P-256 assertionMethod key, rolls the controller key, and keeps writing with the new one', async () => {
    const a = await registeredWallet('a');
    const walletPath = join(env.workDir, a.wallet);

    const added = await cli<{ kid: string }>('wallet', 'keys', 'add', '--wallet', a.wallet);
    expect(added).toMatchObject({ curve: 'P-256', relationship: 'assertionMethod' });
    const withP256 = await documentOf(a.did);
    expect(withP256.assertionMethod).toEqual([added.kid]);
    expect(withP256.verificationMethod.find(({ id }) => id === added.kid)?.publicKeyJwk.crv).toBe(
      'P-256',
    );

    const before = JSON.parse(readFileSync(walletPath, 'utf8'));
    const rolled = await cli<{ kid: string; replaced: string }>(
      'wallet',
      'keys',
      'roll',
      '--wallet',
      a.wallet,
    );
    expect(rolled.replaced).toBe(`${a.did}#${before.keys[0].vMethodId}`);
    // The old key's relationships end at the roll's block time, inclusive: from the next second on,
    // the new key alone invokes.
    const invokers = async () => (await documentOf(a.did)).capabilityInvocation;
    const rolledAt = Date.now();
    while ((await invokers())?.length !== 1 && Date.now() - rolledAt < 5_000)
      await new Promise((r) => setTimeout(r, 100));
    expect(await invokers()).toEqual([rolled.kid]);
    const after = JSON.parse(readFileSync(walletPath, 'utf8'));
    expect(
      after.keys.map(({ vMethodId }: { vMethodId: string }) => `${a.did}#${vMethodId}`),
    ).toEqual([rolled.kid, added.kid]);
    expect(statSync(walletPath).mode & 0o777).toBe(0o600);

    // The rolled key writes: the wallet signs with it from now on.
    await cli(
      'wallet',
      'keys',
      'add',
      '--curve',
      'secp256k1',
      '--relationship',
      'authentication',
      '--wallet',
      a.wallet,
    );
    expect(
      await raw('wallet', 'keys', 'add', '--relationship', 'owner', '--wallet', a.wallet),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--relationship is one of authentication, assertionMethod'),
    });
  });
});

describe('core-registry wallet timestamp', () => {
  test('behavior: a file timestamped already is reported with when and by whom, and nothing is sent', async () => {
    const [a, b] = [await registeredWallet('ta'), await registeredWallet('tb')];
    await cli('admin', 'hash-algorithm', 'sha-256');
    writeFileSync(join(env.workDir, 'contract.txt'), 'A contract');
    const first = await cli<{ timestampId: string; href: string; transactionHash: string }>(
      'wallet',
      'timestamp',
      'contract.txt',
      '--wallet',
      a.wallet,
    );
    const stored = (await (await fetch(first.href)).json()) as {
      timestampedBy: string;
      timestamp: string;
      blockNumber: number;
    };
    expect(stored).toMatchObject({ timestampedBy: a.address });

    const again = await raw('wallet', 'timestamp', 'contract.txt', '--wallet', b.wallet);
    expect(again).toMatchObject({
      code: 0,
      stdout: `contract.txt was timestamped already, at ${stored.timestamp} (block ${stored.blockNumber}) by ${a.address}: nothing sent\n  ${first.href}\n`,
    });
    expect(again.stderr).not.toContain('Request a');
    expect(await cli('wallet', 'timestamp', 'contract.txt', '--wallet', b.wallet)).toEqual({
      file: 'contract.txt',
      hashValue: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      timestampId: first.timestampId,
      href: first.href,
      timestampedBy: a.address,
      timestamp: stored.timestamp,
      blockNumber: stored.blockNumber,
    });
  });
});
