import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPresentation, signSelfAttestation } from '../src/client/credentials.js';
import type { Operator } from '../src/genesis/operator.js';
import { measureTasks, type Row, type StartNode, send } from './measure.js';
import type { SoftHsmKeys } from './softHsmKey.js';

/** Token requests timed in each token row (h, h1, h2). */
const TOKEN_REQUESTS = 1_000;
/**
 * Token requests before the timed ones: a node's token path settles after 2,000 to 4,000 of
 * them (CPU per token 1.3 ms for the first 500, 0.65–0.8 ms from 3,500 on, measured in stop 43).
 */
const TOKEN_WARM_UP = 3_000;

/**
 * The token row at two more nodes on the same ledger, one after the other, each started afresh
 * and alike but for the token key: (h1) in a key file, as (h)'s, and (h2) in SoftHSM2 (PKCS#11).
 * h2/h1 is what signing inside an HSM costs; h1/h what a node on another node's ledger costs
 * (its reads cross HTTP to the first node's front).
 */
export async function measureSecondNodeTokens(
  startNode: StartNode,
  ledgerUrl: string,
  dataDir: string,
  operator: Operator,
  children: ChildProcess[],
  key: SoftHsmKeys,
): Promise<{ tokenSecond: Row; tokenHsm?: Row }> {
  const run = async (name: string, env: Record<string, string>) => {
    const secondDir = mkdtempSync(join(tmpdir(), 'core-registry-bench-second-node-'));
    for (const file of ['operator.json', 'environment.json']) {
      copyFileSync(join(dataDir, file), join(secondDir, file));
    }
    const { url, child } = await startNode(ledgerUrl, secondDir, 0, env);
    children.push(child);
    const row = await measureTokens(name, url, operator, child.pid);
    child.kill('SIGTERM');
    return row;
  };
  const tokenSecond = await run('(h1) tokens, second node, key file', {});
  if ('skipped' in key) {
    console.log(`(h2) skipped: ${key.skipped}`);
    return { tokenSecond };
  }
  return { tokenSecond, tokenHsm: await run('(h2) tokens, second node, SoftHSM2', key.env) };
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
