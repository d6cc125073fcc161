import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestToken } from '../../src/client/index.js';
import { runCli, serveUntilExit } from '../support/cli.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { timestampWrite } from '../support/rawTransactions.js';
import { createSoftHsmToken, deleteSoftHsmToken } from '../support/softHsm.js';
import { copyEnvironment, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * The access-token key in an HSM (SoftHSM2 over PKCS#11): the node signs inside it, its gate,
 * a peer and jose verify, and the data directory never holds the key.
 */
let hsm: ReturnType<typeof createSoftHsmToken>;
let spare: ReturnType<typeof createSoftHsmToken>;
let node: TestNode;
let peer: TestNode;
let holder: TestHolder;
let publicJwk: { x: string; y: string };

beforeAll(async () => {
  hsm = createSoftHsmToken(`node-${process.pid}`);
  spare = createSoftHsmToken(`spare-${process.pid}`);
  const uri = hsm.uri('token-key');
  // Made by the CLI, as an operator would: inside the token, never extractable.
  const made = await runCli(['keys', 'generate', '--to', uri, '--json']);
  expect(made.code, made.stderr).toBe(0);
  publicJwk = (JSON.parse(made.stdout) as { publicJwk: { x: string; y: string } }).publicJwk;
  node = await startTestNode({ env: { CORE_TOKEN_SIGNING_KEY: uri } });
  peer = await startTestNode({
    dataDir: copyEnvironment(node),
    env: { CORE_TRUSTED_PEERS: node.url },
  });
  holder = await createHolder();
  await registerHolder(
    (await operatorOf(node)).chain,
    node.environment.registries['did-registry'],
    holder,
  );
});
afterAll(async () => {
  await peer?.close();
  await node?.close();
});

const write = async (url: string, token: string) =>
  timestampWrite(url, node.environment, holder.account, token);

describe('the access-token key in SoftHSM2', () => {
  test('default: tokens signed in the HSM are published, verified by jose, the gate and a peer', async () => {
    const jwks = (await (await fetch(`${node.url}/v1/auth/jwks`)).json()) as {
      keys: { x: string; y: string; crv: string }[];
    };
    const expected = publicJwk;
    expect(jwks.keys).toEqual([
      expect.objectContaining({ crv: 'P-256', x: expected.x, y: expected.y }),
    ]);
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write',
      holder,
    });
    const keys = createRemoteJWKSet(new URL(`${node.url}/v1/auth/jwks`));
    const { payload } = await jwtVerify(accessToken, keys, { issuer: `${node.url}/v1/auth` });
    expect(payload.sub).toBe(holder.did);
    expect(await write(node.url, accessToken)).toBe('0x1');
    expect(await write(peer.url, accessToken)).toBe('0x1');
  });

  test('default: the data directory holds no token signing key', () => {
    expect(existsSync(join(node.dataDir, 'auth-signing-key.json'))).toBe(false);
  });

  test('error: misconfigured keys stop the node at start with one line naming the setting, exit 1', () => {
    const cases = [
      [hsm.uri('no-such-key'), 'no private key in the token matches'],
      [
        `pkcs11:token=${spare.label};object=k?module-path=/usr/lib/softhsm/libsofthsm2.so`,
        'no PIN',
      ],
      [
        `pkcs11:token=${hsm.label};object=token-key?module-path=/nonexistent/lib.so&pin-source=file:${hsm.pinFile}`,
        'cannot be loaded',
      ],
    ];
    for (const [uri, message] of cases) {
      const run = serveUntilExit({ CORE_TOKEN_SIGNING_KEY: uri });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain('CORE_TOKEN_SIGNING_KEY');
      expect(run.stderr).toContain(message);
    }
  }, 180_000);

  test('error: an HSM taken away answers server_error; the node keeps serving', async () => {
    deleteSoftHsmToken(hsm.label);
    const response = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write',
      holder,
    }).catch((error: unknown) => error as Error);
    expect(String(response)).toContain(
      'The access token cannot be signed: the signing key is unavailable',
    );
    expect((await fetch(`${node.url}/health`)).status).toBe(200);
    expect((await fetch(`${node.url}/v1/auth/jwks`)).status).toBe(200);
  });
});
