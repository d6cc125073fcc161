import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Abi,
  type Address,
  createPublicClient,
  decodeFunctionData,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  sha256,
  stringToHex,
  toHex,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { readEnvironment } from '../../src/genesis/environment.js';
import { CONTRACTS_REGISTRY_DESCRIPTOR, REGISTRIES } from '../../src/registries/catalog.js';
import { useCliNode } from '../support/cli.js';

// Everything a CLI write sends is public and permanent: each command's transactions are read back
// from the ledger and decoded, and must hold exactly what the user gave (plus what the protocol
// needs), never a local path or file name.
const env = useCliNode('calldata');
const { json: cli, registeredWallet } = env;

type Call = { to: Address; functionName: string; args: readonly unknown[]; input: Hex };

const ledger = () => createPublicClient({ transport: http(env.node.ledger.url), cacheTime: 0 });

/** The ABI of the contract at `to`: a default registry instance or the Contracts Registry. */
function abiAt(to: Address): Abi {
  const environment = readEnvironment(join(env.node.dataDir, 'environment.json'));
  if (!environment) throw new Error('the test node has no environment');
  if (isAddressEqual(to, environment.contractsRegistry))
    return CONTRACTS_REGISTRY_DESCRIPTOR.contract.abi as Abi;
  const entry = Object.entries(environment.registries).find(([, address]) =>
    isAddressEqual(address, to),
  );
  if (!entry) throw new Error(`no registry at ${to}`);
  return REGISTRIES[entry[0] as keyof typeof REGISTRIES].abi as Abi;
}

/** Runs a CLI command (`--json`): its result, and every transaction mined while it ran, decoded. */
async function sentBy<T = Record<string, unknown>>(
  ...args: string[]
): Promise<{ result: T; calls: Call[] }> {
  const client = ledger();
  const from = (await client.getBlockNumber()) + 1n;
  const result = await cli<T>(...args);
  const to = await client.getBlockNumber();
  const calls: Call[] = [];
  for (let number = from; number <= to; number++) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
    for (const transaction of block.transactions) {
      if (!transaction.to) throw new Error(`${args.join(' ')} deployed a contract`);
      const { functionName, args: decoded = [] } = decodeFunctionData({
        abi: abiAt(transaction.to),
        data: transaction.input,
      });
      calls.push({ to: transaction.to, functionName, args: decoded, input: transaction.input });
    }
  }
  // The transactions each command prints are among those read back.
  const printed = Object.entries(result as Record<string, unknown>)
    .filter(([key]) => key === 'transactionHash' || key === 'transactionHashes')
    .flatMap(([, value]) => value as string | string[]);
  for (const hash of printed) {
    const transaction = await client.getTransaction({ hash: hash as Hex });
    expect(calls.map((call) => call.input)).toContain(transaction.input);
  }
  assertNothingLocal(calls);
  return { result, calls };
}

/** No calldata holds the working directory, a file name the test used, or the wallet file's name. */
function assertNothingLocal(calls: readonly Call[]) {
  const local = [
    env.workDir,
    'offer.pdf',
    'named.pdf',
    'schema',
    'metadata.json',
    '.json',
    'alice',
  ];
  for (const { input, functionName } of calls)
    for (const text of local)
      expect(input.includes(stringToHex(text).slice(2)), `${functionName} sends "${text}"`).toBe(
        false,
      );
}

const HEX32 = expect.stringMatching(/^0x[0-9a-f]{64}$/);
const commitOf = (functionName: string) => ({
  functionName,
  args: [HEX32],
});

