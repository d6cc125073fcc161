import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createCli, runCli, serveUntilExit } from '../support/cli.js';
import { createSoftHsmToken } from '../support/softHsm.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * An embedded node whose operator key and access-token key are both in an HSM (SoftHSM2 over
 * PKCS#11): genesis, the admin commands and the operator's credentials sign inside it, and the
 * data directory holds no private key.
 */
vi.setConfig({ testTimeout: 120_000 });

let hsm: ReturnType<typeof createSoftHsmToken>;
let node: TestNode;
let workDir: string;
let operatorUri: string;
let operatorKey: { publicJwk: { x: string; y: string }; address: string };
const cli = createCli(
  () => node,
  () => workDir,
);

beforeAll(async () => {
  hsm = createSoftHsmToken(`operator-${process.pid}`);
  operatorUri = hsm.uri('operator');
  const tokenUri = hsm.uri('token-key');
  const made = await runCli([
    'keys',
    'generate',
    '--to',
    operatorUri,
    '--curve',
    'secp256k1',
    '--json',
  ]);
  expect(made.code, made.stderr).toBe(0);
  operatorKey = JSON.parse(made.stdout);
  expect((await runCli(['keys', 'generate', '--to', tokenUri])).code).toBe(0);
  node = await startTestNode({
    ownLedger: true,
    env: { CORE_OPERATOR_KEY: operatorUri, CORE_TOKEN_SIGNING_KEY: tokenUri },
  });
  workDir = mkdtempSync(join(tmpdir(), 'core-hsm-operator-'));
}, 180_000);
afterAll(async () => {
  await node?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Private key material as the node's files would hold it: a JWK's `d`, PEM, a hex private key. */
const KEY_MATERIAL = [
  /"d"\s*:\s*"[A-Za-z0-9_-]{40,}"/,
  /PRIVATE KEY-----/,
  /"private_?key(Jwk)?"\s*:/i,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

describe('the operator key in SoftHSM2', () => {
  test('default: genesis signs in the HSM; the operator DID holds its key; operator.json names it', async () => {
    const record = JSON.parse(readFileSync(join(node.dataDir, 'operator.json'), 'utf8'));
    expect(record).toEqual({
      did: node.environment.operatorDid,
      kid: expect.stringMatching(/^did:core:.+#.+$/),
      address: operatorKey.address,
      publicKeyJwk: { kty: 'EC', crv: 'secp256k1', ...operatorKey.publicJwk },
      key: operatorUri,
    });
    const { status, body } = await getJson(
      node.url,
      `/v1/did-registry/identifiers/${encodeURIComponent(record.did)}`,
    );
    expect(status).toBe(200);
    expect(JSON.stringify(body)).toContain(operatorKey.publicJwk.x);
  });

  test('default: no file of the data directory holds private key material', () => {
    const files = filesUnder(node.dataDir);
    expect(files.length).toBeGreaterThan(3);
    expect(files.some((file) => file.endsWith('.json.gz'))).toBe(true);
    const holding = files.filter((file) => {
      if (statSync(file).size > 512 * 1024 * 1024) return false;
      // Checkpoints are gzipped: read what they hold.
      const bytes = readFileSync(file);
      const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
      return KEY_MATERIAL.some((pattern) => pattern.test(text));
    });
    expect(holding).toEqual([]);
  });

  test('default: admin commands sign with the HSM key; its credentials are trusted by verify', async () => {
    const alice = await cli.registeredWallet('alice');
    const accredited = await cli.json<{ credential: string; transactionHash: string }>(
      'admin',
      'accredit',
      alice.did,
      'TAO',
    );
    expect(accredited.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    writeFileSync(join(workDir, 'alice-tao.jwt'), accredited.credential);
    for (const file of ['alice-onboarding.jwt', 'alice-tao.jwt']) {
      const report = await cli.json<{ verdict: string; chain: { did: string }[] }>('verify', file);
      expect(report.verdict, file).toBe('trusted');
      expect(report.chain).toEqual([
        expect.objectContaining({ did: node.environment.operatorDid, role: 'RootTAO' }),
      ]);
    }
  });

  test('default: a wallet whose key is in the HSM registers and writes to its DID', async () => {
    const uri = hsm.uri('wallet-key');
    expect((await runCli(['keys', 'generate', '--to', uri, '--curve', 'secp256k1'])).code).toBe(0);
    const created = await cli.json<{ did: string; address: string }>(
      'wallet',
      'init',
      '--pkcs11',
      uri,
      '--wallet',
      'hsm-wallet.json',
    );
    const file = JSON.parse(readFileSync(join(workDir, 'hsm-wallet.json'), 'utf8'));
    expect(file.keys).toEqual([
      {
        vMethodId: expect.any(String),
        key: uri,
        publicKeyJwk: expect.objectContaining({ crv: 'secp256k1' }),
      },
    ]);
    const { credential } = await cli.json<{ credential: string }>('admin', 'onboard', created.did);
    writeFileSync(join(workDir, 'hsm-onboarding.jwt'), credential);
    await cli.json(
      'wallet',
      'register',
      '--credential',
      'hsm-onboarding.jwt',
      '--wallet',
      'hsm-wallet.json',
    );
    const added = await cli.json<{ kid: string }>(
      'wallet',
      'keys',
      'add',
      '--relationship',
      'assertionMethod',
      '--curve',
      'secp256k1',
      '--wallet',
      'hsm-wallet.json',
    );
    const { body } = await getJson(node.url, `/v1/did-registry/identifiers/${created.did}`);
    expect((body as { assertionMethod: string[] }).assertionMethod).toContain(added.kid);
    const refused = await cli.raw('wallet', 'keys', 'roll', '--wallet', 'hsm-wallet.json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is in an HSM');
  });

  test('error: a wrong operator key stops the node at start with one line naming the setting, exit 1', () => {
    const wrongPin = join(workDir, 'wrong.pin');
    writeFileSync(wrongPin, '000000\n');
    const cases = [
      [hsm.uri('no-such-key'), 'no private key in the token matches'],
      [hsm.uri('token-key'), 'the key must be secp256k1, not P-256'],
      [operatorUri.replace(hsm.pinFile, wrongPin), 'PIN'],
    ];
    for (const [uri, message] of cases) {
      const run = serveUntilExit({ CORE_OPERATOR_KEY: uri });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain('CORE_OPERATOR_KEY');
      expect(run.stderr).toContain(message);
    }
  }, 180_000);
});
