import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { type Address, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyAccessToken } from '../../src/auth/accessToken.js';
import { VP_TOKEN_OBJECT_MESSAGE } from '../../src/auth/handleTokenRequest.js';
import {
  createCredential,
  createPresentation,
  createSelfAttestation,
  type Signer,
} from '../../src/client/credentials.js';
import { signJwt } from '../../src/client/signJwt.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import {
  createDidKeyHolder,
  createHolder,
  registerHolder,
  type TestHolder,
} from '../support/holders.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let op: OperatorFixture;
let operator: Signer;
let holder: TestHolder;
let issuerUrl: string;

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  operator = {
    did: op.operator.did,
    kid: op.operator.kid,
    privateKeyJwk: op.operator.privateKeyJwk,
  };
  holder = await createHolder();
  await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
  issuerUrl = `${node.url}/v1/auth`;
});
afterAll(() => node.close());

type TokenResult = { status: number; body: Record<string, unknown>; headers: Headers };

async function postToken(body: Record<string, unknown>, form = false): Promise<TokenResult> {
  const response = await fetch(`${issuerUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(
          Object.entries(body).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        )
      : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A token request as a wallet builds it: the credential in a presentation keyed by the query id. */
function tokenRequest(
  scope: string,
  queryId: string,
  signer: Signer,
  credential: string,
  extra: Parameters<typeof createPresentation>[0] extends infer P ? Partial<P> : never = {},
) {
  const vp = createPresentation({
    holder: signer,
    credentials: [credential],
    audience: issuerUrl,
    ...extra,
  });
  return { grant_type: 'vp_token', scope, vp_token: { [queryId]: [vp] } };
}

const selfRequest = (scope: string, signer: Signer = holder, extra = {}) =>
  tokenRequest(scope, 'self_attestation', signer, createSelfAttestation(signer), extra);

async function expectOAuthError(
  body: Record<string, unknown>,
  error: string,
  description: string | RegExp,
) {
  const result = await postToken(body);
  expect(result.status).toBe(400);
  expect(result.headers.get('cache-control')).toBe('no-store');
  expect(result.body.error).toBe(error);
  if (typeof description === 'string') expect(result.body.error_description).toBe(description);
  else expect(result.body.error_description).toMatch(description);
}

describe('POST /v1/auth/token: success', () => {
  test('default: timestamp:write with a SelfAttestation gives an RFC 9068 token', async () => {
    const { status, headers, body } = await postToken(selfRequest('openid timestamp:write'));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 7200,
      scope: 'openid timestamp:write',
    });
    const token = body.access_token as string;
    const jwks = (await getJson(node.url, '/v1/auth/jwks')).body as { keys: never[] };
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks as never), {
      issuer: issuerUrl,
      audience: `${node.url}/v1`,
      typ: 'at+jwt',
    });
    expect(protectedHeader).toMatchObject({
      alg: 'ES256',
      typ: 'at+jwt',
      kid: (jwks.keys[0] as unknown as { kid: string }).kid,
    });
    expect(payload).toMatchObject({ sub: holder.did, scope: 'openid timestamp:write' });
    expect((payload.exp as number) - (payload.iat as number)).toBe(7200);
    expect(payload).not.toHaveProperty('cnf');
    const verified = await verifyAccessToken(token, {
      keys: createLocalJWKSet(jwks as never),
      issuer: issuerUrl,
      audience: `${node.url}/v1`,
    });
    expect(verified).toMatchObject({ sub: holder.did, jkt: undefined });
  });

  test('behavior: combined combinable scopes share one SelfAttestation; form-encoded body', async () => {
    const { status, body } = await postToken(
      selfRequest('openid did-registry:write timestamp:write schemas-registry:write'),
      true,
    );
    expect(status).toBe(200);
    expect(body.scope).toBe('openid did-registry:write timestamp:write schemas-registry:write');
  });

  test('behavior: an explicit default instance suffix is accepted', async () => {
    const address = node.environment.registries.timestamp;
    const { status, body } = await postToken(selfRequest(`openid timestamp:write:${address}`));
    expect(status).toBe(200);
    expect(body.scope).toBe(`openid timestamp:write:${address}`);
  });

  test('behavior: a did:key holder for track-and-trace:write (ES256, P-256)', async () => {
    const natural = createDidKeyHolder('P-256');
    const { status, body } = await postToken(selfRequest('openid track-and-trace:write', natural));
    expect(status).toBe(200);
    expect(body.scope).toBe('openid track-and-trace:write');
  });

  test('behavior: did-registry:invite with an onboarding credential from the RootTAO gives cnf.jkt', async () => {
    const newcomer = await createHolder();
    const onboarding = createCredential({
      issuer: operator,
      subject: newcomer.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    const request = tokenRequest('openid did-registry:invite', 'onboarding', newcomer, onboarding, {
      jwk: newcomer.publicJwk,
    });
    const { status, body } = await postToken(request);
    expect(status).toBe(200);
    const jwks = (await getJson(node.url, '/v1/auth/jwks')).body as never;
    const verified = await verifyAccessToken(body.access_token as string, {
      keys: createLocalJWKSet(jwks),
      issuer: issuerUrl,
      audience: `${node.url}/v1`,
    });
    expect(verified).toMatchObject({ sub: newcomer.did, jkt: newcomer.vMethodId });
  });

  test('behavior: track-and-trace:authorise once a controller key holds TNT:authoriseDid', async () => {
    const authoriser = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], authoriser);
    await expectOAuthError(
      selfRequest('openid track-and-trace:authorise', authoriser),
      'invalid_grant',
      `No controller key of "${authoriser.did}" holds the policy "TNT:authoriseDid"`,
    );
    await op.write({
      address: node.environment.registries['policies-registry'],
      abi: REGISTRIES['policies-registry'].abi,
      functionName: 'insertUserAttributes',
      args: [authoriser.address, ['TNT:authoriseDid']],
    });
    expect(
      (await postToken(selfRequest('openid track-and-trace:authorise', authoriser))).status,
    ).toBe(200);
  });

  test('behavior: issuers-registry:invite with the accreditation of the TAO that reserved the attribute', async () => {
    const applicant = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], applicant);
    const issuers = {
      address: node.environment.registries['issuers-registry'],
      abi: REGISTRIES['issuers-registry'].abi,
    };
    const [[operatorAttribute]] = (await op.chain.client.readContract({
      ...issuers,
      functionName: 'getIssuerAttributes',
      args: [operator.did, 1n, 1n],
    } as never)) as [[`0x${string}`]];
    const reserved = toHex(crypto.getRandomValues(new Uint8Array(32)));
    await op.write({
      ...issuers,
      functionName: 'setAttributeMetadata',
      args: [applicant.did, reserved, 2, operator.did, operatorAttribute],
    });
    const accreditation = createCredential({
      issuer: operator,
      subject: applicant.did,
      type: 'VerifiableAccreditationToAccredit',
      claims: { reservedAttributeId: reserved },
    });
    expect(
      (
        await postToken(
          tokenRequest('openid issuers-registry:invite', 'accreditation', applicant, accreditation),
        )
      ).status,
    ).toBe(200);

    // A revoked attribute accredits nothing any more.
    await op.write({
      ...issuers,
      functionName: 'setAttributeMetadata',
      args: [applicant.did, reserved, 4, operator.did, operatorAttribute],
    });
    await expectOAuthError(
      tokenRequest('openid issuers-registry:invite', 'accreditation', applicant, accreditation),
      'invalid_grant',
      `The attribute ${reserved} of "${applicant.did}" is revoked`,
    );

    const stranger = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], stranger);
    const fake = createCredential({
      issuer: stranger,
      subject: applicant.did,
      type: 'VerifiableAccreditationToAccredit',
      claims: { reservedAttributeId: reserved },
    });
    await expectOAuthError(
      tokenRequest('openid issuers-registry:invite', 'accreditation', applicant, fake),
      'invalid_grant',
      `The credential key "${stranger.kid}" is not an "assertionMethod" key of its DID`,
    );
  });

  test('behavior: ledger:invoke with a credential of the contract deployer, for a did:key holder', async () => {
    const contract = node.environment.registries.timestamp;
    const natural = createDidKeyHolder('secp256k1');
    const invoke = createCredential({
      issuer: operator,
      subject: natural.did,
      type: 'VerifiableAuthorisationToInvoke',
      claims: { contractAddress: contract },
    });
    const { status, body } = await postToken(
      tokenRequest(`openid ledger:invoke:${contract}`, 'invoke_authorisation', natural, invoke),
    );
    expect(status).toBe(200);
    expect(body.scope).toBe(`openid ledger:invoke:${contract}`);
  });
});

describe('POST /v1/auth/token: request shape', () => {
  test('error: a compact-JWS vp_token (the SPEC §5.4 message)', async () => {
    const vp = createPresentation({
      holder,
      credentials: [createSelfAttestation(holder)],
      audience: issuerUrl,
    });
    await expectOAuthError(
      { grant_type: 'vp_token', scope: 'openid timestamp:write', vp_token: vp },
      'invalid_request',
      VP_TOKEN_OBJECT_MESSAGE,
    );
  });

  test('error: presentation_submission present', async () => {
    await expectOAuthError(
      { ...selfRequest('openid timestamp:write'), presentation_submission: '{}' },
      'invalid_request',
      '"presentation_submission" must be omitted: the request uses DCQL',
    );
  });

  test.each([
    [{ grant_type: undefined }, 'invalid_request', '"grant_type" is required'],
    [{ grant_type: 'authorization_code' }, 'invalid_request', '"grant_type" must be "vp_token"'],
    [
      { scope: 'openid tsr_write' },
      'invalid_scope',
      'The scope "tsr_write" is no longer supported: use the colon forms of SPEC §5.2',
    ],
    [
      { scope: 'openid timestamp:write did-registry:invite' },
      'invalid_scope',
      'The scope "did-registry:invite" must be requested alone',
    ],
    [
      { scope: 'openid ledger:invoke' },
      'invalid_request',
      'The scope "ledger:invoke" needs the contract address: "ledger:invoke:<0x-address>"',
    ],
    [
      { vp_token: { onboarding: [] } },
      'invalid_request',
      '"vp_token" has the key "onboarding", which the DCQL query of the scope does not define',
    ],
  ])('error: %j', async (override, error, description) => {
    await expectOAuthError(
      { ...selfRequest('openid timestamp:write'), ...override },
      error,
      description,
    );
  });

  test('error: an instance suffix that is not a registered instance', async () => {
    const unregistered = '0x00000000000000000000000000000000000000AA' as Address;
    await expectOAuthError(
      selfRequest(`openid timestamp:write:${unregistered}`),
      'invalid_request',
      `The address ${unregistered} is not a Timestamp`,
    );
  });

  test('error: combined scopes resolving to different DID Registries', async () => {
    const second = await op.deployInstance('did-registry', [
      node.environment.registries['policies-registry'],
    ]);
    await expectOAuthError(
      selfRequest(`openid did-registry:write:${second} track-and-trace:write`),
      'invalid_request',
      'The requested scopes resolve the holder through different DID Registries',
    );
  });
});

describe('POST /v1/auth/token: presentation checks', () => {
  const now = () => Math.floor(Date.now() / 1000);

  test('error: alg "none"', async () => {
    const request = selfRequest('openid timestamp:write');
    const vp = (request.vp_token.self_attestation as string[])[0] as string;
    const [, payload] = vp.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: holder.kid })).toString('base64url')}.${payload}.`;
    await expectOAuthError(
      { ...request, vp_token: { self_attestation: [unsigned] } },
      'invalid_request',
      /is not a compact JWS|"alg" must be one of/,
    );
  });

  test('error: HS256 with the holder public key as the secret', async () => {
    const { createHmac } = await import('node:crypto');
    const request = selfRequest('openid timestamp:write');
    const vp = (request.vp_token.self_attestation as string[])[0] as string;
    const [, payload] = vp.split('.');
    const head = Buffer.from(
      JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: holder.kid }),
    ).toString('base64url');
    const mac = createHmac('sha256', JSON.stringify(holder.publicJwk))
      .update(`${head}.${payload}`)
      .digest('base64url');
    await expectOAuthError(
      { ...request, vp_token: { self_attestation: [`${head}.${payload}.${mac}`] } },
      'invalid_request',
      'The presentation "alg" must be one of ES256, ES256K',
    );
  });

  test('error: ES256 presentation for track-and-trace:authorise (ES256K only)', async () => {
    const natural = createDidKeyHolder('P-256');
    await expectOAuthError(
      selfRequest('openid track-and-trace:authorise', natural),
      'invalid_request',
      'The presentation "alg" must be one of ES256K',
    );
  });

  test('error: wrong audience', async () => {
    await expectOAuthError(
      selfRequest('openid timestamp:write', holder, {
        audience: 'https://elsewhere.example/v1/auth',
      }),
      'invalid_grant',
      `The presentation "aud" must be "${issuerUrl}"`,
    );
  });

  test('error: a replayed nonce', async () => {
    const nonce = randomUUID();
    expect((await postToken(selfRequest('openid timestamp:write', holder, { nonce }))).status).toBe(
      200,
    );
    await expectOAuthError(
      selfRequest('openid timestamp:write', holder, { nonce }),
      'invalid_grant',
      'The presentation "nonce" has already been used',
    );
  });

  test('error: expired, and expiring 10 minutes ahead', async () => {
    await expectOAuthError(
      selfRequest('openid timestamp:write', holder, { now: now() - 600 }),
      'invalid_grant',
      'The presentation has expired',
    );
    await expectOAuthError(
      selfRequest('openid timestamp:write', holder, { expiresIn: 600 }),
      'invalid_grant',
      'The presentation must expire less than 5 minutes in the future',
    );
  });

  test('error: signed with another key than its kid', async () => {
    const impostor = await createHolder();
    const forged = { ...impostor, did: holder.did, kid: holder.kid };
    await expectOAuthError(
      selfRequest('openid timestamp:write', forged),
      'invalid_grant',
      'The presentation signature does not verify',
    );
  });

  test('error: a kid that is not an authentication key', async () => {
    const other = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], other);
    const extra = await createHolder();
    await op.chain.write(other.account, {
      address: node.environment.registries['did-registry'],
      abi: REGISTRIES['did-registry'].abi,
      functionName: 'addVerificationMethod',
      args: [other.did, extra.vMethodId, extra.account.publicKey, true],
    });
    await op.chain.write(other.account, {
      address: node.environment.registries['did-registry'],
      abi: REGISTRIES['did-registry'].abi,
      functionName: 'addVerificationRelationship',
      args: [other.did, 'assertionMethod', extra.vMethodId, 0n, 2n ** 40n],
    });
    const signer = {
      did: other.did,
      kid: `${other.did}#${extra.vMethodId}`,
      privateKeyJwk: extra.privateKeyJwk,
    };
    const request = tokenRequest(
      'openid timestamp:write',
      'self_attestation',
      signer,
      createSelfAttestation({ ...signer, kid: other.kid, privateKeyJwk: other.privateKeyJwk }),
    );
    await expectOAuthError(
      request,
      'invalid_grant',
      `The presentation key "${signer.kid}" is not an "authentication" key of its DID`,
    );
  });

  test('error: a did:key holder for a did:core-only scope', async () => {
    await expectOAuthError(
      selfRequest('openid timestamp:write', createDidKeyHolder('secp256k1')),
      'invalid_request',
      'The holder must be a did:core v1 for the requested scope',
    );
  });

  test('error: an unregistered did:core holder', async () => {
    const ghost = await createHolder();
    await expectOAuthError(
      selfRequest('openid timestamp:write', ghost),
      'invalid_grant',
      `The presentation DID "${ghost.did}" cannot be resolved`,
    );
  });
});

