import { MAX_VALIDATORS } from '../besu/networkPlan.js';
import type { CommandGroup } from './commandTree.js';
import type { NetworkContext } from './networkContext.js';

/** `core-registry network …`: the ledger network itself (Besu QBFT). */
export const NETWORK_COMMANDS: CommandGroup<NetworkContext> = {
  summary: 'The ledger network: a Besu QBFT network for several operators.',
  options: `Options: --json (one JSON document on stdout: the result, or {"error": {...}}).
  Exit codes: 0 done, 1 a step failed (the message names it), 2 bad usage.`,
  commands: {
    init: {
      summary:
        'Write what it takes to start a Besu QBFT network: genesis, node\nkeys, one Besu config per validator, compose file, README',
      details: `Writes into --out DIR (created; refused if not empty): genesis.json (QBFT, the
validators in extraData, zero base fee, gas limit 1,000,000,000), validator-<n>/key (node key,
mode 0600), key.pub and config.toml (JSON-RPC over HTTP and WebSocket, minimum gas price 0),
validators.json, compose.yaml (the validators and one API node each) and README.md. Nothing is
written unless all of it is. docs/besu.md says what to do next.

  --out DIR                  the folder to write (required)
  --validators N             how many validators, 1 to ${MAX_VALIDATORS} (4: QBFT tolerates one
                             faulty validator from 4 on)
  --chain-id N               the chain id (2026, as the embedded ledger's)
  --block-period-seconds S   seconds between blocks, 1 to 60 (2)
  --operators A,…            the operators who govern the network (their addresses): the
                             README's deploy command sets up their Safe and timelock
  --threshold M, --delay D   how many of them decide (a majority), and the notice period
                             (0; 90s, 30m, 12h, 2d): docs/governance.md`,
      run: async (args, context) => (await import('./networkInit.js')).initNetwork(args, context),
    },
  },
};
