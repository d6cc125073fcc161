import { BESU_SUBNET, type BesuValidator, type NetworkPlan } from './networkPlan.js';
import { toYaml, type YamlMapping } from './toYaml.js';
import { BESU_GENESIS_FILE, BESU_NODE_DIR } from './validatorConfig.js';

/** The Besu image of the kit, pinned: every validator of a network runs the same release. */
export const BESU_IMAGE = 'hyperledger/besu:25.6.0';
/** Where an API node finds the shared environment file (mounted read-only). */
export const API_ENVIRONMENT_DIR = '/etc/core-registry';
/** An API node's data directory in its container (a volume of its own). */
export const API_DATA_DIR = '/var/lib/core-registry';
/** The network's name in compose. */
const NETWORK = 'core-besu';

export type ComposeFileParameters = {
  plan: NetworkPlan;
  /** The API nodes' image, built from this repository's Dockerfile (`core-registry:<version>`). */
  apiImage: string;
};

/**
 * `compose.yaml` of the kit: each validator (its folder mounted read-write, the genesis
 * read-only, a fixed address, JSON-RPC published on 127.0.0.1 only, P2P on all interfaces) and
 * one API node per validator, reaching it over HTTP and WebSocket by service name and serving the
 * environment file of `./environment/` (written by `core-registry deploy`). Validators run as
 * `BESU_UID:BESU_GID` (from `.env`), the owner of the key files they must read.
 * - Design: DESIGN.md §1 (one Besu node per operator), §8
 */
export function toComposeFile({ plan, apiImage }: ComposeFileParameters): string {
  const services: Record<string, YamlMapping> = {};
  for (const validator of plan.validators) {
    services[validator.name] = validatorService(validator);
    services[`api-${validator.index}`] = apiService(validator, apiImage);
  }
  const volumes = Object.fromEntries(
    plan.validators.map((validator) => [`api-${validator.index}-data`, {}]),
  );
  return [
    '# A Besu QBFT network and one core-registry API node per validator, written by',
    '# "core-registry network init". docs/besu.md in the core-registry repository says how to',
    '# start it, deploy the registries and add validators and API nodes.',
    toYaml({
      name: 'core-registry-besu',
      services,
      networks: { [NETWORK]: { ipam: { config: [{ subnet: BESU_SUBNET }] } } },
      volumes,
    }),
  ].join('\n');
}

function validatorService(validator: BesuValidator): YamlMapping {
  const { rpcHttpPort, rpcWsPort, p2pPort } = validator;
  return {
    image: BESU_IMAGE,
    restart: 'unless-stopped',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose substitutes these from .env
    user: '${BESU_UID:-1000}:${BESU_GID:-1000}',
    command: [`--config-file=${BESU_NODE_DIR}/config.toml`],
    volumes: [`./${validator.name}:${BESU_NODE_DIR}`, `./genesis.json:${BESU_GENESIS_FILE}:ro`],
    ports: [
      `127.0.0.1:${rpcHttpPort}:${rpcHttpPort}`,
      `127.0.0.1:${rpcWsPort}:${rpcWsPort}`,
      `${p2pPort}:${p2pPort}/tcp`,
      `${p2pPort}:${p2pPort}/udp`,
    ],
    networks: { [NETWORK]: { ipv4_address: validator.ip } },
  };
}

function apiService(validator: BesuValidator, image: string): YamlMapping {
  return {
    image,
    // Built locally from the repository (docs/besu.md); there is no registry to pull it from.
    pull_policy: 'never',
    restart: 'unless-stopped',
    depends_on: [validator.name],
    environment: {
      CORE_LEDGER_URL: `http://${validator.name}:${validator.rpcHttpPort}`,
      CORE_LEDGER_WS_URL: `ws://${validator.name}:${validator.rpcWsPort}`,
      CORE_ENVIRONMENT: `${API_ENVIRONMENT_DIR}/environment.json`,
      CORE_DATA_DIR: API_DATA_DIR,
      CORE_PUBLIC_URL: `http://localhost:${validator.apiPort}`,
    },
    volumes: [
      `./environment:${API_ENVIRONMENT_DIR}:ro`,
      `api-${validator.index}-data:${API_DATA_DIR}`,
    ],
    ports: [`${validator.apiPort}:8080`],
    networks: [NETWORK],
  };
}
