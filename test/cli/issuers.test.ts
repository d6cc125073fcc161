import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('issuers');
const { json: cli, raw, registeredWallet } = env;

/** A failed `--json` run: exit 1, and the step that failed with its reason. */
async function failure(...args: string[]) {
  const run = await raw(...args, '--json');
  expect(run, args.join(' ')).toMatchObject({ code: 1, stderr: '' });
  return (JSON.parse(run.stdout) as { error: { step: string; reason: string } }).error;
}

/** A JSON-RPC call to the test node's ledger. */
async function ledger(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(env.node.ledger.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/** The transactions mined while `run` ran: the checks must fail before any is sent. */
async function transactionsDuring(run: () => Promise<unknown>): Promise<number> {
  const from = Number(await ledger('eth_blockNumber')) + 1;
  await run();
  const to = Number(await ledger('eth_blockNumber'));
  let total = 0;
  for (let number = from; number <= to; number++)
    total += Number(
      await ledger('eth_getBlockTransactionCountByNumber', [`0x${number.toString(16)}`]),
    );
  return total;
}

describe('core-registry wallet issuer accredit, revoke; admin revoke-accreditation', () => {
  test('error: each precondition fails its check, exit 1, before any transaction', async () => {
    const tao = await registeredWallet('tao');
    const ti = await registeredWallet('ti');
    const fresh = await cli<{ did: string }>('wallet', 'init', '--wallet', 'fresh.json');

    // Not a TAO (yet).
    expect(
      await transactionsDuring(async () =>
        expect(
          await failure('wallet', 'issuer', 'accredit', ti.did, 'TI', '--wallet', tao.wallet),
        ).toEqual({
          step: `Check that ${tao.did} is a TAO or the Root TAO`,
          message: expect.any(String),
          reason: `${tao.did} is not a TAO (it is not in the Trusted Issuers Registry): only a TAO or the Root TAO accredits, and a TAO accepts its own accreditation first ("wallet issuer accept")`,
        }),
      ),
    ).toBe(0);

    // Reserved, not accepted: still not a TAO.
    const { credential } = await cli<{ credential: string }>('admin', 'accredit', tao.did, 'TAO');
    expect(
      (await failure('wallet', 'issuer', 'accredit', ti.did, 'TI', '--wallet', tao.wallet)).reason,
    ).toContain('(its attributes: TAO, none an accepted TAO)');
    writeFileSync(join(env.workDir, 'tao-accreditation.jwt'), credential);
    await cli(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'tao-accreditation.jwt',
      '--wallet',
      tao.wallet,
    );

    // A TAO with no assertionMethod key to sign the accreditation with.
    expect(
      await failure('wallet', 'issuer', 'accredit', ti.did, 'TI', '--wallet', tao.wallet),
    ).toMatchObject({
      step: `Find an assertionMethod key of ${tao.did} in the wallet`,
      reason: `No key of the wallet is an assertionMethod of ${tao.did}: add one with "npx core-registry wallet keys add"`,
    });
    await cli('wallet', 'keys', 'add', '--wallet', tao.wallet);

    // A DID that is not registered; a schema that does not exist.
    expect(
      await transactionsDuring(async () =>
        expect(
          await failure('wallet', 'issuer', 'accredit', fresh.did, 'TI', '--wallet', tao.wallet),
        ).toMatchObject({
          step: `Check that ${fresh.did} is registered`,
          reason: `${fresh.did} is not registered in the DID Registry: it registers first ("admin onboard", then "wallet register")`,
        }),
      ),
    ).toBe(0);
    const schema = `0x${'ab'.repeat(32)}`;
    expect(
      await failure(
        'wallet',
        'issuer',
        'accredit',
        ti.did,
        'TI',
        '--types',
        'DiplomaCredential',
        '--schema',
        schema,
        '--wallet',
        tao.wallet,
      ),
    ).toMatchObject({
      reason: expect.stringMatching(/^Schema z\w+ is not in the Trusted Schemas Registry$/),
    });

    // Nothing to revoke.
    expect(
      await failure('wallet', 'issuer', 'revoke', ti.did, '--wallet', tao.wallet),
    ).toMatchObject({
      step: `Find the accreditations of ${ti.did} that ${tao.did} may revoke`,
      reason: `${ti.did} has no attribute in the Trusted Issuers Registry: nothing to revoke`,
    });
    await cli('wallet', 'issuer', 'accredit', ti.did, 'TI', '--wallet', tao.wallet);
    const operator = env.node.environment.operatorDid;
    // TI reserved by the TAO: the Root TAO may revoke it (its chain), once.
    await cli('admin', 'revoke-accreditation', ti.did);
    expect((await failure('admin', 'revoke-accreditation', ti.did)).reason).toBe(
      `${ti.did} has no accreditation by ${operator} that is not revoked already: nothing to revoke`,
    );
    expect(
      (await failure('wallet', 'issuer', 'revoke', ti.did, '--wallet', tao.wallet)).reason,
    ).toBe(
      `${ti.did} has no accreditation by ${tao.did} that is not revoked already: nothing to revoke`,
    );
  });

  test.each([
    [
      ['wallet', 'issuer', 'accredit', 'did:core:nope', 'TI'],
      'wallet issuer accredit takes a did:core v1 and TI or TAO: "did:core:nope" is not a valid did:core v1',
    ],
    [['admin', 'revoke-accreditation'], 'admin revoke-accreditation takes one did:core v1'],
    [
      ['wallet', 'issuer', 'sign', 'did:key:nope', 'DiplomaCredential'],
      'wallet issuer sign takes a subject DID, a credential type and [claims.json]: "did:key:nope" is not a valid did:core v1 nor a did:key',
    ],
    [
      ['admin', 'accredit', 'did:core:z1', 'TI', '--schema', 'z1'],
      'admin accredit takes a did:core v1 and TAO (default) or TI: "did:core:z1" is not a valid did:core v1',
    ],
  ])('error: bad usage %j exits 2', async (args, message) => {
    expect(await raw(...args)).toMatchObject({ code: 2, stderr: `core-registry: ${message}\n` });
  });

  test('error: a role other than TAO or TI, or --schema without --types, is bad usage', async () => {
    const { did } = await cli<{ did: string }>('wallet', 'init', '--wallet', 'usage.json');
    expect(await raw('wallet', 'issuer', 'accredit', did, 'TX')).toMatchObject({
      code: 2,
      stderr: `core-registry: wallet issuer accredit takes a did:core v1 and TI or TAO: "TX" is neither TAO nor TI\n`,
    });
    expect(await raw('admin', 'accredit', did, 'TI', '--schema', 'z1')).toMatchObject({
      code: 2,
      stderr: 'core-registry: --schema restricts --types: give the types it is for\n',
    });
  });
});
