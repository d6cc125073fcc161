import { parse as parseToml } from 'smol-toml';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { API_DATA_DIR, API_ENVIRONMENT_DIR, BESU_IMAGE, toComposeFile } from './composeFile.js';
import { BESU_SUBNET, planNetwork } from './networkPlan.js';
import { BESU_GENESIS_FILE, BESU_NODE_DIR, toValidatorConfig } from './validatorConfig.js';

type Service = {
  image: string;
  command?: string[];
  volumes: string[];
  ports: string[];
  environment?: Record<string, string>;
  depends_on?: string[];
  networks: Record<string, { ipv4_address: string }> | string[];
  user?: string;
  pull_policy?: string;
};
type Compose = {
  services: Record<string, Service>;
  networks: Record<string, { ipam: { config: { subnet: string }[] } }>;
  volumes: Record<string, unknown>;
};

const plan = planNetwork({
  chainId: 2026,
  blockPeriodSeconds: 2,
  privateKeys: Array.from({ length: 4 }, () => generatePrivateKey()),
});
const compose = parseYaml(toComposeFile({ plan, apiImage: 'core-registry:9.9.9' })) as Compose;

describe('toComposeFile', () => {
  test('default: parses; one pinned Besu validator and one API node per validator', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      plan.validators.flatMap((v) => [v.name, `api-${v.index}`]).sort(),
    );
    expect(BESU_IMAGE).toMatch(/^hyperledger\/besu:\d+\.\d+\.\d+$/);
    for (const validator of plan.validators) {
      expect(compose.services[validator.name]?.image).toBe(BESU_IMAGE);
      expect(compose.services[`api-${validator.index}`]).toMatchObject({
        image: 'core-registry:9.9.9',
        pull_policy: 'never',
      });
    }
    expect(compose.networks['core-besu']?.ipam.config).toEqual([{ subnet: BESU_SUBNET }]);
  });

  test('behavior: a validator’s container matches its config.toml (paths, ports, address)', () => {
    for (const validator of plan.validators) {
      const service = compose.services[validator.name] as Service;
      const config = parseToml(toValidatorConfig(plan, validator));
      const [configFlag] = service.command ?? [];
      expect(configFlag).toBe(`--config-file=${BESU_NODE_DIR}/config.toml`);
      expect(service.volumes).toEqual([
        `./${validator.name}:${BESU_NODE_DIR}`,
        `./genesis.json:${BESU_GENESIS_FILE}:ro`,
      ]);
      expect(config['genesis-file']).toBe(BESU_GENESIS_FILE);
      expect(String(config['node-private-key-file'])).toBe(`${BESU_NODE_DIR}/key`);
      expect(String(config['data-path']).startsWith(`${BESU_NODE_DIR}/`)).toBe(true);
      const { rpcHttpPort: http, rpcWsPort: ws, p2pPort: p2p } = validator;
      expect([config['rpc-http-port'], config['rpc-ws-port'], config['p2p-port']]).toEqual([
        http,
        ws,
        p2p,
      ]);
      expect(service.ports).toEqual([
        `127.0.0.1:${http}:${http}`,
        `127.0.0.1:${ws}:${ws}`,
        `${p2p}:${p2p}/tcp`,
        `${p2p}:${p2p}/udp`,
      ]);
      expect(service.networks).toEqual({ 'core-besu': { ipv4_address: validator.ip } });
      expect(config['p2p-host']).toBe(validator.ip);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose substitutes these from .env
      expect(service.user).toBe('${BESU_UID:-1000}:${BESU_GID:-1000}');
    }
  });

  test('behavior: each API node reaches its validator on the ports and host name it allows', () => {
    for (const validator of plan.validators) {
      const api = compose.services[`api-${validator.index}`] as Service;
      const config = parseToml(toValidatorConfig(plan, validator));
      const ledger = new URL(api.environment?.CORE_LEDGER_URL ?? '');
      const ws = new URL(api.environment?.CORE_LEDGER_WS_URL ?? '');
      expect([ledger.protocol, ledger.hostname, Number(ledger.port)]).toEqual([
        'http:',
        validator.name,
        config['rpc-http-port'],
      ]);
      expect([ws.protocol, ws.hostname, Number(ws.port)]).toEqual([
        'ws:',
        validator.name,
        config['rpc-ws-port'],
      ]);
      expect(config['host-allowlist']).toContain(validator.name);
      expect(api.depends_on).toEqual([validator.name]);
      expect(api.networks).toEqual(['core-besu']);
      expect(api.environment).toMatchObject({
        CORE_ENVIRONMENT: `${API_ENVIRONMENT_DIR}/environment.json`,
        CORE_DATA_DIR: API_DATA_DIR,
        CORE_PUBLIC_URL: `http://localhost:${validator.apiPort}`,
      });
      expect(api.volumes).toEqual([
        `./environment:${API_ENVIRONMENT_DIR}:ro`,
        `api-${validator.index}-data:${API_DATA_DIR}`,
      ]);
      expect(api.ports).toEqual([`${validator.apiPort}:8080`]);
      expect(compose.volumes).toHaveProperty(`api-${validator.index}-data`);
    }
  });
});
