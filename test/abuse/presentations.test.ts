import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFileReplayStore } from '../../src/auth/createFileReplayStore.js';
import {
  createPresentation,
  createSelfAttestation,
  type Signer,
} from '../../src/client/credentials.js';
import { signJwt } from '../../src/client/signJwt.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { createDataDir, startTestNode, type TestNode } from '../support/testNode.js';

const DIST_STORE = new URL('../../dist/src/auth/createFileReplayStore.js', import.meta.url)
  .pathname;

let node: TestNode;
let holder: TestHolder;
const dataDir = createDataDir();
const audience = () => `${node.url}/v1/auth`;

beforeAll(async () => {
  node = await startTestNode({ dataDir });
  holder = await createHolder();
  const op = await operatorOf(node);
  await registerHolder(op.chain, node.environment.registries['did-registry'], holder);
});
afterAll(() => node.close());

/** A self-attested `timestamp:write` token request, as a wallet sends it. */
function tokenRequest(presentation: string) {
  return {
    grant_type: 'vp_token',
    scope: 'openid timestamp:write',
    vp_token: { self_attestation: [presentation] },
  };
}

function presentationOf(signer: Signer, credentials: string[], nonce = randomUUID()): string {
  return createPresentation({ holder: signer, credentials, audience: audience(), nonce });
}

async function postToken(
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${node.url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('single use of a presentation', () => {
  test('behavior: a presentation redeemed once is refused after the node restarts', async () => {
    const request = tokenRequest(presentationOf(holder, [createSelfAttestation(holder)]));
    expect((await postToken(request)).status).toBe(200);

    const port = Number(new URL(node.url).port);
    await node.close();
    node = await startTestNode({ dataDir, port });
    expect(await postToken(request)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The presentation "nonce" has already been used',
      },
    });
  });

  test('behavior: a use acknowledged by a process killed with SIGKILL right after is kept', async () => {
    const path = join(createDataDir(), 'presentations-used.jsonl');
    const now = Math.floor(Date.now() / 1000);
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { createFileReplayStore } = await import(${JSON.stringify(DIST_STORE)});
         const store = await createFileReplayStore(${JSON.stringify(path)});
         const used = await Promise.all(['a', 'b', 'c'].map((key) => store.consume(key, ${now + 300}, ${now})));
         process.stdout.write(JSON.stringify(used));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const acknowledged = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    child.kill('SIGKILL');
    expect(acknowledged).toBe('[true,true,true]');

    const reopened = await createFileReplayStore(path);
    try {
      for (const key of ['a', 'b', 'c'])
        expect(await reopened.consume(key, now + 300, now)).toBe(false);
      expect(await reopened.consume('d', now + 300, now)).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  test('behavior: concurrent redemptions of one presentation: exactly one token', async () => {
    const request = tokenRequest(presentationOf(holder, [createSelfAttestation(holder)]));
    const results = await Promise.all(Array.from({ length: 8 }, () => postToken(request)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
  });
});

describe('JOSE "crit"', () => {
  test('error: a presentation with a critical extension this node does not understand', async () => {
    const claims = decodeJwt(presentationOf(holder, [createSelfAttestation(holder)]));
    const presentation = signJwt(
      { typ: 'JWT', kid: holder.kid, crit: ['urn:x-unknown'], 'urn:x-unknown': true },
      claims,
      holder.privateKeyJwk,
    );
    expect(await postToken(tokenRequest(presentation))).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description:
          'The presentation header lists critical extensions ("crit") this node does not support',
      },
    });
  });

  test('error: a credential with "crit"', async () => {
    const claims = decodeJwt(createSelfAttestation(holder));
    const credential = signJwt(
      { typ: 'JWT', kid: holder.kid, crit: ['exp'] },
      claims,
      holder.privateKeyJwk,
    );
    const result = await postToken(tokenRequest(presentationOf(holder, [credential])));
    expect(result.status).toBe(400);
    expect(result.body.error_description).toBe(
      'The credential header lists critical extensions ("crit") this node does not support',
    );
  });
});

describe('size of a presentation', () => {
  test('error: more credentials than a scope needs', async () => {
    const credentials = Array.from({ length: 5 }, () => createSelfAttestation(holder));
    expect(await postToken(tokenRequest(presentationOf(holder, credentials)))).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'The presentation may carry at most 4 credentials; the scope needs one',
      },
    });
  });

  test('error: a presentation over 64 KiB', async () => {
    const credential = createSelfAttestation(holder);
    const copies = Math.ceil((70 * 1024) / credential.length);
    const result = await postToken(
      tokenRequest(
        presentationOf(
          holder,
          Array.from({ length: copies }, () => credential),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('invalid_request');
    expect(result.body.error_description).toMatch(/at most 65536 are accepted$/);
  });

  test('error: 380 copies of the credential (the reported 477 KiB request)', async () => {
    const credential = createSelfAttestation(holder);
    const result = await postToken(
      tokenRequest(
        presentationOf(
          holder,
          Array.from({ length: 380 }, () => credential),
        ),
      ),
    );
    expect(result).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'The request body is too large (at most 262144 bytes)',
      },
    });
  });
});
