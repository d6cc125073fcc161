import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { parseConfig } from './config.js';
import { ConfigError } from './errors/config.js';

describe('parseConfig', () => {
  test('default', () => {
    expect(parseConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: resolve('.core-registry'),
      ledgerUrl: undefined,
      ledgerPort: 0,
      ledgerMemoryBudgetMiB: Math.floor(totalmem() / 2 ** 21),
      chainId: 2026,
      blockTime: 1,
      ledgerTimeoutMs: 2000,
      environmentPath: resolve('.core-registry', 'environment.json'),
      logLevel: 'info',
      rateLimit: 600,
      trustProxy: false,
      rpcGasCap: 50_000_000n,
      rpcBatchGas: 250_000_000n,
      trustedPeers: [],
      explorerPeers: [],
      cryptoWorkers: availableParallelism() > 2 ? availableParallelism() - 1 : 0,
      tokenSigningKey: resolve('.core-registry', 'auth-signing-key.json'),
      operatorKey: resolve('.core-registry', 'operator.json'),
      pkcs11: { modulePath: undefined, pin: undefined },
    });
  });

  test('behavior: trusted peers are base URLs, without a trailing slash; a malformed one is named', () => {
    expect(
      parseConfig({ CORE_TRUSTED_PEERS: ' http://10.0.0.2:8080/ ,https://node-b.example' })
        .trustedPeers,
    ).toEqual(['http://10.0.0.2:8080', 'https://node-b.example']);
    expect(() => parseConfig({}, { CORE_TRUSTED_PEERS: 'node-b:8080' })).toThrow(
      '"--trusted-peers" must be an http(s) URL: write "http://node-b:8080"',
    );
    expect(
      parseConfig({ CORE_EXPLORER_PEERS: 'https://node-b.example/,http://10.0.0.3:8080' })
        .explorerPeers,
    ).toEqual(['https://node-b.example', 'http://10.0.0.3:8080']);
  });

  test('behavior: the token signing key is a file or a pkcs11: URI; a PIN comes from the environment only', () => {
    const uri = 'pkcs11:token=core;object=token-key?module-path=/usr/lib/softhsm/libsofthsm2.so';
    expect(
      parseConfig({ CORE_TOKEN_SIGNING_KEY: uri, CORE_PKCS11_PIN: '1234' } as never),
    ).toMatchObject({
      tokenSigningKey: uri,
      pkcs11: { modulePath: undefined, pin: '1234' },
    });
    expect(parseConfig({}, { CORE_TOKEN_SIGNING_KEY: 'keys/token.json' }).tokenSigningKey).toBe(
      resolve('keys/token.json'),
    );
    expect(() => parseConfig({}, { CORE_TOKEN_SIGNING_KEY: `${uri}&pin-value=1234` })).toThrow(
      '"--token-signing-key" must not carry a PIN',
    );
  });

  test('behavior: governance: operators, a threshold (default a majority) and a delay', () => {
    const [a, b, c] = [`0x${'1'.repeat(40)}`, `0x${'2'.repeat(40)}`, `0x${'3'.repeat(40)}`];
    expect(parseConfig({ CORE_GOVERNANCE_OPERATORS: `${a}, ${b},${c}` }).governance).toEqual({
      operators: [a, b, c].map((x) => getAddress(x)),
      threshold: 2,
      delaySeconds: 0,
    });
    expect(
      parseConfig({}, { CORE_GOVERNANCE_OPERATORS: a, CORE_GOVERNANCE_DELAY: '2d' }).governance,
    ).toEqual({ operators: [getAddress(a)], threshold: 1, delaySeconds: 172_800 });
    expect(parseConfig({}).governance).toBeUndefined();
    const cases: [Record<string, string>, string][] = [
      [{ CORE_GOVERNANCE_THRESHOLD: '2' }, '"--threshold" needs "--operators"'],
      [
        { CORE_GOVERNANCE_OPERATORS: `${a},0x12` },
        '"--operators" must be comma-separated addresses: "0x12" is not one',
      ],
      [{ CORE_GOVERNANCE_OPERATORS: `${a},${a}` }, '"--operators" names an address twice'],
      [
        { CORE_GOVERNANCE_OPERATORS: `${a},${b}`, CORE_GOVERNANCE_THRESHOLD: '3' },
        '"--threshold" must be a whole number from 1 to 2',
      ],
      [
        { CORE_GOVERNANCE_OPERATORS: a, CORE_GOVERNANCE_DELAY: '31d' },
        '"--delay" must be a duration of at most 30 days',
      ],
    ];
    for (const [overrides, message] of cases) {
      expect(() => parseConfig({}, overrides)).toThrow(message);
    }
  });

  test('behavior: the operator key is a record file or a pkcs11: URI', () => {
    const uri = 'pkcs11:token=core;object=operator?module-path=/usr/lib/softhsm/libsofthsm2.so';
    expect(parseConfig({ CORE_OPERATOR_KEY: uri }).operatorKey).toBe(uri);
    expect(parseConfig({}, { CORE_OPERATOR_KEY: 'keys/operator.json' }).operatorKey).toBe(
      resolve('keys/operator.json'),
    );
    expect(() => parseConfig({}, { CORE_OPERATOR_KEY: `${uri}&pin-value=1234` })).toThrow(
      '"--operator-key" must not carry a PIN',
    );
  });

  test('behavior: crypto threads from 0 to 64', () => {
    expect(parseConfig({ CORE_CRYPTO_WORKERS: '0' }).cryptoWorkers).toBe(0);
    expect(parseConfig({}, { CORE_CRYPTO_WORKERS: '3' }).cryptoWorkers).toBe(3);
    expect(() => parseConfig({}, { CORE_CRYPTO_WORKERS: '-1' })).toThrow(
      '"--crypto-workers" must be an integer from 0 to 64',
    );
  });

  test('behavior: the embedded ledger’s port and memory budget', () => {
    expect(
      parseConfig({ CORE_LEDGER_PORT: '8545', CORE_LEDGER_MEMORY_BUDGET: '2048' }),
    ).toMatchObject({ ledgerPort: 8545, ledgerMemoryBudgetMiB: 2048 });
    expect(() => parseConfig({}, { CORE_LEDGER_PORT: '70000' })).toThrow(
      '"--ledger-port" must be an integer from 0 to 65535',
    );
    expect(() => parseConfig({ CORE_LEDGER_MEMORY_BUDGET: '0' })).toThrow(ConfigError);
  });

  test('behavior: request limits and trusted proxies', () => {
    expect(
      parseConfig({
        CORE_RATE_LIMIT: '0',
        CORE_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
        CORE_RPC_GAS_CAP: '1000000',
        CORE_RPC_BATCH_GAS: '5000000',
      }),
    ).toMatchObject({
      rateLimit: 0,
      trustProxy: ['10.0.0.1', '192.168.0.0/16'],
      rpcGasCap: 1_000_000n,
      rpcBatchGas: 5_000_000n,
    });
    expect(parseConfig({ CORE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => parseConfig({ CORE_TRUST_PROXY: 'proxy.example' })).toThrow(ConfigError);
    expect(() => parseConfig({ CORE_RPC_GAS_CAP: '100' })).toThrow(
      '"CORE_RPC_GAS_CAP" must be an integer from 21000 to 9007199254740991',
    );
  });

  test('behavior: flags override environment variables', () => {
    const config = parseConfig(
      {
        PORT: '9000',
        CORE_BLOCK_TIME: '0.2',
        CORE_LEDGER_TIMEOUT: '0.5',
        CORE_PUBLIC_URL: 'https://node.example.org/',
      },
      { PORT: '9001', CORE_LEDGER_URL: 'http://127.0.0.1:8545' },
    );
    expect(config).toMatchObject({
      port: 9001,
      blockTime: 0.2,
      ledgerTimeoutMs: 500,
      publicUrl: 'https://node.example.org',
      ledgerUrl: 'http://127.0.0.1:8545',
    });
  });

  test.each([
    ['file', undefined],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['rediss://user:p%40ss@cache.example:6380/2', 'rediss://user:p%40ss@cache.example:6380/2'],
    ['valkey://cache.example', 'redis://cache.example'],
    ['valkeys://cache.example:6380/0', 'rediss://cache.example:6380/0'],
  ])('args: CORE_REPLAY_STORE %s', (raw, replayStoreUrl) => {
    expect(parseConfig({ CORE_REPLAY_STORE: raw }).replayStoreUrl).toBe(replayStoreUrl);
  });

  test('error: a malformed flag is named as the flag, not as its variable', () => {
    expect(() => parseConfig({ PORT: '8080' }, { PORT: 'abc' })).toThrow(
      expect.objectContaining({
        setting: '--port',
        message: '"--port" must be an integer from 0 to 65535',
      }),
    );
    expect(() => parseConfig({}, { CORE_LEDGER_URL: 'localhost:8545' })).toThrow(
      '"--ledger-url" must be an http(s) URL: write "http://localhost:8545"',
    );
    expect(() => parseConfig({}, { CORE_REPLAY_STORE: 'redis' })).toThrow(
      expect.objectContaining({ setting: '--replay-store' }),
    );
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT', '"PORT" must be an integer from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT', '"PORT" must be an integer from 0 to 65535'],
    [
      { CORE_CHAIN_ID: '0' },
      'CORE_CHAIN_ID',
      '"CORE_CHAIN_ID" must be an integer from 1 to 9007199254740991',
    ],
    [
      { CORE_BLOCK_TIME: '0' },
      'CORE_BLOCK_TIME',
      '"CORE_BLOCK_TIME" must be a number of seconds > 0',
    ],
    [{ CORE_LEDGER_URL: 'ws://x' }, 'CORE_LEDGER_URL', '"CORE_LEDGER_URL" must be an http(s) URL'],
    [
      { CORE_PUBLIC_URL: 'node.example.org' },
      'CORE_PUBLIC_URL',
      '"CORE_PUBLIC_URL" must be an http(s) URL: write "http://node.example.org"',
    ],
    [
      { CORE_LOG_LEVEL: 'loud' },
      'CORE_LOG_LEVEL',
      '"CORE_LOG_LEVEL" must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { CORE_REPLAY_STORE: 'memcached://cache.example' },
      'CORE_REPLAY_STORE',
      '"CORE_REPLAY_STORE" must be "file" or a redis://, rediss://, valkey:// or valkeys:// URL with a host',
    ],
    [
      { CORE_REPLAY_STORE: 'redis://' },
      'CORE_REPLAY_STORE',
      '"CORE_REPLAY_STORE" must be "file" or a redis://, rediss://, valkey:// or valkeys:// URL with a host',
    ],
    [
      { CORE_REPLAY_STORE: 'localhost:6379' },
      'CORE_REPLAY_STORE',
      '"CORE_REPLAY_STORE" must be "file" or a redis://, rediss://, valkey:// or valkeys:// URL with a host: write "redis://localhost:6379"',
    ],
    [
      { CORE_REPLAY_STORE: 'redis://cache.example/zero' },
      'CORE_REPLAY_STORE',
      '"CORE_REPLAY_STORE" may name a database by its number only, e.g. "/0"',
    ],
  ])('error: %o', (env, setting, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ code: 'CORE_ERR_CONFIG_INVALID', setting, message });
  });
});
