import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPresentation, signSelfAttestation } from '../src/client/credentials.js';
import type { Operator } from '../src/genesis/operator.js';
import { measureTasks, type Row, type StartNode, send } from './measure.js';
import type { SoftHsmKeys } from './softHsmKey.js';

/** Token requests timed in each token row (h, h2). */
const TOKEN_REQUESTS = 1_000;
/**
 * Token requests before the timed ones: a node's token path settles after 2,000 to 4,000 of
 * them (CPU per token 1.3 ms for the first 500, 0.65–0.8 ms from 3,500 on, measured in stop 43).
 */
const TOKEN_WARM_UP = 3_000;

/**
 * (h2) the token row again at a second node on the same ledger whose token key is in SoftHSM2
 * (PKCS#11): what signing inside an HSM costs against the key file of (h).
 */
export async function measureHsmTokens(
  startNode: StartNode,
  ledgerUrl: string,
  dataDir: string,
  operator: Operator,
  children: ChildProcess[],
  key: SoftHsmKeys,
): Promise<{ tokenHsm?: Row }> {
  if ('skipped' in key) {
    console.log(`(h2) skipped: ${key.skipped}`);
    return {};
  }
  const hsmDir = mkdtempSync(join(tmpdir(), 'core-registry-bench-hsm-node-'));
  for (const file of ['operator.json', 'environment.json']) {
    copyFileSync(join(dataDir, file), join(hsmDir, file));
  }
  const { url, child } = await startNode(ledgerUrl, hsmDir, 0, key.env);
  children.push(child);
  const row = await measureTokens('(h2) token requests, key in SoftHSM2', url, operator, child.pid);
  child.kill('SIGTERM');
  return { tokenHsm: row };
}

/**
 * Token requests with presentations signed beforehand (each nonce is single use), after
 * {@link TOKEN_WARM_UP} untimed ones, with the CPU time of `nodePid` per timed request.
 */
export async function measureTokens(
  name: string,
  nodeUrl: string,
  operator: Operator,
  nodePid: number | undefined,
): Promise<Row> {
  const audience = `${nodeUrl}/v1/auth`;
  const bodies = await Promise.all(
    Array.from({ length: TOKEN_WARM_UP + TOKEN_REQUESTS }, async () => {
      const vp = await signPresentation({
        holder: operator,
        credentials: [await signSelfAttestation(operator)],
        audience,
        expiresIn: 240,
      });
      return JSON.stringify({
        grant_type: 'vp_token',
        scope: 'openid timestamp:write',
        vp_token: { self_attestation: [vp] },
      });
    }),
  );
  const request = async (i: number) => {
    const { status } = await send(`${audience}/token`, { body: bodies[i] as string });
    return status === 200;
  };
  return measureTasks(name, TOKEN_REQUESTS, 8, request, {
    warmUp: TOKEN_WARM_UP,
    cpuOf: nodePid,
  });
}
