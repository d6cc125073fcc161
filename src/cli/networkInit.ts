import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { MAX_VALIDATORS, planNetwork } from '../besu/networkPlan.js';
import { toKitFiles } from '../besu/toKitFiles.js';
import { DEFAULT_CHAIN_ID, parseInteger } from '../config.js';
import { ConfigError } from '../errors/config.js';
import { type GovernancePlan, parseGovernancePlan } from '../governance/governancePlan.js';
import type { NetworkContext } from './networkContext.js';
import { CliUsageError } from './output.js';
import { readVersion } from './version.js';

/** The governance the kit's `deploy` command sets up: `--operators` (with `--threshold`, `--delay`). */
function parseKitGovernance(raw: NetworkContext['governance']): GovernancePlan | undefined {
  const names = { operators: '--operators', threshold: '--threshold', delay: '--delay' };
  if (raw.operators === undefined) {
    const orphan =
      raw.threshold !== undefined ? '--threshold' : raw.delay !== undefined ? '--delay' : undefined;
    if (orphan) throw new ConfigError(orphan, `"${orphan}" needs "--operators"`);
    return undefined;
  }
  const plan = parseGovernancePlan({ ...raw, operators: raw.operators, names });
  if ('problem' in plan) throw new ConfigError(plan.setting, plan.problem);
  return plan;
}

/** QBFT is Byzantine fault tolerant from four validators on (Besu's docs). */
const DEFAULT_VALIDATORS = 4;
const DEFAULT_BLOCK_PERIOD_SECONDS = 2;

/**
 * `core-registry network init`: writes a Besu QBFT kit (fresh node keys) into `--out`. The kit is
 * written into a temporary sibling folder and renamed into place, so a failure leaves nothing.
 * - Design: DESIGN.md §1, §8
 * @throws {ConfigError} on a malformed flag (the CLI exits 2).
 * @throws {CliUsageError} without `--out`, or with an `--out` that is a file or a folder that is
 *   not empty.
 */
export async function initNetwork(_args: string[], context: NetworkContext): Promise<void> {
  const validators = parseInteger(
    '--validators',
    context.validators,
    DEFAULT_VALIDATORS,
    1,
    MAX_VALIDATORS,
  );
  const chainId = parseInteger('--chain-id', context.chainId, DEFAULT_CHAIN_ID, 1, 2 ** 53 - 1);
  const blockPeriodSeconds = parseInteger(
    '--block-period-seconds',
    context.blockPeriodSeconds,
    DEFAULT_BLOCK_PERIOD_SECONDS,
    1,
    60,
  );
  const governance = parseKitGovernance(context.governance);
  if (context.out === undefined || context.out === '')
    throw new CliUsageError('network init needs "--out DIR", the folder to write the network to');
  const out = resolve(context.out);
  await assertWritableTarget(out);

  const plan = planNetwork({
    chainId,
    blockPeriodSeconds,
    privateKeys: Array.from({ length: validators }, () => generatePrivateKey()),
  });
  const files = toKitFiles({
    plan,
    governance,
    apiImage: `core-registry:${readVersion()}`,
    uid: process.getuid?.() ?? 1000,
    gid: process.getgid?.() ?? 1000,
  });
  await context.output.step(`Write the network to ${out}`, async () => {
    await mkdir(dirname(out), { recursive: true });
    const staging = await mkdtemp(join(dirname(out), `.${basename(out)}-`));
    try {
      await mkdir(join(staging, 'environment'));
      for (const validator of plan.validators) await mkdir(join(staging, validator.name));
      for (const file of files)
        await writeFile(join(staging, file.path), file.content, { mode: file.mode, flag: 'wx' });
      // rename(2) replaces an empty folder: the kit appears whole or not at all.
      await rename(staging, out);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  });
  context.output.result(
    {
      out,
      chainId,
      blockPeriodSeconds,
      validators: plan.validators.map(({ name, address, enode, rpcHttpPort }) => ({
        name,
        address,
        enode,
        rpcHttpUrl: `http://127.0.0.1:${rpcHttpPort}`,
      })),
    },
    [
      `A QBFT network of ${validators} validator(s), chain ${chainId}, written to ${out}:`,
      ...plan.validators.map((v) => `  ${v.name}  ${v.address}  http://127.0.0.1:${v.rpcHttpPort}`),
      `Next: ${join(out, 'README.md')}, and docs/besu.md of core-registry.`,
    ].join('\n'),
  );
}

/** `--out` may not exist yet, or be an empty folder. */
async function assertWritableTarget(out: string): Promise<void> {
  const found = await stat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (found === undefined) return;
  if (!found.isDirectory()) throw new CliUsageError(`"--out" is a file, not a folder: ${out}`);
  if ((await readdir(out)).length > 0)
    throw new CliUsageError(`"--out" is a folder that is not empty: ${out}`);
}
