import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from './errors/config.js';
import { type GovernancePlan, parseGovernancePlan } from './governance/governancePlan.js';

/** The data directory when `CORE_DATA_DIR` is unset, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.core-registry';
/** The chain id when `CORE_CHAIN_ID` is unset (the embedded ledger's, and `network init`'s). */
export const DEFAULT_CHAIN_ID = 2026;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Everything a node needs to know, resolved once at boot.
 * - Design: DESIGN.md §8
 */
export type Config = {
  /** TCP port of the API (`PORT`, default 8080). */
  port: number;
  /** Interface the API binds to (`HOST`, default `0.0.0.0`). */
  host: string;
  /** Base URL used in links (`CORE_PUBLIC_URL`, default `http://localhost:<port>`), no trailing slash. */
  publicUrl: string;
  /** Data directory (`CORE_DATA_DIR`, default `./.core-registry`), absolute. */
  dataDir: string;
  /** External ledger JSON-RPC URL (`CORE_LEDGER_URL`); `undefined` starts the embedded ledger. */
  ledgerUrl: string | undefined;
  /**
   * The ledger's WebSocket endpoint, where the node subscribes to new blocks
   * (`CORE_LEDGER_WS_URL`; default: the ledger URL with a ws scheme, which anvil and the embedded
   * ledger serve; `off`: look the head up on each request instead).
   */
  ledgerWsUrl: string | false | undefined;
  /**
   * Port of the embedded ledger's JSON-RPC endpoint on 127.0.0.1 (`CORE_LEDGER_PORT`; default 0:
   * the port it had at the last start, else one the system chooses). Other nodes of this machine
   * that share this node's ledger point `CORE_LEDGER_URL` at it.
   */
  ledgerPort: number;
  /**
   * Resident memory of the embedded ledger above which the node logs a warning, MiB
   * (`CORE_LEDGER_MEMORY_BUDGET`; default half of this machine's memory).
   */
  ledgerMemoryBudgetMiB: number;
  /** Chain id of the embedded ledger (`CORE_CHAIN_ID`, default 2026). */
  chainId: number;
  /** Embedded ledger block interval in seconds, fractions allowed (`CORE_BLOCK_TIME`, default 1). */
  blockTime: number;
  /**
   * Deadline of one ledger call of the API in milliseconds (`CORE_LEDGER_TIMEOUT`, seconds,
   * fractions allowed, default 2): a hung ledger answers 503 within it.
   */
  ledgerTimeoutMs: number;
  /** Path of an environment file (`CORE_ENVIRONMENT`); default `<dataDir>/environment.json`. */
  environmentPath: string;
  /** Log level (`CORE_LOG_LEVEL`, default `info`). */
  logLevel: LogLevel;
  /** Requests one client may send per minute (`CORE_RATE_LIMIT`, default 600; 0 turns it off). */
  rateLimit: number;
  /**
   * Which proxies' `X-Forwarded-For` names the client (`CORE_TRUST_PROXY`: `true` or
   * comma-separated addresses/CIDRs; default none), so that the rate limit counts clients, not
   * the proxy.
   */
  trustProxy: boolean | string[];
  /** Gas one `eth_call` or `eth_estimateGas` may use (`CORE_RPC_GAS_CAP`, default 50,000,000). */
  rpcGasCap: bigint;
  /** Gas the calls of one JSON-RPC batch may use together (`CORE_RPC_BATCH_GAS`, default 250,000,000). */
  rpcBatchGas: bigint;
  /**
   * Where used presentations are recorded (`CORE_REPLAY_STORE`): `undefined` (unset or `file`)
   * for this node's data directory; a `redis://` or `rediss://` URL (`valkey://`, `valkeys://`
   * accepted) for a Redis or Valkey server that nodes behind one public URL share.
   */
  replayStoreUrl: string | undefined;
  /**
   * Other API nodes whose access tokens this node's write gate accepts (`CORE_TRUSTED_PEERS`:
   * comma-separated base URLs at which this node reaches them; default none: its own tokens only).
   */
  trustedPeers: string[];
  /**
   * Other operators' nodes the explorer page may read besides this one, for its quorum of nodes
   * (`CORE_EXPLORER_PEERS`: comma-separated base URLs; their origins join the page's
   * Content-Security-Policy `connect-src`; default none: this node only).
   */
  explorerPeers: string[];
  /**
   * Threads that verify and sign beside the event loop (`CORE_CRYPTO_WORKERS`; 0 verifies and
   * signs on the event loop). Default: one per core beyond the first from 3 cores on; none on 2,
   * where the second core already runs the ledger and the journal (measured: no gain, docs/operators.md).
   */
  cryptoWorkers: number;
  /**
   * The access-token signing key (`CORE_TOKEN_SIGNING_KEY`): a P-256 private JWK file, created on
   * first use (default `<dataDir>/auth-signing-key.json`), or an RFC 7512 `pkcs11:` URI of a key in
   * an HSM (docs/operators.md, "Keys").
   */
  tokenSigningKey: string;
  /**
   * The operator's key (`CORE_OPERATOR_KEY`): an operator record file (default
   * `<dataDir>/operator.json`, created with a new key at the first start of an embedded node or
   * `deploy`), or an RFC 7512 `pkcs11:` URI of a secp256k1 key in an HSM, whose record is then
   * `<dataDir>/operator.json` (docs/operators.md, "Keys").
   */
  operatorKey: string;
  /**
   * A consortium's governance, set up by a new environment's genesis (`CORE_GOVERNANCE_OPERATORS`,
   * `_THRESHOLD`, `_DELAY`; docs/governance.md). Absent: the operator's key governs alone.
   */
  governance: GovernancePlan | undefined;
  /** Where PKCS#11 keys come from when their URI does not say: the library and the PIN. */
  pkcs11: { modulePath: string | undefined; pin: string | undefined };
};

