import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account } from 'viem';
import { describe, expect, test } from 'vitest';
import { requestToken } from '../../src/client/index.js';
import { DID_REGISTRY } from '../../src/registries/did-registry/contract.js';
import { POLICIES_REGISTRY } from '../../src/registries/policies-registry/contract.js';
import { runCli, useCliNode } from '../support/cli.js';
import { operatorOf } from '../support/operator.js';
import { createSoftHsmToken } from '../support/softHsm.js';

/**
 * `admin handover`: the operator role moves from the node's key file to a key in SoftHSM2. The
 * new key administers, the old one is refused by the contracts and the token endpoint, and
 * verify judges credentials of both keys as docs/operators.md says.
 */
const env = useCliNode('handover');
const { json: cli, raw, registeredWallet } = env;

type Report = {
  verdict: string;
  checks: { id: string; verdict: string }[];
  chain: { did: string; role: string }[];
};
const verdictOf = (report: Report, id: string) =>
  report.checks.find((check) => check.id === id)?.verdict;

describe('core-registry admin handover', () => {
  test('behavior: from a key file to an HSM key; the old key is refused; chains of trust hold', async () => {
    const { node, workDir } = env;
    const operatorDid = node.environment.operatorDid;
    const before = await operatorOf(node);
    const hsm = createSoftHsmToken(`handover-${process.pid}`);
    const uri = hsm.uri('operator-2');
    const made = await runCli(['keys', 'generate', '--to', uri, '--curve', 'secp256k1', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const { address } = JSON.parse(made.stdout) as { address: string };

    // Before: a TAO accredited, and a wallet onboarded, by the key file.
    const alice = await registeredWallet('alice');
    const tao = await registeredWallet('tao');
    const accreditation = await cli<{ credential: string }>('admin', 'accredit', tao.did, 'TAO');
    writeFileSync(join(workDir, 'tao-accreditation.jwt'), accreditation.credential);
    await cli(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'tao-accreditation.jwt',
      '--wallet',
      tao.wallet,
    );
    await cli('wallet', 'keys', 'add', '--wallet', tao.wallet);

    const handed = await cli<{ address: string; previousAddress: string; policies: string[] }>(
      'admin',
      'handover',
      '--to',
      uri,
    );
    expect(handed).toMatchObject({ address, previousAddress: before.account.address });
    expect(handed.policies).toEqual(
      expect.arrayContaining(['TPR:insertUserAttributes', 'TIR:setAttributeMetadata']),
    );
    const record = JSON.parse(readFileSync(join(node.dataDir, 'operator.json'), 'utf8'));
    expect(record).toMatchObject({ did: operatorDid, address, key: uri });
    expect(record).not.toHaveProperty('privateKeyJwk');
    // A second run finds nothing left to do on-chain.
    const again = await cli<{ transactionHashes: string[] }>('admin', 'handover', '--to', uri);
    expect(again.transactionHashes).toEqual([]);

    // The old key: no token for the operator DID, and every admin call reverts.
    const oldSigner = {
      did: operatorDid,
      kid: before.operator.kid,
      privateKeyJwk: before.operator.privateKeyJwk,
    };
    await expect(
      requestToken({
        baseUrl: node.url,
        scope: 'openid policies-registry:write',
        holder: oldSigner,
      }),
    ).rejects.toThrow(/invalid/);
    const policiesRegistry = {
      address: node.environment.registries['policies-registry'],
      abi: POLICIES_REGISTRY.abi,
    };
    for (const call of [
      {
        ...policiesRegistry,
        functionName: 'insertUserAttributes',
        args: [before.account.address, ['TPR:insertPolicy']],
      },
      { ...policiesRegistry, functionName: 'insertPolicy', args: ['TEST:handover', 'a test'] },
      {
        address: node.environment.registries['did-registry'],
        abi: DID_REGISTRY.abi,
        functionName: 'updateBaseDocument',
        args: [operatorDid, '{}'],
      },
    ]) {
      await expect(before.chain.write(before.account as Account, call as never)).rejects.toThrow(
        /PolicyDenied|not a controller|Unauthori[sz]ed|Denied/i,
      );
    }

    // The new key administers: it onboards and accredits.
    const bob = await registeredWallet('bob');
    expect((await cli('admin', 'accredit', bob.did, 'TAO')).credential).toEqual(expect.any(String));

    // The TAO accredited before the handover accredits a TI, whose credential is trusted:
    // an accreditation is checked with the key that signed it, as at its issuance.
    const ti = await registeredWallet('ti');
    const { credential: tiAccreditation } = await cli<{ credential: string }>(
      'wallet',
      'issuer',
      'accredit',
      ti.did,
      'TI',
      '--wallet',
      tao.wallet,
    );
    writeFileSync(join(workDir, 'ti-accreditation.jwt'), tiAccreditation);
    await cli(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'ti-accreditation.jwt',
      '--wallet',
      ti.wallet,
    );
    await cli('wallet', 'keys', 'add', '--wallet', ti.wallet);
    const { credential: diploma } = await cli<{ credential: string }>(
      'wallet',
      'issuer',
      'sign',
      alice.did,
      'DiplomaCredential',
      '--wallet',
      ti.wallet,
    );
    writeFileSync(join(workDir, 'diploma.jwt'), diploma);
    const trusted = await cli<Report>('verify', 'diploma.jwt');
    expect(trusted.verdict).toBe('trusted');
    expect(trusted.chain.map(({ role }) => role)).toEqual(['TI', 'TAO', 'RootTAO']);

    // What the old key signed itself fails "key-now" since the handover; the new key's passes.
    const old = await raw('verify', 'alice-onboarding.jwt', '--json');
    expect(old.code).toBe(1);
    const oldReport = JSON.parse(old.stdout) as Report;
    expect([verdictOf(oldReport, 'key-at-issuance'), verdictOf(oldReport, 'key-now')]).toEqual([
      'pass',
      'fail',
    ]);
    expect((await cli<Report>('verify', 'bob-onboarding.jwt')).verdict).toBe('trusted');
  });
});
