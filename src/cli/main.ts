#!/usr/bin/env node
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCoreClient } from '../client/createCoreClient.js';
import {
  CONFIG_FLAGS,
  type ConfigInput,
  type ConfigVariable,
  DEFAULT_DATA_DIR,
  parseConfig,
  parseHttpUrl,
} from '../config.js';
import { isPkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { ADMIN_COMMANDS } from './admin.js';
import { runGroup } from './commandTree.js';
import { parseContractAddress } from './instance.js';
import { KEYS_COMMANDS } from './keys.js';
import { NETWORK_COMMANDS } from './network.js';
import { CliUsageError, createOutput } from './output.js';
import { reportFailure } from './reportFailure.js';
import { helpFor, unknownCommand } from './rootHelp.js';
import { TRQP_COMMANDS } from './trqp.js';
import { readVersion } from './version.js';
import { WALLET_COMMANDS } from './wallet.js';

const DEFAULT_NODE_URL = 'http://localhost:8080';

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  node: { type: 'string' },
  json: { type: 'boolean' },
  wallet: { type: 'string' },
  credential: { type: 'string' },
  curve: { type: 'string' },
  relationship: { type: 'string' },
  name: { type: 'string' },
  types: { type: 'string' },
  schema: { type: 'string' },
  'contract-address': { type: 'string' },
  out: { type: 'string' },
  // network init: how many validators; verify: a QBFT genesis file whose validators it trusts.
  validators: { type: 'string' },
  'block-period-seconds': { type: 'string' },
  at: { type: 'string' },
  nodes: { type: 'string' },
  quorum: { type: 'string' },
  proofs: { type: 'boolean' },
  to: { type: 'string' },
  'drop-previous': { type: 'boolean' },
  pkcs11: { type: 'string' },
  ...(Object.fromEntries(
    Object.values(CONFIG_FLAGS).map((flag) => [flag.slice(2), { type: 'string' }]),
  ) as Record<ConfigFlagName, { type: 'string' }>),
} as const;

type ConfigFlagName = (typeof CONFIG_FLAGS)[ConfigVariable] extends `--${infer name}`
  ? name
  : never;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: OPTIONS,
  });
  if (values.version) {
    process.stdout.write(`${readVersion()}\n`);
    return;
  }
  const [command = 'serve', ...args] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(helpFor(command === 'help' ? args : positionals));
    return;
  }
  if (command === 'wallet')
    return runGroup(WALLET_COMMANDS, ['wallet'], args, walletContext(values));
  if (command === 'admin') return runGroup(ADMIN_COMMANDS, ['admin'], args, adminContext(values));
  if (command === 'keys')
    return runGroup(KEYS_COMMANDS, ['keys'], args, {
      config: parseConfig(process.env, configOverrides(values)),
      output: createOutput(values.json === true),
      to: values.to,
      dropPrevious: values['drop-previous'] === true,
      curve: values.curve,
    });
  if (command === 'verify') {
    // Untrusted is an answer, not a failure: exit 1 without an error message.
    const { runVerify } = await import('./verify.js');
    process.exitCode = await runVerify(args, {
      ...commonContext(values),
      at: values.at,
      nodes: values.nodes,
      quorum: values.quorum,
      proofs: values.proofs === true,
      validators: values.validators,
    });
    return;
  }
  if (command === 'trqp')
    return runGroup(TRQP_COMMANDS, ['trqp'], args, { ...commonContext(values), at: values.at });
  if (command === 'network')
    return runGroup(NETWORK_COMMANDS, ['network'], args, {
      output: createOutput(values.json === true),
      out: values.out,
      validators: values.validators,
      chainId: values['chain-id'],
      blockPeriodSeconds: values['block-period-seconds'],
      governance: { operators: values.operators, threshold: values.threshold, delay: values.delay },
    });
  if (command === 'resolver-driver') {
    if (args.length > 0)
      throw new CliUsageError(
        'resolver-driver takes options only: see "npx core-registry resolver-driver --help"',
      );
    const { runResolverDriver } = await import('./resolverDriver.js');
    return runResolverDriver({
      node: nodeUrlOf(values),
      port: values.port,
      host: values.host,
      proofs: values.proofs === true,
      validators: values.validators,
      nodes: values.nodes,
      quorum: values.quorum,
    });
  }
  if (command !== 'serve' && command !== 'deploy') throw unknownCommand(command);
  if (args.length > 0)
    throw new CliUsageError(
      `${command} takes options only: see "npx core-registry ${command} --help"`,
    );
  const config = parseConfig(process.env, configOverrides(values));
  // The server and genesis load only for the commands that run them: the others start faster.
  if (command === 'serve') return (await import('./serveCommand.js')).serve(config, readVersion());
  const { deploy } = await import('./deploy.js');
  const environment = await deploy({
    config,
    // A record file given must exist; an HSM key's record is made in the data dir on first use.
    operatorKeyPath: isPkcs11Uri(config.operatorKey) ? undefined : values['operator-key'],
    log: (message) => console.error(`core-registry: ${message}`),
  });
  console.error(`core-registry: environment written to ${config.environmentPath}`);
  process.stdout.write(`${JSON.stringify(environment, null, 2)}\n`);
}

