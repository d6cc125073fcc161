import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PrivateEcJwk } from '../../src/identity/jwk.js';
import { assertSdkBuilt, SDK } from '../support/builtSdk.js';

const KEYS = 20_000;
const DEADLINE_MS = 60_000;

/**
 * Makes KEYS keys in a loop that also makes garbage, as a bench or a batch onboarding does, and
 * prints a sample. With generateKeyPairSync + a JWK export, Node 20 hung in such a loop within
 * a few thousand keys (a collection inside the export finalised the key's KeyGenJob, which waits
 * on the mutex the export holds), so it runs in a child process a deadline can kill.
 */
const CHILD = `
const { createPrivateJwk } = await import(${JSON.stringify(pathToFileURL(SDK).href)});
let garbage = [];
const sample = [];
for (let n = 0; n < ${KEYS}; n++) {
  const jwk = createPrivateJwk(n % 2 ? 'secp256k1' : 'P-256');
  garbage.push('x'.repeat(200) + n);
  if (garbage.length > 5000) garbage = [];
  if (n % 1000 < 2) sample.push(jwk);
}
process.stdout.write(JSON.stringify(sample));
`;

function runChild(): Promise<{ exit: number | string | null; stdout: string }> {
  return new Promise((done) => {
    // A young generation of 1 MiB makes collections frequent: the old code then hung in 5 of 5
    // runs, against 1 of 3 without it.
    const flags = ['--max-semi-space-size=1', '--input-type=module', '-e', CHILD];
    const child = spawn(process.execPath, flags, { stdio: ['ignore', 'pipe', 'inherit'] });
    const deadline = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(deadline);
      done({ exit: signal ?? code, stdout });
    });
  });
}

beforeAll(assertSdkBuilt);

describe('createPrivateJwk (built SDK, in a child process)', () => {
  test(
    'behavior: 20,000 keys amid garbage finish (no deadlock in Node’s key generation) and each is a working key pair',
    async () => {
      const { exit, stdout } = await runChild();
      expect(exit, 'the child was killed at the deadline: key generation hung').toBe(0);
      const sample = JSON.parse(stdout) as PrivateEcJwk[];
      expect(sample).toHaveLength((KEYS / 1000) * 2);
      for (const jwk of sample) {
        expect(Object.keys(jwk).sort()).toEqual(['crv', 'd', 'kty', 'x', 'y']);
        for (const member of [jwk.d, jwk.x, jwk.y])
          expect(Buffer.from(member, 'base64url')).toHaveLength(32);
        const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
        const { d: _, ...publicJwk } = jwk;
        const signature = sign('sha256', Buffer.from('core-registry'), privateKey);
        const publicKey = createPublicKey({ key: publicJwk, format: 'jwk' });
        expect(verify('sha256', Buffer.from('core-registry'), publicKey, signature)).toBe(true);
        // The public half is the one of d, not just any point on the curve.
        expect(createPublicKey(privateKey).export({ format: 'jwk' })).toMatchObject(publicJwk);
      }
      expect(new Set(sample.map((jwk) => jwk.d)).size).toBe(sample.length);
    },
    DEADLINE_MS + 10_000,
  );
});