/** Configuration inputs by environment variable name; CLI flags are mapped onto the same names. */
export type ConfigInput = Partial<Record<ConfigVariable, string | undefined>>;

/** Every configuration variable, with the flag of `core-registry serve` and `deploy` that sets it. */
export const CONFIG_FLAGS = {
  PORT: '--port',
  HOST: '--host',
  CORE_PUBLIC_URL: '--public-url',
  CORE_DATA_DIR: '--data-dir',
  CORE_LEDGER_URL: '--ledger-url',
  CORE_LEDGER_WS_URL: '--ledger-ws-url',
  CORE_LEDGER_PORT: '--ledger-port',
  CORE_LEDGER_MEMORY_BUDGET: '--ledger-memory-budget',
  CORE_CHAIN_ID: '--chain-id',
  CORE_BLOCK_TIME: '--block-time',
  CORE_LEDGER_TIMEOUT: '--ledger-timeout',
  CORE_ENVIRONMENT: '--environment',
  CORE_LOG_LEVEL: '--log-level',
  CORE_RATE_LIMIT: '--rate-limit',
  CORE_TRUST_PROXY: '--trust-proxy',
  CORE_RPC_GAS_CAP: '--rpc-gas-cap',
  CORE_RPC_BATCH_GAS: '--rpc-batch-gas',
  CORE_REPLAY_STORE: '--replay-store',
  CORE_TRUSTED_PEERS: '--trusted-peers',
  CORE_EXPLORER_PEERS: '--explorer-peers',
  CORE_CRYPTO_WORKERS: '--crypto-workers',
  CORE_TOKEN_SIGNING_KEY: '--token-signing-key',
  CORE_OPERATOR_KEY: '--operator-key',
  CORE_GOVERNANCE_OPERATORS: '--operators',
  CORE_GOVERNANCE_THRESHOLD: '--threshold',
  CORE_GOVERNANCE_DELAY: '--delay',
  CORE_PKCS11_MODULE: '--pkcs11-module',
} as const satisfies Record<string, `--${string}`>;
export type ConfigVariable = keyof typeof CONFIG_FLAGS;

/** Comma-separated http(s) base URLs, without trailing slashes; none when unset. */
function parseUrlList(name: string, value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '')
    .map((url) => parseHttpUrl(name, url).replace(/\/+$/, ''));
}

/**
 * Builds the configuration from environment variables, with `overrides` (CLI flags) winning.
 * @throws {ConfigError} when a value is malformed, naming its flag when an override set it.
 */
