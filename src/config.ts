import { resolve } from 'node:path';
import { ConfigError } from './errors/config.js';

/** The data directory when `CORE_DATA_DIR` is unset, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.core-registry';

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
};

/** Configuration inputs by environment variable name; CLI flags are mapped onto the same names. */
export type ConfigInput = Partial<Record<ConfigVariable, string | undefined>>;

export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'CORE_PUBLIC_URL',
  'CORE_DATA_DIR',
  'CORE_LEDGER_URL',
  'CORE_CHAIN_ID',
  'CORE_BLOCK_TIME',
  'CORE_LEDGER_TIMEOUT',
  'CORE_ENVIRONMENT',
  'CORE_LOG_LEVEL',
  'CORE_RATE_LIMIT',
  'CORE_TRUST_PROXY',
  'CORE_RPC_GAS_CAP',
  'CORE_RPC_BATCH_GAS',
] as const;
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/**
 * Builds the configuration from environment variables, with `overrides` (CLI flags) winning.
 * @throws {ConfigError} when a value is malformed.
 */
export function parseConfig(env: ConfigInput, overrides: ConfigInput = {}): Config {
  const input: ConfigInput = { ...env };
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined) input[name as ConfigVariable] = value;
  }
  const value = (name: ConfigVariable) => {
    const raw = input[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const port = parseInteger('PORT', value('PORT'), 8080, 0, 65535);
  const dataDir = resolve(value('CORE_DATA_DIR') ?? DEFAULT_DATA_DIR);
  const ledgerUrl = value('CORE_LEDGER_URL');
  if (ledgerUrl !== undefined) parseHttpUrl('CORE_LEDGER_URL', ledgerUrl);
  const publicUrl = parseHttpUrl(
    'CORE_PUBLIC_URL',
    value('CORE_PUBLIC_URL') ?? `http://localhost:${port}`,
  ).replace(/\/+$/, '');
  const blockTime = parseSeconds('CORE_BLOCK_TIME', value('CORE_BLOCK_TIME'), 1);
  const ledgerTimeout = parseSeconds('CORE_LEDGER_TIMEOUT', value('CORE_LEDGER_TIMEOUT'), 2);
  const logLevel = (value('CORE_LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'CORE_LOG_LEVEL',
      `"CORE_LOG_LEVEL" must be one of ${LOG_LEVELS.join(', ')}`,
    );
  }
  const environment = value('CORE_ENVIRONMENT');
  return {
    port,
    host: value('HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir,
    ledgerUrl,
    chainId: parseInteger('CORE_CHAIN_ID', value('CORE_CHAIN_ID'), 2026, 1, 2 ** 53 - 1),
    blockTime,
    ledgerTimeoutMs: Math.round(ledgerTimeout * 1000),
    environmentPath: environment ? resolve(environment) : resolve(dataDir, 'environment.json'),
    logLevel,
    rateLimit: parseInteger('CORE_RATE_LIMIT', value('CORE_RATE_LIMIT'), 600, 0, 2 ** 31 - 1),
    trustProxy: parseTrustProxy(value('CORE_TRUST_PROXY')),
    rpcGasCap: BigInt(
      parseInteger('CORE_RPC_GAS_CAP', value('CORE_RPC_GAS_CAP'), 50_000_000, 21_000, 2 ** 53 - 1),
    ),
    rpcBatchGas: BigInt(
      parseInteger(
        'CORE_RPC_BATCH_GAS',
        value('CORE_RPC_BATCH_GAS'),
        250_000_000,
        21_000,
        2 ** 53 - 1,
      ),
    ),
  };
}

function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  const addresses = raw.split(',').map((address) => address.trim());
  if (addresses.some((address) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))) {
    throw new ConfigError(
      'CORE_TRUST_PROXY',
      '"CORE_TRUST_PROXY" must be true, false or comma-separated addresses/CIDRs',
    );
  }
  return addresses;
}

function parseInteger(
  name: ConfigVariable,
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

function parseSeconds(name: ConfigVariable, raw: string | undefined, fallback: number): number {
  const seconds = Number(raw ?? fallback);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new ConfigError(name, `"${name}" must be a number of seconds > 0`);
  }
  return seconds;
}

function parseHttpUrl(name: ConfigVariable, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new ConfigError(name, `"${name}" must be an http(s) URL`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `"${name}" must be an http(s) URL`);
  }
  return raw;
}