/** The settings of `serve` and `deploy` given as flags, by their environment variable. */
function configOverrides(values: Values): ConfigInput {
  const overrides: ConfigInput = {};
  for (const [variable, flag] of Object.entries(CONFIG_FLAGS)) {
    const value = values[flag.slice(2) as ConfigFlagName];
    if (value !== undefined) overrides[variable as ConfigVariable] = value;
  }
  return overrides;
}

/** The node a command talks to: `--node`, else `CORE_NODE_URL`, else the default; an http(s) URL. */
function nodeUrlOf(values: Values): string {
  if (values.node !== undefined) return parseHttpUrl('--node', values.node);
  return process.env.CORE_NODE_URL
    ? parseHttpUrl('CORE_NODE_URL', process.env.CORE_NODE_URL)
    : DEFAULT_NODE_URL;
}

/** What every wallet and admin command shares: the node (checked to be an http(s) URL) and the output. */
function commonContext(values: Values) {
  const baseUrl = nodeUrlOf(values);
  return {
    client: createCoreClient({ baseUrl: baseUrl.replace(/\/+$/, '') }),
    output: createOutput(values.json === true),
    contractAddress: parseContractAddress(values['contract-address']),
  };
}

function walletContext(values: Values) {
  return {
    ...commonContext(values),
    walletPath: values.wallet ?? process.env.CORE_WALLET ?? 'wallet.json',
    credential: values.credential,
    pkcs11: values.pkcs11,
    curve: values.curve,
    relationship: values.relationship,
    name: values.name,
    types: values.types,
    schema: values.schema,
  };
}

function adminContext(values: Values) {
  const dataDir = values['data-dir'] ?? process.env.CORE_DATA_DIR ?? DEFAULT_DATA_DIR;
  return {
    ...commonContext(values),
    operatorKey: {
      key:
        values['operator-key'] ?? process.env.CORE_OPERATOR_KEY ?? join(dataDir, 'operator.json'),
      recordPath: join(dataDir, 'operator.json'),
      pkcs11: {
        modulePath: values['pkcs11-module'] ?? process.env.CORE_PKCS11_MODULE,
        pin: process.env.CORE_PKCS11_PIN || undefined,
      },
    },
    dataDir,
    to: values.to,
    ledgerUrl: values['ledger-url'] ?? process.env.CORE_LEDGER_URL,
    environmentPath: values.environment ?? process.env.CORE_ENVIRONMENT,
    types: values.types,
    schema: values.schema,
  };
}

const argv = process.argv.slice(2);
main(argv).catch((error: unknown) => {
  process.exit(reportFailure(error, argv.includes('--json'), process));
});
