import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useCliNode } from '../support/cli.js';

const env = useCliNode('admin');
const { json: cli, registeredWallet } = env;

/** The policy names a subject holds; none when the registry answers 404 (it holds no policy). */
async function policiesOf(address: string): Promise<string[]> {
  const response = await fetch(`${env.node.url}/v1/policies-registry/subjects/${address}/policies`);
  if (response.status === 404) return [];
  const { items } = (await response.json()) as { items: { policyName: string }[] };
  return items.map(({ policyName }) => policyName);
}

describe('core-registry admin accredit, wallet issuer accept', () => {
  test('the operator accredits a TAO; the TAO accepts and the attribute carries the accreditation', async () => {
    const b = await registeredWallet('b');
    const accredited = await cli<{ credential: string; attributeId: string }>(
      'admin',
      'accredit',
      b.did,
      'TAO',
    );
    const attribute = `${env.node.url}/v1/issuers-registry/issuers/${b.did}/attributes/${accredited.attributeId}`;
    expect(await (await fetch(attribute)).json()).toMatchObject({
      attribute: { body: '', issuerType: 'TAO' },
    });
    writeFileSync(join(env.workDir, 'b-accreditation.jwt'), accredited.credential);
    const accepted = await cli(
      'wallet',
      'issuer',
      'accept',
      '--credential',
      'b-accreditation.jwt',
      '--wallet',
      b.wallet,
    );
    expect(accepted).toMatchObject({
      did: b.did,
      attributeId: accredited.attributeId,
      href: attribute,
    });
    expect(await (await fetch(attribute)).json()).toMatchObject({
      did: b.did,
      attribute: { body: accredited.credential, issuerType: 'TAO' },
    });
  });
});

describe('core-registry admin grant/revoke', () => {
  test('grants a policy attribute to a registered DID’s key and revokes it', async () => {
    const { did, address } = await registeredWallet('a');
    expect(await policiesOf(address)).toEqual([]);

    const granted = await cli('admin', 'grant', did, 'TNT:authoriseDid');
    expect(granted).toMatchObject({ addresses: [address], attributes: ['TNT:authoriseDid'] });
    expect(await policiesOf(address)).toEqual(['TNT:authoriseDid']);

    const revoked = await cli('admin', 'revoke', address.toLowerCase(), 'TNT:authoriseDid');
    expect(revoked).toMatchObject({ addresses: [address] });
    expect(await policiesOf(address)).toEqual([]);
  });
});