describe('what each CLI write sends to the ledger', () => {
  test('behavior: every write sends only what the user gave, never a local path', async () => {
    const hashAlgorithm = await sentBy('admin', 'hash-algorithm', 'sha-256');
    expect(hashAlgorithm.calls).toMatchObject([
      {
        functionName: 'insertHashAlgorithm',
        args: [256n, 'sha-256', '2.16.840.1.101.3.4.2.1', 1, 'sha2-256'],
      },
    ]);

    // register: the DID, its key and the bare DID document.
    const { did, wallet } = await cli<{ did: string }>(
      'wallet',
      'init',
      '--wallet',
      'alice.json',
    ).then((created) => ({ ...created, wallet: 'alice.json' }));
    const { credential } = await cli<{ credential: string }>('admin', 'onboard', did);
    writeFileSync(join(env.workDir, 'alice-onboarding.jwt'), credential);
    const [key] = JSON.parse(readFileSync(join(env.workDir, wallet), 'utf8')).keys;
    const register = await sentBy(
      'wallet',
      'register',
      '--credential',
      'alice-onboarding.jwt',
      '--wallet',
      wallet,
    );
    expect(register.calls).toEqual([
      expect.objectContaining({
        functionName: 'insertDidDocument',
        args: [
          did,
          JSON.stringify({
            '@context': [
              'https://www.w3.org/ns/did/v1',
              'https://w3id.org/security/suites/jws-2020/v1',
            ],
          }),
          key.vMethodId,
          expect.stringMatching(/^0x04[0-9a-f]{128}$/),
          true,
          expect.any(BigInt),
          expect.any(BigInt),
        ],
      }),
    ]);

    const added = await sentBy<{ kid: string }>('wallet', 'keys', 'add', '--wallet', wallet);
    const addedId = added.result.kid.split('#')[1];
    expect(added.calls).toMatchObject([
      {
        functionName: 'addVerificationMethod',
        args: [did, addedId, expect.stringMatching(/^0x04/), false],
      },
      {
        functionName: 'addVerificationRelationship',
        args: [did, 'assertionMethod', addedId, expect.any(BigInt), expect.any(BigInt)],
      },
    ]);
    const rolled = await sentBy<{ kid: string }>('wallet', 'keys', 'roll', '--wallet', wallet);
    expect(rolled.calls).toMatchObject([
      {
        functionName: 'rollVerificationMethod',
        args: [{ did, vMethodId: rolled.result.kid.split('#')[1], oldVMethodId: key.vMethodId }],
      },
    ]);

    // timestamp: the hash alone; a name only when --name gives one.
    writeFileSync(join(env.workDir, 'offer.pdf'), 'An offer');
    writeFileSync(join(env.workDir, 'named.pdf'), 'A named offer');
    const timestamped = await sentBy('wallet', 'timestamp', 'offer.pdf', '--wallet', wallet);
    expect(timestamped.calls).toMatchObject([
      commitOf('commitTimestampHashes'),
      {
        functionName: 'timestampHashes',
        args: [[expect.any(BigInt)], [sha256(toHex('An offer'))], ['0x'], HEX32],
      },
    ]);
    const named = await sentBy(
      'wallet',
      'timestamp',
      'named.pdf',
      '--name',
      'Offer 2026',
      '--wallet',
      wallet,
    );
    expect(named.calls[1]).toMatchObject({
      args: [
        [expect.any(BigInt)],
        [sha256(toHex('A named offer'))],
        [toHex('{"name":"Offer 2026"}')],
        HEX32,
      ],
    });

    // policies, then Track and Trace.
    const bob = await registeredWallet('bob');
    const policies = ['TNT:authoriseDid', 'TSR:insertSchema', 'TSR:updateSchema'];
    const granted = await sentBy('admin', 'grant', did, ...policies);
    expect(granted.calls).toMatchObject([
      { functionName: 'insertUserAttributes', args: [expect.any(String), policies] },
    ]);
    const authorised = await sentBy('wallet', 'tnt', 'authorise', did, '--wallet', wallet);
    expect(authorised.calls).toMatchObject([
      { functionName: 'authoriseDid', args: [did, did, true] },
    ]);
    const documentHash = sha256(toHex('shipment'));
    const created = await sentBy('wallet', 'tnt', 'create', documentHash, '--wallet', wallet);
    expect(created.calls).toMatchObject([
      commitOf('commitCreateDocument'),
      { functionName: 'createDocument', args: [documentHash, '', did, HEX32] },
    ]);
    const shared = await sentBy(
      'wallet',
      'tnt',
      'grant',
      documentHash,
      bob.did,
      '--wallet',
      wallet,
    );
    expect(shared.calls).toMatchObject([
      {
        functionName: 'grantAccess',
        args: [documentHash, stringToHex(did), expect.any(String), 0, 0, 1],
      },
    ]);
    const event = await sentBy(
      'wallet',
      'tnt',
      'event',
      documentHash,
      'scan-1',
      '{"place":"Gent"}',
      '--wallet',
      wallet,
    );
    expect(event.calls).toMatchObject([
      {
        functionName: 'writeEvent',
        args: [
          {
            documentHash,
            externalHash: 'scan-1',
            sender: stringToHex(did),
            origin: '',
            metadata: '{"place":"Gent"}',
          },
        ],
      },
    ]);
    expect(keccak256(toHex('scan-1'))).toBe(event.result.eventId);
    const unauthorised = await sentBy('wallet', 'tnt', 'unauthorise', did, '--wallet', wallet);
    expect(unauthorised.calls).toMatchObject([
      { functionName: 'authoriseDid', args: [did, did, false] },
    ]);

    // schemas: the files' bytes, not their names.
    const schema = '{"title":"Offer","type":"object"}';
    writeFileSync(join(env.workDir, 'schema.json'), schema);
    const revision = '{"title":"Offer","type":"object","required":["price"]}';
    writeFileSync(join(env.workDir, 'schema2.json'), revision);
    writeFileSync(join(env.workDir, 'metadata.json'), '{"validFrom":"2026-01-01T00:00:00Z"}');
    const inserted = await sentBy<{ schemaIdHex: Hex }>(
      'wallet',
      'schema',
      'insert',
      'schema.json',
      '--wallet',
      wallet,
    );
    expect(inserted.calls).toMatchObject([
      { functionName: 'insertSchema', args: [sha256(toHex(schema)), toHex(schema), toHex('{}')] },
    ]);
    const updated = await sentBy(
      'wallet',
      'schema',
      'update',
      inserted.result.schemaIdHex,
      'schema2.json',
      'metadata.json',
      '--wallet',
      wallet,
    );
    expect(updated.calls).toMatchObject([
      {
        functionName: 'updateSchema',
        args: [
          inserted.result.schemaIdHex,
          toHex(revision),
          toHex('{"validFrom":"2026-01-01T00:00:00Z"}'),
        ],
      },
    ]);
    const revoked = await sentBy('admin', 'revoke-policy', did, 'TSR:updateSchema');
    expect(revoked.calls).toMatchObject([
      { functionName: 'deleteUserAttributes', args: [expect.any(String), ['TSR:updateSchema']] },
    ]);

    // issuers: the accreditation, and the credential as the holder gave it.
    const accredited = await sentBy<{ credential: string; attributeId: Hex }>(
      'admin',
      'accredit',
      bob.did,
      'TAO',
    );
    const operatorDid = readEnvironment(join(env.node.dataDir, 'environment.json'))?.operatorDid;
    expect(accredited.calls).toMatchObject([
      {
        functionName: 'setAttributeMetadata',
        args: [bob.did, accredited.result.attributeId, 2, operatorDid, HEX32],
      },
    ]);
    writeFileSync(join(env.workDir, 'bob-accreditation.jwt'), accredited.result.credential);
    const accepted = await sentBy(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'bob-accreditation.jwt',
      '--wallet',
      bob.wallet,
    );
    expect(accepted.calls).toMatchObject([
      {
        functionName: 'setAttributeData',
        args: [bob.did, accredited.result.attributeId, toHex(accredited.result.credential)],
      },
    ]);

    // A TAO accredits a TI, which signs a credential (nothing sent); then the revocations.
    const bobTao = accredited.result.attributeId;
    await cli('wallet', 'keys', 'add', '--wallet', bob.wallet);
    const taoAccredits = await sentBy<{ credential: string; attributeId: Hex }>(
      'wallet',
      'issuer',
      'accredit',
      did,
      'TI',
      '--types',
      'DiplomaCredential',
      '--wallet',
      bob.wallet,
    );
    expect(taoAccredits.calls).toMatchObject([
      {
        functionName: 'setAttributeMetadata',
        args: [did, taoAccredits.result.attributeId, 3, bob.did, bobTao],
      },
    ]);
    writeFileSync(join(env.workDir, 'alice-accreditation.jwt'), taoAccredits.result.credential);
    await cli(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'alice-accreditation.jwt',
      '--wallet',
      wallet,
    );
    const signed = await sentBy<{ credential: string }>(
      'wallet',
      'issuer',
      'sign',
      bob.did,
      'DiplomaCredential',
      '--wallet',
      wallet,
    );
    expect(signed.calls).toEqual([]);
    const trusted = await env.raw('verify', signed.result.credential);
    expect(trusted.stdout).toContain(
      `chain: ${did} (TI) ← ${bob.did} (TAO) ← ${operatorDid} (RootTAO)`,
    );
    expect(trusted.code).toBe(0);
    const taoRevokes = await sentBy('wallet', 'issuer', 'revoke', did, '--wallet', bob.wallet);
    expect(taoRevokes.calls).toMatchObject([
      {
        functionName: 'setAttributeMetadata',
        args: [did, taoAccredits.result.attributeId, 4, bob.did, bobTao],
      },
    ]);
    expect(await env.raw('verify', signed.result.credential)).toMatchObject({ code: 1 });
    const rootRevokes = await sentBy('admin', 'revoke-accreditation', bob.did);
    expect(rootRevokes.calls).toMatchObject([
      { functionName: 'setAttributeMetadata', args: [bob.did, bobTao, 4, operatorDid, HEX32] },
    ]);

    // Another registry instance: the operator's one deployInstance call, straight to the ledger.
    const deployed = await sentBy('admin', 'deploy-instance', 'timestamp');
    expect(deployed.calls).toMatchObject([
      {
        functionName: 'deployInstance',
        args: [expect.any(String), expect.stringMatching(/^0x/), operatorDid],
      },
    ]);
  });
});
