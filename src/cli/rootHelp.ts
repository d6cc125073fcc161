import { ADMIN_COMMANDS } from './admin.js';
import { helpOf } from './commandTree.js';
import { KEYS_COMMANDS } from './keys.js';
import { NETWORK_COMMANDS } from './network.js';
import { CliUsageError } from './output.js';
import { TRQP_COMMANDS } from './trqp.js';
import { WALLET_COMMANDS } from './wallet.js';

const HELP = `Usage: core-registry [command] [options]

Commands:
  serve            Start a registry node (default)
  deploy           Create (or complete) an environment on an external ledger: contracts,
                   defaults, admin policies, the operator DID; writes the environment file
  admin <command>  Operator tasks through a node's API: onboard a DID, grant and revoke
                   policies, add a hash algorithm, accredit and revoke issuers, deploy instances
  wallet <command> A legal entity's wallet: create and register a DID, manage its keys, get
                   tokens, timestamp files, Track and Trace, schemas; as a TAO accredit and
                   revoke issuers; sign credentials
  verify <file|->  Verify a credential (a JWT, a file holding one, or - for stdin) against
                   the registries: issuer, key, signature, accreditation chain, schema,
                   status; exit 0 trusted, 1 untrusted
  trqp <command>   Ask a node ToIP TRQP v2.0 questions: is an entity authorised by an
                   authority to issue or accredit a credential type or schema?
  keys <command>   The node's keys: make a key inside an HSM (PKCS#11); rotate the
                   access-token key without downtime
  network init     Write a Besu QBFT network for several operators: genesis, node keys,
                   Besu configs, a compose file with the validators and one API node each
  resolver-driver  Serve did:core and did:key to a DIF Universal Resolver
                   (GET /1.0/identifiers/{did}), reading did:core from a node
  help [command]   Show this help, or a command's

--help (-h) after any command or subcommand shows its help; --version shows the version.
In a clone of the repository, run it as "npx core-registry".
`;

