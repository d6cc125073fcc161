import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCredential, requestToken, TokenRequestError } from '../../src/client/index.js';
import { createHolder, registerHolder } from '../support/holders.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let op: OperatorFixture;
beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
});
afterAll(() => node.close());

describe('requestToken (SDK)', () => {
  test('default: a registered holder gets a timestamp:write token with a SelfAttestation', async () => {
    const holder = await createHolder();
    await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
    const token = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write',
      holder,
    });
    expect(token).toMatchObject({ scope: 'openid timestamp:write', expiresIn: 7200 });
    expect(token.accessToken.split('.')).toHaveLength(3);
  });

  test('behavior: the invite flow with an onboarding credential and the holder key', async () => {
    const newcomer = await createHolder();
    const { operator } = op;
    const onboarding = createCredential({
      issuer: { did: operator.did, kid: operator.kid, privateKeyJwk: operator.privateKeyJwk },
      subject: newcomer.did,
      type: 'VerifiableAuthorisationToOnboard',
    });
    const token = await requestToken({
      baseUrl: node.url,
      scope: 'openid did-registry:invite',
      holder: newcomer,
      credential: onboarding,
      jwk: newcomer.publicJwk,
    });
    expect(token.scope).toBe('openid did-registry:invite');
  });

  test('error: the node refuses: TokenRequestError with its OAuth error', async () => {
    const stranger = await createHolder();
    await expect(
      requestToken({ baseUrl: node.url, scope: 'openid timestamp:write', holder: stranger }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      description: `The presentation DID "${stranger.did}" cannot be resolved`,
    });
    await expect(
      requestToken({ baseUrl: node.url, scope: 'openid nope:write', holder: stranger }),
    ).rejects.toBeInstanceOf(TokenRequestError);
  });
});
