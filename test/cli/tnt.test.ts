import { join } from 'node:path';
import { keccak256, toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { readWalletSigner } from '../../src/cli/walletFile.js';
import { createCoreClient } from '../../src/client/createCoreClient.js';
import { requestToken } from '../../src/client/requestToken.js';
import { writeContractAndWait } from '../../src/client/writeContract.js';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('tnt');
const { json: cli, raw, registeredWallet } = env;

const get = async <T = Record<string, unknown>>(path: string): Promise<T> => {
  const response = await fetch(`${env.node.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

describe('core-registry wallet tnt', () => {
  test('an authorised creator creates a document, grants write to a DID, and that DID writes an event', async () => {
    const [d, e, f] = [
      await registeredWallet('d'),
      await registeredWallet('e'),
      await registeredWallet('f'),
    ];
    // D authorises E as a creator: the operator grants D the policy with the CLI; no CLI command
    // sends authoriseDid, so D sends it with the SDK.
    await cli('admin', 'grant', d.did, 'TNT:authoriseDid');
    const client = createCoreClient({ baseUrl: env.node.url });
    const authoriser = await readWalletSigner(join(env.workDir, d.wallet));
    const { accessToken } = await requestToken({
      baseUrl: env.node.url,
      scope: 'openid track-and-trace:authorise',
      holder: authoriser,
    });
    await writeContractAndWait(client, {
      registry: 'track-and-trace',
      functionName: 'authoriseDid',
      args: [d.did, e.did, true],
      account: authoriser.account as NonNullable<typeof authoriser.account>,
      accessToken,
    });

    const documentHash = keccak256(toHex(`cli tnt document ${Date.now()}`));
    const documentPath = `/v1/track-and-trace/documents/${documentHash}`;
    const created = await cli(
      'wallet',
      'tnt',
      'create',
      documentHash.toUpperCase().replace('0X', '0x'),
      'a shipment',
      '--wallet',
      e.wallet,
    );
    expect(created).toMatchObject({
      documentHash,
      creator: e.did,
      metadata: 'a shipment',
      href: `${env.node.url}${documentPath}`,
    });
    expect(await get(documentPath)).toMatchObject({
      metadata: 'a shipment',
      creator: e.did,
      timestamp: { source: 'block' },
    });

    const granted = await raw('wallet', 'tnt', 'grant', documentHash, f.did, '--wallet', e.wallet);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${env.node.url}${documentPath}/accesses`);
    expect((await get<{ items: unknown[] }>(`${documentPath}/accesses`)).items).toEqual([
      { subject: e.did, permission: 'creator', documentId: documentHash, grantedBy: e.did },
      { subject: f.did, permission: 'write', documentId: documentHash, grantedBy: e.did },
    ]);

    const written = await cli<{ eventId: string; href: string }>(
      'wallet',
      'tnt',
      'event',
      documentHash,
      'event-1',
      '{"temperature":4}',
      '--wallet',
      f.wallet,
    );
    const eventId = keccak256(toHex('event-1'));
    expect(written).toMatchObject({
      eventId,
      href: `${env.node.url}${documentPath}/events/${eventId}`,
    });
    expect(await get(`${documentPath}/events/${eventId}`)).toMatchObject({
      externalHash: 'event-1',
      hash: eventId,
      metadata: '{"temperature":4}',
      origin: '',
      sender: f.did,
    });
  });

  test('bad usage exits 2 before any request: a malformed document hash', async () => {
    const run = await raw('wallet', 'tnt', 'create', '0x1234', '--wallet', 'missing.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('0x1234 is not a document hash');
    expect(run.stdout).toBe('');
  });
});
