import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deploy } from '../../src/cli/deploy.js';
import { startNode } from '../../src/cli/serve.js';
import { parseConfig } from '../../src/config.js';
import { generatePkcs11Key } from '../../src/crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11Account } from '../../src/crypto/pkcs11/pkcs11Signers.js';
import { parsePkcs11Uri } from '../../src/crypto/pkcs11/pkcs11Uri.js';
import { createOperatorRecord } from '../../src/genesis/operator.js';
import { SAFE, TIMELOCK } from '../../src/governance/contracts.js';
import { createLedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { readContract } from '../../src/ledger/readContract.js';
import { createSoftHsmToken } from '../support/softHsm.js';
import { createDataDir, getJson, SILENT_LOGGER } from '../support/testNode.js';

let ledger: EmbeddedLedger;
beforeAll(async () => {
  // Any ledger reached by URL: a plain embedded one stands in for Besu here.
  ledger = new EmbeddedLedger({
    dataDir: createDataDir(),
    chainId: 31337,
    blockTime: 0.1,
    logger: SILENT_LOGGER,
  });
  await ledger.start();
});
afterAll(() => ledger.stop());

describe('core-registry deploy', () => {
  test('default: deploys with a given operator key, and a node serves the environment', async () => {
    const dataDir = createDataDir();
    const operator = await createOperatorRecord();
    const keyFile = join(dataDir, 'my-operator.json');
    writeFileSync(keyFile, JSON.stringify(operator));
    const config = parseConfig({
      CORE_DATA_DIR: dataDir,
      CORE_LEDGER_URL: ledger.url,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const messages: string[] = [];
    const environment = await deploy({
      config,
      operatorKeyPath: keyFile,
      log: (m) => messages.push(m),
    });
    expect(environment).toMatchObject({ chainId: 31337, operatorDid: operator.did });
    expect(messages).toContain('deploying the Contracts Registry');

    const again = await deploy({ config, operatorKeyPath: keyFile, log: (m) => messages.push(m) });
    expect(again).toEqual(environment);

    const node = await startNode(config, pino({ level: 'silent' }));
    try {
      expect(node.embedded).toBeUndefined();
      const { status, body } = await getJson(node.url, '/v1/did-registry/abi');
      expect(status).toBe(200);
      expect(body).toMatchObject({ contractAddress: environment.registries['did-registry'] });
      const ready = await getJson(node.url, '/ready');
      expect(ready.body).toEqual({
        status: 'ready',
        chainId: 31337,
        blockNumber: expect.any(Number),
      });
    } finally {
      await node.close();
    }
  });

  test('error: deploy without a ledger URL', async () => {
    const config = parseConfig({ CORE_DATA_DIR: createDataDir() });
    await expect(
      deploy({ config, operatorKeyPath: undefined, log: () => {} }),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_CONFIG_INVALID',
      message: '"deploy" needs the ledger: pass "--ledger-url" or set "CORE_LEDGER_URL"',
    });
  });

  test('error: serve on an external ledger without an environment', async () => {
    const dataDir = createDataDir();
    const config = parseConfig({ CORE_DATA_DIR: dataDir, CORE_LEDGER_URL: ledger.url, PORT: '0' });
    await expect(startNode(config, pino({ level: 'silent' }))).rejects.toMatchObject({
      code: 'CORE_ERR_ENVIRONMENT',
      message: `No environment at "${join(dataDir, 'environment.json')}": run "npx core-registry deploy --ledger-url ${ledger.url}" first, or set "CORE_ENVIRONMENT"`,
    });
  });

  test('error: an inconsistent operator key file', async () => {
    const dataDir = createDataDir();
    const operator = await createOperatorRecord();
    const keyFile = join(dataDir, 'bad.json');
    writeFileSync(
      keyFile,
      JSON.stringify({ ...operator, address: '0x0000000000000000000000000000000000000001' }),
    );
    const config = parseConfig({ CORE_DATA_DIR: dataDir, CORE_LEDGER_URL: ledger.url });
    await expect(deploy({ config, operatorKeyPath: keyFile, log: () => {} })).rejects.toMatchObject(
      {
        code: 'CORE_ERR_ENVIRONMENT',
        message: `"address" of the operator key "${keyFile}" does not match its key`,
      },
    );
  });

  test('default: with the operator key in an HSM, deploy signs inside it and records the key, not a secret', async () => {
    const hsm = createSoftHsmToken(`deploy-${process.pid}`);
    const uri = hsm.uri('operator');
    const options = { setting: 'test', modulePath: undefined, pin: undefined };
    const key = await generatePkcs11Key(parsePkcs11Uri(uri), 'secp256k1', options);
    const dataDir = createDataDir();
    const config = parseConfig({
      CORE_DATA_DIR: dataDir,
      CORE_LEDGER_URL: ledger.url,
      CORE_OPERATOR_KEY: uri,
    });
    const environment = await deploy({ config, operatorKeyPath: undefined, log: () => {} });
    const record = JSON.parse(readFileSync(join(dataDir, 'operator.json'), 'utf8'));
    expect(record).toEqual({
      did: environment.operatorDid,
      kid: expect.stringContaining(`${environment.operatorDid}#`),
      address: toPkcs11Account(key).address,
      publicKeyJwk: expect.objectContaining({ crv: 'secp256k1' }),
      key: uri,
    });
    expect(await deploy({ config, operatorKeyPath: undefined, log: () => {} })).toEqual(
      environment,
    );
  });

  test("default: with CORE_GOVERNANCE_*, deploy hands the admin policies to the operators' governance", async () => {
    const operators = [`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`];
    const config = parseConfig({
      CORE_DATA_DIR: createDataDir(),
      CORE_LEDGER_URL: ledger.url,
      CORE_GOVERNANCE_OPERATORS: operators.join(','),
      CORE_GOVERNANCE_DELAY: '1h',
    });
    const environment = await deploy({ config, operatorKeyPath: undefined, log: () => {} });
    expect(environment.governance).toEqual({
      safe: expect.any(String),
      timelock: expect.any(String),
    });
    const governance = environment.governance as NonNullable<typeof environment.governance>;
    const ledgerClient = createLedgerClient({ url: ledger.url });
    try {
      const read = (call: Record<string, unknown>) => readContract(ledgerClient, call as never);
      expect(
        await read({ address: governance.safe, abi: SAFE.abi, functionName: 'getThreshold' }),
      ).toBe(2n);
      expect(
        await read({
          address: governance.timelock,
          abi: TIMELOCK.abi,
          functionName: 'getMinDelay',
        }),
      ).toBe(3600n);
    } finally {
      await ledgerClient.close();
    }
  });
});
