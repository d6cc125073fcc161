import { keccak256, toHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { createDidKeySigner } from '../../src/client/signers.js';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('tnt');
const { json: cli, raw, registeredWallet } = env;

const get = async <T = Record<string, unknown>>(path: string): Promise<T> => {
  const response = await fetch(`${env.node.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
/** Whether the node says `did` is on the creator whitelist. */
const isCreator = async (did: string) =>
  (await fetch(`${env.node.url}/v1/track-and-trace/accesses?creator=${did}`, { method: 'HEAD' }))
    .status === 200;
const newDocumentHash = (label: string) => keccak256(toHex(`cli tnt ${label} ${Date.now()}`));

describe('core-registry wallet tnt', () => {
  test('default: an authoriser authorises a creator, who creates a document, grants write to a DID, and that DID writes an event', async () => {
    const [d, e, f] = [
      await registeredWallet('d'),
      await registeredWallet('e'),
      await registeredWallet('f'),
    ];
    await cli('admin', 'grant', d.did, 'TNT:authoriseDid');
    expect(await cli('wallet', 'tnt', 'authorise', e.did, '--wallet', d.wallet)).toMatchObject({
      did: e.did,
      authorised: true,
      changed: true,
      authorisedBy: d.did,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await isCreator(e.did)).toBe(true);

    const documentHash = newDocumentHash('document');
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

    // The second argument is the event's external hash; the contract names the event by its
    // keccak-256, which the CLI prints.
    const written = await raw(
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
    const eventHref = `${env.node.url}${documentPath}/events/${eventId}`;
    expect(written).toMatchObject({
      code: 0,
      stdout: `event ${eventId} written to ${documentHash}\n  eventId = keccak-256 of the externalHash "event-1"\n  ${eventHref}\n`,
    });
    expect(await get(`${documentPath}/events/${eventId}`)).toMatchObject({
      externalHash: 'event-1',
      hash: eventId,
      metadata: '{"temperature":4}',
      origin: '',
      sender: f.did,
    });
    expect(
      await cli('wallet', 'tnt', 'event', documentHash, 'event-2', '{}', '--wallet', f.wallet),
    ).toMatchObject({ externalHash: 'event-2', eventId: keccak256(toHex('event-2')) });

    // Creating it again fails before the commit, saying who created it and when.
    const again = await raw('wallet', 'tnt', 'create', documentHash, '--wallet', e.wallet);
    const { timestamp } = await get<{ timestamp: { datetime: string } }>(documentPath);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toBe(
      `• Check that ${e.did} may create ${documentHash}\ncore-registry: Check that ${e.did} may create ${documentHash} failed: The document exists already: ${e.did} created it at ${timestamp.datetime} (${env.node.url}${documentPath})\n`,
    );

    // Taking the creator off the whitelist, then again: the second time nothing is sent.
    expect(await cli('wallet', 'tnt', 'unauthorise', e.did, '--wallet', d.wallet)).toMatchObject({
      authorised: false,
      changed: true,
    });
    expect(await isCreator(e.did)).toBe(false);
    const unchanged = await raw('wallet', 'tnt', 'unauthorise', e.did, '--wallet', d.wallet);
    expect(unchanged).toMatchObject({
      code: 0,
      stdout: `${e.did} is not an authorised creator: nothing sent\n`,
    });
    expect(unchanged.stderr).not.toContain('Request a');
  });

  test('error: a DID that is not an authorised creator is told so before the commit–reveal wait', async () => {
    const g = await registeredWallet('g');
    const run = await raw(
      'wallet',
      'tnt',
      'create',
      newDocumentHash('refused'),
      '--wallet',
      g.wallet,
    );
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(
      `failed: ${g.did} is not an authorised document creator: a holder of TNT:authoriseDid authorises it with "npx core-registry wallet tnt authorise ${g.did}"`,
    );
    // Nothing was committed: no token was asked for, no transaction sent.
    expect(run.stderr).not.toContain('Request a track-and-trace:create token');
    expect(run.stderr).not.toContain('committing');
  });

  test('error: an authoriser without TNT:authoriseDid is told which policy it lacks and who grants it', async () => {
    const [h, i] = [await registeredWallet('h'), await registeredWallet('i')];
    const run = await raw('wallet', 'tnt', 'authorise', i.did, '--wallet', h.wallet, '--json');
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        step: `Check that ${h.did} holds TNT:authoriseDid`,
        message: expect.stringContaining(' failed: '),
        reason: `${h.address}, the key of ${h.did}, does not hold the policy "TNT:authoriseDid": the operator grants it with "npx core-registry admin grant ${h.did} TNT:authoriseDid"`,
      },
    });
    expect(await isCreator(i.did)).toBe(false);
  });

  test('error: bad usage exits 2 before any request', async () => {
    const run = await raw('wallet', 'tnt', 'create', '0x1234', '--wallet', 'missing.json');
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('0x1234 is not a document hash');
    const { did } = await createDidKeySigner();
    expect(await raw('wallet', 'tnt', 'authorise', did, '--wallet', 'missing.json')).toMatchObject({
      code: 2,
      stderr: `core-registry: wallet tnt authorise takes one did:core v1: "${did}" is not a valid did:core v1\n`,
    });
  });
});
