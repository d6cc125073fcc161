import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { base58btc } from 'multiformats/bases/base58';
import { type Hex, hexToBytes, sha256, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import {
  type CoreClient,
  createCredential,
  createDidCoreV1,
  paginate,
  requestToken,
  type Signer,
} from '../../src/client/index.js';
import {
  blockTime,
  createSecp256k1Key,
  type Key,
  onboard,
  send,
  signerOf,
  tokenOf,
  YEAR,
} from '../journeys/support12.js';

// Accreditation chains for the credential verifier's and the explorer's tests, built through the
// node's public API.

/** Someone who signs credentials and ledger writes: the operator, or an onboarded legal entity. */
export type Party = { did: string; signer: Signer; account: PrivateKeyAccount };

/** The verdicts of a trusted credential without `credentialStatus`: every check but `status` passes. */
export const ALL_CHECKS_PASS = {
  shape: 'pass',
  times: 'pass',
  issuer: 'pass',
  'key-at-issuance': 'pass',
  signature: 'pass',
  'key-now': 'pass',
  accreditation: 'pass',
  schema: 'pass',
  status: 'skip',
} as const;

const ISSUER_TYPE = { TAO: 2, TI: 3, Revoked: 4 } as const;
const ACCREDITATION_TYPE = {
  TAO: 'VerifiableAccreditationToAccredit',
  TI: 'VerifiableAccreditationToAttest',
} as const;

/** A legal entity onboarded by `operator`, its secp256k1 key also an `assertionMethod`. */
export async function createIssuerParty(client: CoreClient, operator: Signer): Promise<Party> {
  const did = createDidCoreV1();
  const key = await createSecp256k1Key();
  const notBefore = await blockTime(client);
  await onboard(client, operator, { did, key }, { notBefore, notAfter: notBefore + YEAR });
  const party = { did, signer: signerOf(did, key), account: key.account };
  await addAssertionKey(client, party, key, false);
  return party;
}

/**
 * Adds `key` to `party`'s DID as an `assertionMethod` (its controller key already is a method:
 * `isNew` false), valid from the current block for a year.
 */
export async function addAssertionKey(client: CoreClient, party: Party, key: Key, isNew = true) {
  const accessToken = await tokenOf(client, party.signer, 'openid did-registry:write');
  const write = { registry: 'did-registry', account: party.account, accessToken } as const;
  if (isNew)
    await send(client, {
      ...write,
      functionName: 'addVerificationMethod',
      args: [party.did, key.vMethodId, key.publicKey, key.publicJwk.crv === 'secp256k1'],
    });
  const now = await blockTime(client);
  await send(client, {
    ...write,
    functionName: 'addVerificationRelationship',
    args: [party.did, 'assertionMethod', key.vMethodId, now, now + YEAR],
  });
}

/** The first attribute of an issuer (the operator's: its Root TAO attribute). */
export async function firstAttributeOf(client: CoreClient, did: string): Promise<Hex> {
  for await (const { id } of paginate<{ id: Hex }>(
    client,
    `/v1/issuers-registry/issuers/${did}/attributes`,
  ))
    return id;
  throw new Error(`${did} has no attribute`);
}

/**
 * `tao` (holding attribute `taoAttributeId`) accredits `subject` as a TAO or TI: reserves an
 * attribute, issues the accreditation (`claims` added to its subject, e.g. `accreditedFor`), and
 * the subject accepts it with an `issuers-registry:invite` token.
 * @returns the subject's attribute id.
 */
export async function accredit(
  client: CoreClient,
  accreditation: {
    tao: Party;
    taoAttributeId: Hex;
    subject: Party;
    role: 'TAO' | 'TI';
    claims?: object;
  },
): Promise<Hex> {
  const { tao, taoAttributeId, subject, role } = accreditation;
  const attributeId = await reserveAttribute(client, tao, subject.did, taoAttributeId, role);
  const credential = createCredential({
    issuer: tao.signer,
    subject: subject.did,
    type: ACCREDITATION_TYPE[role],
    claims: { reservedAttributeId: attributeId, ...accreditation.claims },
  });
  const invite = await requestToken({
    baseUrl: client.baseUrl,
    scope: 'openid issuers-registry:invite',
    holder: subject.signer,
    credential,
  });
  await send(client, {
    registry: 'issuers-registry',
    functionName: 'setAttributeData',
    args: [subject.did, attributeId, toHex(credential)],
    account: subject.account,
    accessToken: invite.accessToken,
  });
  return attributeId;
}

/**
 * `tao` (holding attribute `taoAttributeId`) reserves a TAO or TI attribute for `did`, which
 * `did` has not accepted (yet). @returns the attribute id.
 */
export async function reserveAttribute(
  client: CoreClient,
  tao: Party,
  did: string,
  taoAttributeId: Hex,
  role: 'TAO' | 'TI',
): Promise<Hex> {
  const attributeId = toHex(randomBytes(32));
  await setAttributeType(client, tao, did, attributeId, taoAttributeId, ISSUER_TYPE[role]);
  return attributeId;
}

/** `tao` revokes the attribute it gave `did`. */
export async function revokeAttribute(
  client: CoreClient,
  tao: Party,
  did: string,
  attributeId: Hex,
  taoAttributeId: Hex,
) {
  await setAttributeType(client, tao, did, attributeId, taoAttributeId, ISSUER_TYPE.Revoked);
}

async function setAttributeType(
  client: CoreClient,
  tao: Party,
  did: string,
  attributeId: Hex,
  taoAttributeId: Hex,
  issuerType: number,
) {
  await send(client, {
    registry: 'issuers-registry',
    functionName: 'setAttributeMetadata',
    args: [did, attributeId, issuerType, tao.did, taoAttributeId],
    account: tao.account,
    accessToken: await tokenOf(client, tao.signer, 'openid issuers-registry:write'),
  });
}

/**
 * `issuer` adds a proxy (`proxyData`, the JSON the registry stores) through the API.
 * @returns the path of its Issuers Registry entry: `/v1/issuers-registry/issuers/{did}/proxies/{id}`.
 */
export async function addIssuerProxy(
  client: CoreClient,
  issuer: Party,
  proxyData: string,
): Promise<string> {
  await send(client, {
    registry: 'issuers-registry',
    functionName: 'addIssuerProxy',
    args: [issuer.did, proxyData],
    account: issuer.account,
    accessToken: await tokenOf(client, issuer.signer, 'openid issuers-registry:write'),
  });
  return `/v1/issuers-registry/issuers/${issuer.did}/proxies/${sha256(toHex(proxyData))}`;
}

/** What a test credential holds besides its issuer: VCDM 1.1 members and times. */
export type TestCredential = {
  type: string;
  /** Unix seconds: the latest block's time, so that the issuer's keys are valid then. */
  iat: number;
  exp?: number;
  credentialSchema?: Record<string, unknown>;
  credentialStatus?: Record<string, unknown>;
};

/** A JWT VC in the node's wire format about a fresh subject DID. */
export function issueCredential(issuer: Signer, credential: TestCredential): string {
  const { type, iat, exp, credentialSchema, credentialStatus } = credential;
  return createCredential({
    issuer,
    subject: createDidCoreV1(),
    type,
    claims: { name: 'Alice' },
    now: iat,
    ...(exp === undefined ? {} : { expiresAt: exp }),
    ...(credentialSchema === undefined ? {} : { credentialSchema }),
    ...(credentialStatus === undefined ? {} : { credentialStatus }),
  });
}

/** A StatusList2021 credential of `issuer` whose entries `set` are 1 (16 384 entries). */
export function issueStatusList(issuer: Signer, url: string, set: readonly number[]): string {
  const bits = Buffer.alloc(2048);
  for (const index of set) bits[index >> 3] = (bits[index >> 3] ?? 0) | (0x80 >> (index & 7));
  return createCredential({
    issuer,
    subject: `${url}#list`,
    type: 'StatusList2021Credential',
    claims: {
      type: 'StatusList2021',
      statusPurpose: 'revocation',
      encodedList: gzipSync(bits).toString('base64url'),
    },
  });
}

/** `owner` (holding `TSR:insertSchema`) inserts a fresh JSON Schema: its id (multibase), URL and revision. */
export async function insertTestSchema(client: CoreClient, owner: Party) {
  const document = JSON.stringify({ title: `Degree ${Math.random()}`, type: 'object' });
  const schemaId = sha256(toHex(document));
  await send(client, {
    registry: 'schemas-registry',
    functionName: 'insertSchema',
    args: [schemaId, toHex(document), toHex('{}')],
    account: owner.account,
    accessToken: await tokenOf(client, owner.signer, 'openid schemas-registry:write'),
  });
  const id = base58btc.encode(hexToBytes(schemaId));
  return { id, url: `${client.baseUrl}/v1/schemas-registry/schemas/${id}`, revision: schemaId };
}
