#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { type ConfigInput, parseConfig } from '../config.js';
import { CoreError } from '../errors/base.js';
import { ConfigError } from '../errors/config.js';
import { deploy } from './deploy.js';
import { startNode } from './serve.js';

const HELP = `Usage: core-registry [command] [options]

Commands:
  serve            Start a registry node (default)
  deploy           Create (or complete) an environment on a ledger: contracts, defaults,
                   admin policies, the operator DID; writes the environment file
  help             Show this help

Options of serve (each overrides its environment variable):
  --port N           PORT             API port (8080)
  --host ADDR        HOST             interface to bind (0.0.0.0)
  --public-url URL   CORE_PUBLIC_URL  base URL used in links (http://localhost:<port>)
  --data-dir DIR     CORE_DATA_DIR    data directory (./.core-registry)
  --ledger-url URL   CORE_LEDGER_URL  external ledger JSON-RPC URL (unset: embedded ledger)
  --chain-id N       CORE_CHAIN_ID    embedded ledger chain id (2026)
  --block-time S     CORE_BLOCK_TIME  embedded ledger seconds per block, fractions allowed (1)
  --environment F    CORE_ENVIRONMENT environment file (<data-dir>/environment.json)
  --log-level L      CORE_LOG_LEVEL   fatal|error|warn|info|debug|trace|silent (info)

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
  environment: 'CORE_ENVIRONMENT',
  'log-level': 'CORE_LOG_LEVEL',
} as const;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      'operator-key': { type: 'string' },
      ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  const command = positionals[0] ?? 'serve';
  if (values.help || command === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (command !== 'serve' && command !== 'deploy') {
    throw new ConfigError('command', `Unknown command "${command}": see "core-registry help"`);
  }

  const overrides: ConfigInput = {};
  for (const [flag, variable] of Object.entries(FLAGS)) {
    const value = values[flag as keyof typeof values];
    if (typeof value === 'string') overrides[variable] = value;
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
  if (error instanceof CoreError) {
    console.error(`core-registry: ${error.message}`);
  } else {
    console.error('core-registry:', error);
  }
  process.exit(1);
});