export function parseConfig(env: ConfigInput, overrides: ConfigInput = {}): Config {
  const input: ConfigInput = { ...env };
  const flagged = new Set<ConfigVariable>();
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    input[name as ConfigVariable] = value;
    flagged.add(name as ConfigVariable);
  }
  const setting = (name: ConfigVariable) => (flagged.has(name) ? CONFIG_FLAGS[name] : name);
  const value = (name: ConfigVariable) => {
    const raw = input[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const port = parseInteger(setting('PORT'), value('PORT'), 8080, 0, 65535);
  const dataDir = resolve(value('CORE_DATA_DIR') ?? DEFAULT_DATA_DIR);
  const ledgerUrl = value('CORE_LEDGER_URL');
  if (ledgerUrl !== undefined) parseHttpUrl(setting('CORE_LEDGER_URL'), ledgerUrl);
  const ledgerWsUrl = parseWsUrl(setting('CORE_LEDGER_WS_URL'), value('CORE_LEDGER_WS_URL'));
  const publicUrl = parseHttpUrl(
    setting('CORE_PUBLIC_URL'),
    value('CORE_PUBLIC_URL') ?? `http://localhost:${port}`,
  ).replace(/\/+$/, '');
  const blockTime = parseSeconds(setting('CORE_BLOCK_TIME'), value('CORE_BLOCK_TIME'), 1);
  const ledgerTimeout = parseSeconds(
    setting('CORE_LEDGER_TIMEOUT'),
    value('CORE_LEDGER_TIMEOUT'),
    2,
  );
  const logLevel = (value('CORE_LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    const name = setting('CORE_LOG_LEVEL');
    throw new ConfigError(name, `"${name}" must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const environment = value('CORE_ENVIRONMENT');
  const governance = parseGovernance(setting, value);
  return {
    port,
    host: value('HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir,
    ledgerUrl,
    ledgerWsUrl,
    ledgerPort: parseInteger(setting('CORE_LEDGER_PORT'), value('CORE_LEDGER_PORT'), 0, 0, 65535),
    ledgerMemoryBudgetMiB: parseInteger(
      setting('CORE_LEDGER_MEMORY_BUDGET'),
      value('CORE_LEDGER_MEMORY_BUDGET'),
      Math.floor(totalmem() / 2 ** 21),
      1,
      2 ** 31 - 1,
    ),
    chainId: parseInteger(
      setting('CORE_CHAIN_ID'),
      value('CORE_CHAIN_ID'),
      DEFAULT_CHAIN_ID,
      1,
      2 ** 53 - 1,
    ),
    blockTime,
    ledgerTimeoutMs: Math.round(ledgerTimeout * 1000),
    environmentPath: environment ? resolve(environment) : resolve(dataDir, 'environment.json'),
    logLevel,
    rateLimit: parseInteger(
      setting('CORE_RATE_LIMIT'),
      value('CORE_RATE_LIMIT'),
      600,
      0,
      2 ** 31 - 1,
    ),
    trustProxy: parseTrustProxy(setting('CORE_TRUST_PROXY'), value('CORE_TRUST_PROXY')),
    rpcGasCap: BigInt(
      parseInteger(
        setting('CORE_RPC_GAS_CAP'),
        value('CORE_RPC_GAS_CAP'),
        50_000_000,
        21_000,
        2 ** 53 - 1,
      ),
    ),
    rpcBatchGas: BigInt(
      parseInteger(
        setting('CORE_RPC_BATCH_GAS'),
        value('CORE_RPC_BATCH_GAS'),
        250_000_000,
        21_000,
        2 ** 53 - 1,
      ),
    ),
    replayStoreUrl: parseReplayStore(setting('CORE_REPLAY_STORE'), value('CORE_REPLAY_STORE')),
    trustedPeers: parseUrlList(setting('CORE_TRUSTED_PEERS'), value('CORE_TRUSTED_PEERS')),
    explorerPeers: parseUrlList(setting('CORE_EXPLORER_PEERS'), value('CORE_EXPLORER_PEERS')),
    cryptoWorkers: parseInteger(
      setting('CORE_CRYPTO_WORKERS'),
      value('CORE_CRYPTO_WORKERS'),
      defaultCryptoWorkers(),
      0,
      64,
    ),
    tokenSigningKey: parseKeySetting(
      setting('CORE_TOKEN_SIGNING_KEY'),
      value('CORE_TOKEN_SIGNING_KEY') ?? resolve(dataDir, 'auth-signing-key.json'),
    ),
    governance,
    operatorKey: parseKeySetting(
      setting('CORE_OPERATOR_KEY'),
      value('CORE_OPERATOR_KEY') ?? resolve(dataDir, 'operator.json'),
    ),
    pkcs11: {
      modulePath: value('CORE_PKCS11_MODULE'),
      // From the environment only, never a flag: flags show in process lists and histories.
      pin: (env as { CORE_PKCS11_PIN?: string }).CORE_PKCS11_PIN || undefined,
    },
  };
}

/** The governance settings, all or none: a threshold or delay without operators is an error. */
function parseGovernance(
  setting: (name: ConfigVariable) => string,
  value: (name: ConfigVariable) => string | undefined,
): GovernancePlan | undefined {
  const names = {
    operators: setting('CORE_GOVERNANCE_OPERATORS'),
    threshold: setting('CORE_GOVERNANCE_THRESHOLD'),
    delay: setting('CORE_GOVERNANCE_DELAY'),
  };
  const operators = value('CORE_GOVERNANCE_OPERATORS');
  const threshold = value('CORE_GOVERNANCE_THRESHOLD');
  const delay = value('CORE_GOVERNANCE_DELAY');
  if (operators === undefined) {
    const orphan =
      threshold !== undefined ? names.threshold : delay !== undefined ? names.delay : undefined;
    if (orphan) {
      // Named as the orphan was given: a flag needs the flag, a variable the variable.
      const needed = orphan.startsWith('--')
        ? CONFIG_FLAGS.CORE_GOVERNANCE_OPERATORS
        : 'CORE_GOVERNANCE_OPERATORS';
      throw new ConfigError(orphan, `"${orphan}" needs "${needed}"`);
    }
    return undefined;
  }
  const plan = parseGovernancePlan({ operators, threshold, delay, names });
  if ('problem' in plan) throw new ConfigError(plan.setting, plan.problem);
  return plan;
}

/** A key setting: a `pkcs11:` URI as given (checked when the key opens), else a file path. */
function parseKeySetting(name: string, raw: string): string {
  if (raw.toLowerCase().startsWith('pkcs11:')) {
    if (/[?&]pin-value=/i.test(raw)) {
      throw new ConfigError(
        name,
        `"${name}" must not carry a PIN ("pin-value"): use "pin-source=file:<path>" or CORE_PKCS11_PIN`,
      );
    }
    return raw;
  }
  return resolve(raw);
}

function defaultCryptoWorkers(): number {
  const cores = availableParallelism();
  return cores > 2 ? cores - 1 : 0;
}

const REPLAY_STORE_SCHEMES: Record<string, 'redis:' | 'rediss:'> = {
  'redis:': 'redis:',
  'rediss:': 'rediss:',
  'valkey:': 'redis:',
  'valkeys:': 'rediss:',
};

/** `undefined` for the file store, else the Redis URL (a Valkey scheme written as Redis's). */
function parseReplayStore(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === 'file') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  const scheme = url && Object.hasOwn(REPLAY_STORE_SCHEMES, url.protocol) ? url.protocol : '';
  if (!url || !scheme || url.hostname === '') {
    // No scheme, such as `localhost:6379`: say what to write (unless it holds a password).
    const hint = /^[^:/@]+:\d+$/.test(raw) ? `: write "redis://${raw}"` : '';
    throw new ConfigError(
      name,
      `"${name}" must be "file" or a redis://, rediss://, valkey:// or valkeys:// URL with a host${hint}`,
    );
  }
  if (!/^\/?(\d+)?$/.test(url.pathname)) {
    throw new ConfigError(name, `"${name}" may name a database by its number only, e.g. "/0"`);
  }
  return `${REPLAY_STORE_SCHEMES[scheme]}${raw.slice(scheme.length)}`;
}

function parseWsUrl(name: string, raw: string | undefined): Config['ledgerWsUrl'] {
  if (raw === undefined) return undefined;
  if (raw === 'off') return false;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : undefined;
  if (protocol === 'ws:' || protocol === 'wss:') return raw;
  throw new ConfigError(name, `"${name}" must be a ws:// or wss:// URL, or "off"`);
}

/** Where the node subscribes to new blocks: the configured URL, else the ledger's with ws. */
export function toLedgerWsUrl(config: Pick<Config, 'ledgerWsUrl'>, ledgerUrl: string) {
  if (config.ledgerWsUrl !== undefined) return config.ledgerWsUrl || undefined;
  return ledgerUrl.replace(/^http/, 'ws');
}

function parseTrustProxy(name: string, raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  const addresses = raw.split(',').map((address) => address.trim());
  if (addresses.some((address) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))) {
    throw new ConfigError(name, `"${name}" must be true, false or comma-separated addresses/CIDRs`);
  }
  return addresses;
}

/**
 * An integer setting from `min` to `max`, or `fallback` when it is absent.
 * @throws {ConfigError} naming the setting (a flag's setting makes the CLI exit 2).
 */
export function parseInteger(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const parsed = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(name, `"${name}" must be an integer from ${min} to ${max}`);
  }
  return parsed;
}

function parseSeconds(name: string, raw: string | undefined, fallback: number): number {
  const seconds = Number(raw ?? fallback);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new ConfigError(name, `"${name}" must be a number of seconds > 0`);
  }
  return seconds;
}

/**
 * `raw` when it is an absolute http(s) URL; `name` is the setting (a variable or a flag). An
 * address without a scheme, such as `localhost:8080`, is told to start with `http://`.
 * @throws {ConfigError} otherwise.
 */
export function parseHttpUrl(name: string, raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL at all: reported below, with the scheme it may lack.
  }
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return raw;
  const schemeless = !/^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  throw new ConfigError(
    name,
    `"${name}" must be an http(s) URL${schemeless ? `: write "http://${raw}"` : ''}`,
  );
}