describe('POST /v1/auth/token: credential checks', () => {
  test('error: holder is not the credential subject', async () => {
    const other = await createHolder();
    const vc = createCredential({ issuer: holder, subject: other.did, type: 'SelfAttestation' });
    await expectOAuthError(
      tokenRequest('openid timestamp:write', 'self_attestation', holder, vc),
      'invalid_grant',
      `The credential subject "${other.did}" is not the holder "${holder.did}"`,
    );
  });

  test('error: a SelfAttestation issued by someone else', async () => {
    const other = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], other);
    const vc = createCredential({ issuer: other, subject: holder.did, type: 'SelfAttestation' });
    await expectOAuthError(
      tokenRequest('openid timestamp:write', 'self_attestation', holder, vc),
      'invalid_grant',
      'The SelfAttestation must be issued by the holder itself',
    );
  });

  test('error: an onboarding credential signed by an untrusted DID', async () => {
    const untrusted = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], untrusted);
    const newcomer = await createHolder();
    const vc = createCredential({
      issuer: untrusted,
      subject: newcomer.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    await expectOAuthError(
      tokenRequest('openid did-registry:invite', 'onboarding', newcomer, vc, {
        jwk: newcomer.publicJwk,
      }),
      'invalid_grant',
      `The credential key "${untrusted.kid}" is not an "assertionMethod" key of its DID`,
    );
  });

  test('error: an onboarding credential whose issuer is no TAO', async () => {
    const issuer = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], issuer);
    await op.chain.write(issuer.account, {
      address: node.environment.registries['did-registry'],
      abi: REGISTRIES['did-registry'].abi,
      functionName: 'addVerificationRelationship',
      args: [issuer.did, 'assertionMethod', issuer.vMethodId, 0n, 2n ** 40n],
    });
    const newcomer = await createHolder();
    const vc = createCredential({
      issuer,
      subject: newcomer.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    await expectOAuthError(
      tokenRequest('openid did-registry:invite', 'onboarding', newcomer, vc, {
        jwk: newcomer.publicJwk,
      }),
      'invalid_grant',
      `The onboarding credential issuer "${issuer.did}" is not a RootTAO or TAO`,
    );
  });

  test('error: invite for a DID that is already registered, and without its jwk', async () => {
    const vc = createCredential({
      issuer: operator,
      subject: holder.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    await expectOAuthError(
      tokenRequest('openid did-registry:invite', 'onboarding', holder, vc, {
        jwk: holder.publicJwk,
      }),
      'invalid_grant',
      `The DID "${holder.did}" is already registered`,
    );
    const newcomer = await createHolder();
    const onboarding = createCredential({
      issuer: operator,
      subject: newcomer.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    await expectOAuthError(
      tokenRequest('openid did-registry:invite', 'onboarding', newcomer, onboarding),
      'invalid_request',
      'An invite presentation must carry its public secp256k1 key as the "jwk" header',
    );
  });

  test('error: an expired credential, and a missing one', async () => {
    const vc = createCredential({
      issuer: holder,
      subject: holder.did,
      type: 'SelfAttestation',
      now: Math.floor(Date.now() / 1000) - 100,
      expiresAt: Math.floor(Date.now() / 1000) - 10,
    });
    await expectOAuthError(
      tokenRequest('openid timestamp:write', 'self_attestation', holder, vc),
      'invalid_grant',
      'The credential has expired',
    );
    const wrongType = createCredential({
      issuer: holder,
      subject: holder.did,
      type: 'SomethingElse',
    });
    await expectOAuthError(
      tokenRequest('openid timestamp:write', 'self_attestation', holder, wrongType),
      'invalid_request',
      'The presentation holds no credential of type SelfAttestation',
    );
  });

  test('behavior: a hand-rolled ES256K JWS from the generic signer is accepted like the SDK one', () => {
    const jws = signJwt({ typ: 'JWT' }, { a: 1 }, holder.privateKeyJwk);
    expect(decodeProtectedHeader(jws)).toEqual({ typ: 'JWT', alg: 'ES256K' });
  });
});
