import { pino } from 'pino';
import type { Config } from '../config.js';
import { EXPLORER_PATH } from '../explorer/routes.js';
import { createReadableLog } from './readableLog.js';
import { type RunningNode, startNode } from './serve.js';

/**
 * `core-registry serve`: starts a node and stops it on SIGINT or SIGTERM. On a terminal the logs
 * are readable lines and a banner says where everything is; elsewhere (a service manager, a
 * pipe) the logs stay JSON lines and the same facts are one `serving` line.
 */
export async function serve(config: Config, version: string): Promise<void> {
  const terminal = process.stdout.isTTY === true;
  const logger = terminal
    ? pino({ level: config.logLevel }, createReadableLog(process.stdout))
    : pino({ level: config.logLevel });
  const node = await startNode(config, logger);
  const facts = factsOf(node, config);
  if (terminal) process.stdout.write(toBanner(facts, version));
  else node.app.log.info(facts, 'serving');

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

/** What an operator needs to know once the node serves. */
function factsOf(node: RunningNode, config: Config) {
  return {
    api: `${config.publicUrl}/v1`,
    reference: `${config.publicUrl}/v1/reference/`,
    explorer: `${config.publicUrl}${EXPLORER_PATH}`,
    listening: `${config.host}:${new URL(node.url).port}`,
    ledger: node.ledgerUrl,
    embedded: node.embedded !== undefined,
    chainId: node.environment.chainId,
    operatorDid: node.environment.operatorDid,
    dataDir: config.dataDir,
  };
}

function toBanner(facts: ReturnType<typeof factsOf>, version: string): string {
  return `
core-registry ${version} is serving
  API         ${facts.api}   (listening on ${facts.listening})
  reference   ${facts.reference}
  explorer    ${facts.explorer}
  ledger      ${facts.ledger}   (${facts.embedded ? 'embedded' : 'external'}, chain id ${facts.chainId})
  operator    ${facts.operatorDid}
  data dir    ${facts.dataDir}
Ctrl-C stops the node.

`;
}
