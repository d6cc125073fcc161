import type { GovernancePlan } from '../governance/governancePlan.js';
import { toBesuGenesis } from './besuGenesis.js';
import { BESU_IMAGE, toComposeFile } from './composeFile.js';
import { toKitReadme } from './kitReadme.js';
import type { NetworkPlan } from './networkPlan.js';
import { toValidatorConfig } from './validatorConfig.js';

/** One file of a kit: its path relative to the kit folder, its text and its mode. */
export type KitFile = { path: string; content: string; mode: number };

export type ToKitFilesParameters = {
  plan: NetworkPlan;
  /** The operators who govern the network `deploy` sets up (docs/governance.md); none: one key. */
  governance?: GovernancePlan | undefined;
  /** The API nodes' image (`core-registry:<version>`). */
  apiImage: string;
  /** The owner the validators' containers run as (`.env`): the node keys are readable by it only. */
  uid: number;
  gid: number;
};

/** Mode of the node keys: their owner alone reads them. */
const SECRET = 0o600;
const PUBLIC = 0o644;

/**
 * Every file `core-registry network init` writes, in writing order: the genesis, each
 * validator's node key (Besu's `key` format: the private key as 0x-hex), node id (`key.pub`, as
 * `besu public-key export` prints it) and configuration, the summary without keys
 * (`validators.json`), the compose file with its `.env`, and the README. The empty
 * `environment/` folder is the caller's to make.
 */
export function toKitFiles({
  plan,
  governance,
  apiImage,
  uid,
  gid,
}: ToKitFilesParameters): KitFile[] {
  const genesis = toBesuGenesis({
    chainId: plan.chainId,
    blockPeriodSeconds: plan.blockPeriodSeconds,
    validators: plan.validators.map((validator) => validator.address),
  });
  const summary = {
    chainId: plan.chainId,
    blockPeriodSeconds: plan.blockPeriodSeconds,
    besuImage: BESU_IMAGE,
    validators: plan.validators.map((v) => ({
      name: v.name,
      address: v.address,
      publicKey: v.publicKey,
      enode: v.enode,
      rpcHttpUrl: `http://127.0.0.1:${v.rpcHttpPort}`,
      rpcWsUrl: `ws://127.0.0.1:${v.rpcWsPort}`,
      p2pPort: v.p2pPort,
      apiUrl: `http://localhost:${v.apiPort}`,
    })),
    ...(governance ? { governance } : {}),
  };
  return [
    { path: 'genesis.json', content: json(genesis), mode: PUBLIC },
    ...plan.validators.flatMap((validator) => [
      { path: `${validator.name}/key`, content: validator.privateKey, mode: SECRET },
      { path: `${validator.name}/key.pub`, content: validator.publicKey, mode: PUBLIC },
      {
        path: `${validator.name}/config.toml`,
        content: toValidatorConfig(plan, validator),
        mode: PUBLIC,
      },
    ]),
    { path: 'validators.json', content: json(summary), mode: PUBLIC },
    { path: 'compose.yaml', content: toComposeFile({ plan, apiImage }), mode: PUBLIC },
    { path: '.env', content: `BESU_UID=${uid}\nBESU_GID=${gid}\n`, mode: PUBLIC },
    { path: 'README.md', content: toKitReadme(plan, apiImage, governance), mode: PUBLIC },
  ];
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