const SERVE_HELP = `Usage: core-registry serve [options]

Start a registry node: the API and, without --ledger-url, its embedded ledger (genesis on the
first start). On a terminal it prints where the API, its reference, the ledger and the data are,
and readable logs; otherwise the logs are JSON lines.

Options (each overrides its environment variable):
  --port N           PORT             API port (8080)
  --host ADDR        HOST             interface to bind (0.0.0.0)
  --public-url URL   CORE_PUBLIC_URL  base URL used in links (http://localhost:<port>)
  --data-dir DIR     CORE_DATA_DIR    data directory (./.core-registry)
  --ledger-url URL   CORE_LEDGER_URL  external ledger JSON-RPC URL (unset: embedded ledger)
  --ledger-ws-url U  CORE_LEDGER_WS_URL ledger WebSocket for new blocks (the ledger URL as ws;
                     off: ask for the head on each request)
  --ledger-port N    CORE_LEDGER_PORT embedded ledger port on 127.0.0.1 (0: the last start's, or any)
  --ledger-memory-budget M  CORE_LEDGER_MEMORY_BUDGET MiB of embedded ledger memory that logs a
                     warning (half of this machine's)
  --chain-id N       CORE_CHAIN_ID    embedded ledger chain id (2026)
  --block-time S     CORE_BLOCK_TIME  embedded ledger seconds per block while there is work (1)
  --ledger-timeout S CORE_LEDGER_TIMEOUT seconds one ledger call may take (2)
  --environment F    CORE_ENVIRONMENT environment file (<data-dir>/environment.json)
  --log-level L      CORE_LOG_LEVEL   fatal|error|warn|info|debug|trace|silent (info)
  --rate-limit N     CORE_RATE_LIMIT  requests per minute per client, 0 = off (600)
  --trust-proxy V    CORE_TRUST_PROXY proxies whose X-Forwarded-For names the client (none)
  --rpc-gas-cap N    CORE_RPC_GAS_CAP gas of one eth_call/eth_estimateGas (50000000)
  --rpc-batch-gas N  CORE_RPC_BATCH_GAS gas of all calls of one JSON-RPC batch (250000000)
  --replay-store S   CORE_REPLAY_STORE where used presentations are recorded: file (the data
                     dir) or redis://, rediss://, valkey://, valkeys:// URL of a server the
                     nodes behind one public URL share (file)
  --trusted-peers U  CORE_TRUSTED_PEERS other API nodes (comma-separated base URLs) whose
                     access tokens the write gate accepts (none: own tokens only)
  --explorer-peers U CORE_EXPLORER_PEERS other operators' nodes (comma-separated base URLs)
                     the explorer page may read for a quorum of nodes (none: this node only)
  --token-signing-key K CORE_TOKEN_SIGNING_KEY access-token key: a P-256 JWK file or a
                     pkcs11: URI (<data-dir>/auth-signing-key.json); the PIN comes from
                     CORE_PKCS11_PIN or the URI's pin-source=file:, never a flag
  --operator-key K   CORE_OPERATOR_KEY operator key: a record file or a pkcs11: URI of a
                     secp256k1 key (<data-dir>/operator.json, made at the first start)
  --pkcs11-module F  CORE_PKCS11_MODULE PKCS#11 library for pkcs11: keys without module-path
  --operators A,…    CORE_GOVERNANCE_OPERATORS a new environment's governance: the operators
                     whose Safe decides every admin action (none: the operator key alone)
  --threshold M      CORE_GOVERNANCE_THRESHOLD how many operators decide (a majority)
  --delay D          CORE_GOVERNANCE_DELAY notice period of each decision: 90s, 30m, 12h, 2d (0)
  --crypto-workers N CORE_CRYPTO_WORKERS threads that verify and sign beside the event loop,
                     0 = on it (cores - 1 from 3 cores on, else 0)

Exit codes: 1 the node cannot start (the message says why), 2 bad usage.
`;

const DEPLOY_HELP = `Usage: core-registry deploy --ledger-url URL [options]

Create (or complete) an environment on an external ledger (Besu, any Ethereum JSON-RPC node):
the registry contracts, their default instances, the admin policies and the operator DID. Writes
the environment file and prints it. Idempotent: a second run finds every step done.

Give each ledger a data directory of its own (--data-dir): the environment file and operator key
in a directory belong to one chain, such as that of an embedded node started there.

Options:
  --ledger-url URL   CORE_LEDGER_URL  the ledger's JSON-RPC URL (required)
  --data-dir DIR     CORE_DATA_DIR    data directory (./.core-registry)
  --environment F    CORE_ENVIRONMENT environment file (<data-dir>/environment.json)
  --operator-key K   CORE_OPERATOR_KEY operator key: a record file that must exist, or a
                     pkcs11: URI of a secp256k1 key in an HSM (its record <data-dir>/operator.json
                     is made if absent); default <data-dir>/operator.json, created if absent
  --operators A,…    CORE_GOVERNANCE_OPERATORS the operators whose Safe governs the new
                     environment, --threshold M of them (a majority) after --delay D (0);
                     docs/governance.md

Exit codes: 0 done, 1 a step failed (the message says which), 2 bad usage.
`;

