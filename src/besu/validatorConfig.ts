import { type BesuValidator, bootnodesOf, type NetworkPlan } from './networkPlan.js';

/** Where a validator's folder (key, config, data) is mounted in its container. */
export const BESU_NODE_DIR = '/opt/besu/node';
/** Where the network's genesis file is mounted in every validator's container. */
export const BESU_GENESIS_FILE = '/opt/besu/network/genesis.json';
/** The JSON-RPC APIs a validator serves: ours need ETH, NET, WEB3; QBFT votes on validators. */
export const BESU_RPC_APIS = ['ETH', 'NET', 'WEB3', 'QBFT'] as const;

/**
 * A validator's Besu configuration file (TOML, option names without `--`): its key, data and the
 * genesis at the container paths of the compose file; JSON-RPC over HTTP and WebSocket (the node
 * subscribes to `newHeads`) on all interfaces, answering only the host names it is reached by;
 * free gas (minimum gas price 0, for blocks and the pool; no price bump, which Besu refuses with
 * `zeroBaseFee`); full sync, which BFT networks need; the first validators as bootnodes. It
 * advertises its compose address with NAT detection off: enode URLs carry IPs, not host names,
 * and Besu's Docker NAT mode would advertise the host's address instead.
 * - Besu: https://besu.hyperledger.org/public-networks/reference/cli/options,
 *   https://besu.hyperledger.org/private-networks/how-to/configure/free-gas
 */
export function toValidatorConfig(plan: NetworkPlan, validator: BesuValidator): string {
  const settings: [string, string | number | boolean | readonly string[]][] = [
    ['data-path', `${BESU_NODE_DIR}/data`],
    ['genesis-file', BESU_GENESIS_FILE],
    ['node-private-key-file', `${BESU_NODE_DIR}/key`],
    ['sync-mode', 'FULL'],
    ['min-gas-price', 0],
    ['tx-pool-min-gas-price', 0],
    ['p2p-host', validator.ip],
    ['p2p-interface', '0.0.0.0'],
    ['p2p-port', validator.p2pPort],
    ['nat-method', 'NONE'],
    ['bootnodes', bootnodesOf(plan, validator)],
    ['rpc-http-enabled', true],
    ['rpc-http-host', '0.0.0.0'],
    ['rpc-http-port', validator.rpcHttpPort],
    ['rpc-http-api', BESU_RPC_APIS],
    ['rpc-ws-enabled', true],
    ['rpc-ws-host', '0.0.0.0'],
    ['rpc-ws-port', validator.rpcWsPort],
    ['rpc-ws-api', BESU_RPC_APIS],
    ['host-allowlist', ['localhost', '127.0.0.1', validator.name]],
  ];
  return [
    `# Besu configuration of ${validator.name} (${validator.address}), written by`,
    '# "core-registry network init". Paths are those of its container (compose.yaml).',
    ...settings.map(([name, value]) => `${name}=${toTomlValue(value)}`),
    '',
  ].join('\n');
}

/** JSON's string escapes are TOML's basic-string escapes, and its numbers and booleans TOML's. */
function toTomlValue(value: string | number | boolean | readonly string[]): string {
  return Array.isArray(value)
    ? `[${value.map((item) => JSON.stringify(item)).join(',')}]`
    : JSON.stringify(value);
}
