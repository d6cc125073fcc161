import { parse } from 'smol-toml';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { type BesuValidator, planNetwork } from './networkPlan.js';
import { BESU_GENESIS_FILE, BESU_NODE_DIR, toValidatorConfig } from './validatorConfig.js';

/**
 * Options of Besu's CLI reference (https://besu.hyperledger.org/public-networks/reference/cli/options),
 * whose configuration-file names are the option names without `--`
 * (https://besu.hyperledger.org/public-networks/how-to/configure-besu): a misspelt name makes
 * Besu refuse to start, so every name written must be one of these.
 */
const DOCUMENTED_OPTIONS = new Set([
  'bootnodes',
  'data-path',
  'genesis-file',
  'host-allowlist',
  'min-gas-price',
  'nat-method',
  'node-private-key-file',
  'p2p-host',
  'p2p-interface',
  'p2p-port',
  'rpc-http-api',
  'rpc-http-enabled',
  'rpc-http-host',
  'rpc-http-port',
  'rpc-ws-api',
  'rpc-ws-enabled',
  'rpc-ws-host',
  'rpc-ws-port',
  'sync-mode',
  'tx-pool-min-gas-price',
]);

const plan = planNetwork({
  chainId: 2026,
  blockPeriodSeconds: 2,
  privateKeys: Array.from({ length: 4 }, () => generatePrivateKey()),
});
const [first, second, third] = plan.validators as [BesuValidator, BesuValidator, BesuValidator];

describe('toValidatorConfig', () => {
  test('default: TOML that parses, with documented option names only', () => {
    for (const validator of plan.validators) {
      const config = parse(toValidatorConfig(plan, validator));
      for (const name of Object.keys(config)) expect(DOCUMENTED_OPTIONS, name).toContain(name);
    }
  });

  test('behavior: its key, data and the genesis at the container paths; its own ports', () => {
    const validator = third;
    expect(parse(toValidatorConfig(plan, validator))).toMatchObject({
      'data-path': `${BESU_NODE_DIR}/data`,
      'genesis-file': BESU_GENESIS_FILE,
      'node-private-key-file': `${BESU_NODE_DIR}/key`,
      'p2p-host': validator.ip,
      'p2p-interface': '0.0.0.0',
      'p2p-port': validator.p2pPort,
      'nat-method': 'NONE',
      'rpc-http-enabled': true,
      'rpc-http-host': '0.0.0.0',
      'rpc-http-port': validator.rpcHttpPort,
      'rpc-ws-enabled': true,
      'rpc-ws-host': '0.0.0.0',
      'rpc-ws-port': validator.rpcWsPort,
      'host-allowlist': ['localhost', '127.0.0.1', 'validator-3'],
      bootnodes: [first.enode, second.enode],
    });
  });

  test('behavior: QBFT votes and the node’s APIs over both transports; free gas; full sync', () => {
    const config = parse(toValidatorConfig(plan, first));
    const apis = ['ETH', 'NET', 'WEB3', 'QBFT'];
    expect(config).toMatchObject({
      'rpc-http-api': apis,
      'rpc-ws-api': apis,
      'min-gas-price': 0,
      'tx-pool-min-gas-price': 0,
      'sync-mode': 'FULL',
    });
    // Besu refuses a price bump on a zeroBaseFee chain (besu-eth/besu-docs#1458).
    expect(config).not.toHaveProperty('tx-pool-price-bump');
  });
});