/** `core-registry verify --help`. */
const VERIFY_HELP = `Usage: core-registry verify <file|jwt|-> [options]

Verify a credential (a JWT VC) against a node's registries, through its public API only: its
shape, validity window, issuer DID and key (at issuance and now), signature (ES256, ES256K),
accreditation chain in the Issuers Registry up to the Root TAO, schema in the Schemas Registry
and status list (through the issuer's proxy). Prints one line per check (✔ passed, ✘ failed,
– not applicable or not reached), the chain and the verdict. The argument is a file holding
one compact JWT, the JWT itself (header.payload.signature), or "-" to read it from standard
input. An unsecured JWT ("alg": "none", empty signature) is untrusted: its shape check fails.

Options:
  --node URL   the node (default http://localhost:8080, or CORE_NODE_URL)
  --nodes A,B,C  independent operators' nodes instead: every read must be answered alike by
               --quorum M of them (default a majority), or the check it decides fails
  --proofs     check the DID, Issuers and Schemas Registries' answers against state
               proven by EIP-1186 proofs under the node's latest header (a lying node's
               keys, accreditations or schemas are caught)
  --validators G  the same under headers sealed by the validators of the QBFT genesis file G
               (the Besu kit's genesis.json), followed from block 0
  --at T       check the validity window and the issuer's key at this date-time (default now)
  --json       print the trust report as JSON: { verdict, checks[], chain[], reads }; each
               check names the registry read that decided it ("source"); "reads" says how
               reads were established (one node, not proven; M of N nodes agreeing; proven)

Exit codes: 0 trusted, 1 untrusted (a check failed), 2 bad usage.
`;

/** `core-registry resolver-driver --help`. */
const RESOLVER_DRIVER_HELP = `Usage: core-registry resolver-driver [options]

Serve the DIF Universal Resolver driver API for did:core and did:key, so that a Universal
Resolver deployment can include them: GET /1.0/identifiers/{did}[?versionTime=T] answers the
DID resolution result, or with Accept application/did+ld+json (application/did+json) the DID
document alone. did:core documents are read from a node's public DID Registry read
(versionTime becomes its valid-at); did:key (jwk_jcs-pub, P-256 or secp256k1) is resolved here.
Failures answer the resolution result with its error: 400 invalidDid or invalidOptions,
404 notFound, 406 representationNotSupported, 501 methodNotSupported, 500 internalError,
503 when the node does not answer. Prints where it listens on stderr; Ctrl-C stops it.

Options:
  --node URL         CORE_NODE_URL    the node to read did:core from (http://localhost:8080)
  --port N                            port to listen on (8081; 0 = any free port)
  --host ADDR                         interface to bind (0.0.0.0)
  --proofs                            check each did:core document against state proven by
                                      EIP-1186 proofs under the node's header; a document that
                                      differs is an internalError, one that passes says so in
                                      didResolutionMetadata.proof
  --validators G                      the same under headers sealed by the validators of the
                                      QBFT genesis file G (the Besu kit's genesis.json)
  --nodes A,B,C                       independent operators' nodes instead of --node: each
                                      did:core resolution is asked of all, and is the result
                                      --quorum M of them (default a majority) answered alike,
                                      said in didResolutionMetadata.quorum; else internalError

Exit codes: 1 it cannot listen (the message says why), 2 bad usage.
`;

/**
 * The help that `core-registry help <names>` and `core-registry <names> --help` print.
 * @throws {CliUsageError} when a name is not a command.
 */
export function helpFor([command, ...rest]: readonly string[]): string {
  switch (command) {
    case undefined:
    case 'help':
      return HELP;
    case 'serve':
      return SERVE_HELP;
    case 'deploy':
      return DEPLOY_HELP;
    case 'resolver-driver':
      return RESOLVER_DRIVER_HELP;
    case 'admin':
      return helpOf(ADMIN_COMMANDS, ['admin'], rest);
    case 'wallet':
      return helpOf(WALLET_COMMANDS, ['wallet'], rest);
    case 'network':
      return helpOf(NETWORK_COMMANDS, ['network'], rest);
    case 'keys':
      return helpOf(KEYS_COMMANDS, ['keys'], rest);
    case 'trqp':
      return helpOf(TRQP_COMMANDS, ['trqp'], rest);
    case 'verify':
      return VERIFY_HELP;
    default:
      throw unknownCommand(command);
  }
}

/** The usage error of a command the CLI does not have. */
export function unknownCommand(command: string): CliUsageError {
  return new CliUsageError(`Unknown command "${command}": see "npx core-registry help"`);
}
