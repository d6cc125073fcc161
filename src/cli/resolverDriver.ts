import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { parseHttpUrl, parseInteger } from '../config.js';
import { createResolverDriver } from './createResolverDriver.js';
import { genesisCheckpoint } from './genesisCheckpoint.js';
import { toListenError } from './listenCheck.js';
import { CliUsageError } from './output.js';
import { parseQuorum } from './parseQuorum.js';

/** The port a driver listens on unless `--port` says otherwise: beside a node's 8080. */
export const DEFAULT_DRIVER_PORT = 8081;

export type ResolverDriverOptions = {
  /** `--node`, else `CORE_NODE_URL`, else the default node URL. */
  node: string;
  /** `--port`: 0 for any free port. */
  port: string | undefined;
  /** `--host` (default `0.0.0.0`, as a driver in a Universal Resolver's containers needs). */
  host: string | undefined;
  /** `--proofs`: each document checked against state proven under the node's header. */
  proofs: boolean;
  /** `--validators <genesis.json>`: the same under headers sealed by its validators. */
  validators: string | undefined;
  /** `--nodes a,b,c`: independent nodes instead, `--quorum M` of which must agree. */
  nodes: string | undefined;
  quorum: string | undefined;
};

/**
 * `core-registry resolver-driver`: serves the Universal Resolver driver API until SIGINT or
 * SIGTERM. Prints one line on stderr once it listens: the address to give a Universal Resolver.
 * @throws {ConfigError} for a malformed `--node` or `--port` (exit 2), or a port it cannot listen
 * on (exit 1).
 */
export async function runResolverDriver(options: ResolverDriverOptions): Promise<void> {
  const node = parseHttpUrl('--node', options.node);
  const port = parseInteger('--port', options.port, DEFAULT_DRIVER_PORT, 0, 65535);
  const host = options.host ?? '0.0.0.0';
  const quorum = quorumOf(options);
  const prove = await proveOf(node, options);
  const server = createResolverDriver({
    node,
    ...(quorum && { quorum }),
    onError: (error) => process.stderr.write(`core-registry: ${inspect(error)}\n`),
    ...(prove && { prove }),
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen({ host, port }, listening);
  }).catch((error: unknown) => {
    throw toListenError(host, port, error);
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const from = quorum ? `${quorum.quorum} of ${quorum.nodes.join(', ')}` : node;
  process.stderr.write(
    `core-registry: resolver driver for ${from} listening on http://${shown}:${address.port}/1.0/identifiers/\n`,
  );
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The nodes that must agree (`--nodes`, `--quorum`); none by default. */
function quorumOf(options: ResolverDriverOptions) {
  if (options.nodes === undefined) {
    if (options.quorum !== undefined) throw new CliUsageError('--quorum goes with --nodes');
    return undefined;
  }
  if (options.proofs || options.validators !== undefined)
    throw new CliUsageError('--proofs and --validators go with --node, not --nodes');
  return parseQuorum(options.nodes, options.quorum);
}

/** The document proofs `--proofs` or `--validators` ask for; none by default. */
async function proveOf(node: string, options: ResolverDriverOptions) {
  if (!options.proofs && options.validators === undefined) return undefined;
  // The EVM and the proof libraries load only for proven resolution.
  const [{ didDocumentProofs }, { createCoreClient }] = await Promise.all([
    import('../client/proofs/index.js'),
    import('../client/createCoreClient.js'),
  ]);
  const checkpoint =
    options.validators === undefined
      ? undefined
      : await genesisCheckpoint(options.validators, createCoreClient({ baseUrl: node }));
  return didDocumentProofs({ node, ...(checkpoint && { checkpoint }) });
}
