import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPresentation, signSelfAttestation } from '../src/client/credentials.js';
import type { Operator } from '../src/genesis/operator.js';
import { measureTasks, type Row, type StartNode, send } from './measure.js';
import type { SoftHsmKeys } from './softHsmKey.js';
import { withNodeCpu } from './writeRows.js';

/** Token requests of each token row (h, h2). */
export const TOKEN_REQUESTS = 400;

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
  const row = await withNodeCpu(child.pid as number, TOKEN_REQUESTS, () =>
    measureTokens('(h2) token requests, key in SoftHSM2', url, operator),
  );
  child.kill('SIGTERM');
  return { tokenHsm: row };
}

/** Token requests with presentations signed beforehand (each nonce is single use). */
export async function measureTokens(
  name: string,
  nodeUrl: string,
  operator: Operator,
): Promise<Row> {
  const audience = `${nodeUrl}/v1/auth`;
  const bodies = await Promise.all(
    Array.from({ length: TOKEN_REQUESTS }, async () => {
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
  return measureTasks(name, TOKEN_REQUESTS, 8, async (i) => {
    const { status } = await send(`${audience}/token`, { body: bodies[i] as string });
    return status === 200;
  });
}
