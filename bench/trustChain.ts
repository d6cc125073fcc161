import { randomBytes } from 'node:crypto';
import { base58btc } from 'multiformats/bases/base58';
import { type Hex, hexToBytes, sha256, toHex } from 'viem';
import type { LocalAccount, PrivateKeyAccount } from 'viem/accounts';
import type { CoreClient } from '../src/client/createCoreClient.js';
import { type AnySigner, createCredential, signCredential } from '../src/client/credentials.js';
import { paginate } from '../src/client/paginate.js';
import { registerDid } from '../src/client/registerDid.js';
import { requestToken } from '../src/client/requestToken.js';
import { createDidCoreSigner, type WalletSigner } from '../src/client/signers.js';
import { writeContractAndWait } from '../src/client/writeContract.js';
import { createDidCoreV1 } from '../src/identity/didCore.js';

/** Someone who signs credentials and writes: the operator, or an onboarded legal entity. */
type Party = AnySigner & { account: LocalAccount };
/** An onboarded legal entity: a did:core and its secp256k1 key. */
type Issuer = WalletSigner & { account: PrivateKeyAccount };

const YEAR = 365n * 24n * 3600n;
const ISSUER_TYPE = { TAO: 2, TI: 3 } as const;
const ACCREDITATION_TYPE = {
  TAO: 'VerifiableAccreditationToAccredit',
  TI: 'VerifiableAccreditationToAttest',
} as const;
const DEGREE = 'UniversityDegree';

/**
 * The credential the verify rows check: issued by a TI accredited by a TAO accredited by the
 * operator (the Root TAO) for a schema of the Schemas Registry, all through the node's public API
 * as test/support/trustChain.ts builds it for the verifier's tests.
 * @returns the JWT VC.
 */
export async function createChainCredential(client: CoreClient, operator: Party): Promise<string> {
  const rootAttributeId = await firstAttributeOf(client, operator.did);
  const tao = await createIssuer(client, operator);
  const taoAttributeId = await accredit(client, operator, rootAttributeId, tao, 'TAO', {});
  const schema = await insertSchema(client, operator);
  const ti = await createIssuer(client, operator);
  await accredit(client, tao, taoAttributeId, ti, 'TI', {
    accreditedFor: [{ schemaId: schema, types: ['VerifiableCredential', DEGREE] }],
  });
  return createCredential({
    issuer: ti,
    subject: createDidCoreV1(),
    type: DEGREE,
    claims: { name: 'Alice' },
    now: Number(await blockTime(client)),
    credentialSchema: {
      id: `${client.baseUrl}/v1/schemas-registry/schemas/${schema}`,
      type: 'JsonSchema',
    },
  });
}

/** A did:core onboarded by the operator, its key also an `assertionMethod` from now on. */
async function createIssuer(client: CoreClient, operator: Party): Promise<Issuer> {
  const signer = await createDidCoreSigner();
  const party = { ...signer, account: signer.account as PrivateKeyAccount };
  const notBefore = await blockTime(client);
  await registerDid(client, {
    holder: party,
    onboardingCredential: await signCredential({
      issuer: operator,
      subject: party.did,
      type: 'VerifiableAuthorisationToOnboard',
    }),
    notBefore,
    notAfter: notBefore + YEAR,
  });
  const now = await blockTime(client);
  await writeContractAndWait(client, {
    registry: 'did-registry',
    functionName: 'addVerificationRelationship',
    args: [party.did, 'assertionMethod', party.vMethodId, now, now + YEAR],
    account: party.account,
    accessToken: await tokenOf(client, party, 'openid did-registry:write'),
  });
  return party;
}

/** `tao` reserves a TAO or TI attribute for `subject`, which accepts its accreditation. */
async function accredit(
  client: CoreClient,
  tao: Party,
  taoAttributeId: Hex,
  subject: Issuer,
  role: 'TAO' | 'TI',
  claims: object,
): Promise<Hex> {
  const attributeId = toHex(randomBytes(32));
  await writeContractAndWait(client, {
    registry: 'issuers-registry',
    functionName: 'setAttributeMetadata',
    args: [subject.did, attributeId, ISSUER_TYPE[role], tao.did, taoAttributeId],
    account: tao.account,
    accessToken: await tokenOf(client, tao, 'openid issuers-registry:write'),
  });
  const credential = await signCredential({
    issuer: tao,
    subject: subject.did,
    type: ACCREDITATION_TYPE[role],
    claims: { reservedAttributeId: attributeId, ...claims },
  });
  const invite = await requestToken({
    baseUrl: client.baseUrl,
    scope: 'openid issuers-registry:invite',
    holder: subject,
    credential,
  });
  await writeContractAndWait(client, {
    registry: 'issuers-registry',
    functionName: 'setAttributeData',
    args: [subject.did, attributeId, toHex(credential)],
    account: subject.account,
    accessToken: invite.accessToken,
  });
  return attributeId;
}

/** The operator (holding `TSR:insertSchema`) inserts a fresh JSON Schema: its multibase id. */
async function insertSchema(client: CoreClient, operator: Party): Promise<string> {
  const document = JSON.stringify({ title: `Degree ${Math.random()}`, type: 'object' });
  const schemaId = sha256(toHex(document));
  await writeContractAndWait(client, {
    registry: 'schemas-registry',
    functionName: 'insertSchema',
    args: [schemaId, toHex(document), toHex('{}')],
    account: operator.account,
    accessToken: await tokenOf(client, operator, 'openid schemas-registry:write'),
  });
  return base58btc.encode(hexToBytes(schemaId));
}

async function firstAttributeOf(client: CoreClient, did: string): Promise<Hex> {
  for await (const { id } of paginate<{ id: Hex }>(
    client,
    `/v1/issuers-registry/issuers/${did}/attributes`,
  ))
    return id;
  throw new TypeError(`${did} has no attribute`);
}

async function tokenOf(client: CoreClient, holder: AnySigner, scope: string): Promise<string> {
  const { accessToken } = await requestToken({ baseUrl: client.baseUrl, scope, holder });
  return accessToken;
}

async function blockTime(client: CoreClient): Promise<bigint> {
  const { timestamp } = await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', [
    'latest',
    false,
  ]);
  return BigInt(timestamp);
}
