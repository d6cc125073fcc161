#!/usr/bin/env node
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCoreClient } from '../client/createCoreClient.js';
import { type ConfigInput, DEFAULT_DATA_DIR, parseConfig } from '../config.js';
import { CoreError } from '../errors/base.js';
import { runAdmin } from './admin.js';
import { deploy } from './deploy.js';
import { parseContractAddress } from './instance.js';
import { CliStepError, CliUsageError, createOutput } from './output.js';
import { startNode } from './serve.js';
import { runWallet } from './wallet.js';

const DEFAULT_NODE_URL = 'http://localhost:8080';

const HELP = `Usage: core-registry [command] [options]

Commands:
  serve            Start a registry node (default)
  deploy           Create (or complete) an environment on a ledger: contracts, defaults,
                   admin policies, the operator DID; writes the environment file
  admin <command>  Operator tasks through a node's API: onboard a DID, add a hash algorithm
                   ("core-registry admin" lists them)
  wallet <command> A legal entity's wallet: create a DID, register it, get tokens,
                   timestamp files ("core-registry wallet" lists them)
  help             Show this help

Options of admin and wallet: --node URL (CORE_NODE_URL, http://localhost:8080), --json
  (one JSON document on stdout, nothing on stderr), --wallet F, --operator-key F, --data-dir,
  --contract-address A (an instance other than the default, for admin hash-algorithm, grant,
  revoke and wallet timestamp, verify; the token gets the instance suffix).
  Exit codes: 0 done, 1 a step failed (the message names it), 2 bad usage.

Options of serve (each overrides its environment variable):
  --port N           PORT             API port (8080)
  --host ADDR        HOST             interface to bind (0.0.0.0)
  --public-url URL   CORE_PUBLIC_URL  base URL used in links (http://localhost:<port>)
  --data-dir DIR     CORE_DATA_DIR    data directory (./.core-registry)
  --ledger-url URL   CORE_LEDGER_URL  external ledger JSON-RPC URL (unset: embedded ledger)
  --chain-id N       CORE_CHAIN_ID    embedded ledger chain id (2026)
  --block-time S     CORE_BLOCK_TIME  embedded ledger seconds per block while there is work (1)
  --ledger-timeout S CORE_LEDGER_TIMEOUT seconds one ledger call may take (2)
  --environment F    CORE_ENVIRONMENT environment file (<data-dir>/environment.json)
  --log-level L      CORE_LOG_LEVEL   fatal|error|warn|info|debug|trace|silent (info)
  --rate-limit N     CORE_RATE_LIMIT  requests per minute per client, 0 = off (600)
  --trust-proxy V    CORE_TRUST_PROXY proxies whose X-Forwarded-For names the client (none)
  --rpc-gas-cap N    CORE_RPC_GAS_CAP gas of one eth_call/eth_estimateGas (50000000)
  --rpc-batch-gas N  CORE_RPC_BATCH_GAS gas of all calls of one JSON-RPC batch (250000000)

Options of deploy: --ledger-url (required), --data-dir, --environment, and
  --operator-key F   operator key file (default <data-dir>/operator.json, created if absent)
`;

const FLAGS = {
  port: 'PORT',
  host: 'HOST',
  'public-url': 'CORE_PUBLIC_URL',
  'data-dir': 'CORE_DATA_DIR',
  'ledger-url': 'CORE_LEDGER_URL',
  'chain-id': 'CORE_CHAIN_ID',
  'block-time': 'CORE_BLOCK_TIME',
  'ledger-timeout': 'CORE_LEDGER_TIMEOUT',
  environment: 'CORE_ENVIRONMENT',
  'log-level': 'CORE_LOG_LEVEL',
  'rate-limit': 'CORE_RATE_LIMIT',
  'trust-proxy': 'CORE_TRUST_PROXY',
  'rpc-gas-cap': 'CORE_RPC_GAS_CAP',
  'rpc-batch-gas': 'CORE_RPC_BATCH_GAS',
} as const;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      'operator-key': { type: 'string' },
      node: { type: 'string' },
      json: { type: 'boolean' },
      wallet: { type: 'string' },
      credential: { type: 'string' },
      curve: { type: 'string' },
      relationship: { type: 'string' },
      'contract-address': { type: 'string' },
      ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  const flag = (name: keyof typeof FLAGS): string | undefined => {
    const value = (values as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const command = positionals[0] ?? 'serve';
  if (values.help || command === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (command === 'admin' || command === 'wallet') {
    const client = createCoreClient({
      baseUrl: (values.node ?? process.env.CORE_NODE_URL ?? DEFAULT_NODE_URL).replace(/\/+$/, ''),
    });
    const output = createOutput(values.json === true);
    const contractAddress = parseContractAddress(values['contract-address']);
    const args = positionals.slice(1);
    if (command === 'wallet') {
      await runWallet(args, {
        client,
        output,
        walletPath: values.wallet ?? process.env.CORE_WALLET ?? 'wallet.json',
        credential: values.credential,
        curve: values.curve,
        relationship: values.relationship,
        contractAddress,
      });
    } else {
      const dataDir = flag('data-dir') ?? process.env.CORE_DATA_DIR ?? DEFAULT_DATA_DIR;
      await runAdmin(args, {
        client,
        output,
        operatorKeyPath: values['operator-key'] ?? join(dataDir, 'operator.json'),
        dataDir,
        ledgerUrl: flag('ledger-url') ?? process.env.CORE_LEDGER_URL,
        environmentPath: flag('environment') ?? process.env.CORE_ENVIRONMENT,
        contractAddress,
      });
    }
    return;
  }
  if (command !== 'serve' && command !== 'deploy') {
    throw new CliUsageError(`Unknown command "${command}": see "core-registry help"`);
  }

  const overrides: ConfigInput = {};
  for (const [name, variable] of Object.entries(FLAGS)) {
    const value = flag(name as keyof typeof FLAGS);
    if (value !== undefined) overrides[variable] = value;
  }
  const config = parseConfig(process.env, overrides);
  if (command === 'deploy') {
    const environment = await deploy({
      config,
      operatorKeyPath: values['operator-key'],
      log: (message) => console.error(`core-registry: ${message}`),
    });
    console.error(`core-registry: environment written to ${config.environmentPath}`);
    process.stdout.write(`${JSON.stringify(environment, null, 2)}\n`);
    return;
  }
  const node = await startNode(config);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    node.app.log.info({ signal }, 'stopping');
    await node.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliUsageError || isParseArgsError(error)) {
    console.error(`core-registry: ${(error as Error).message}`);
    process.exit(2);
  }
  if (error instanceof CoreError || error instanceof CliStepError) {
    console.error(`core-registry: ${error.message}`);
  } else {
    console.error('core-registry:', error);
  }
  process.exit(1);
});

/** node:util parseArgs rejects unknown or malformed options with these codes. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
