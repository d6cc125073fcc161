import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_POLICIES } from '../../src/genesis/adminPolicies.js';
import type { Environment } from '../../src/genesis/environment.js';
import { loadOrCreateOperator, type Operator } from '../../src/genesis/operator.js';
import { runGenesis } from '../../src/genesis/runGenesis.js';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { readContract } from '../../src/ledger/readContract.js';
import { REGISTRIES, REGISTRY_NAMES } from '../../src/registries/catalog.js';
import { CONTRACTS_REGISTRY } from '../../src/registries/contracts-registry/contract.js';
import { createDataDir, SILENT_LOGGER } from '../support/testNode.js';

let ledger: EmbeddedLedger;
let client: LedgerClient;
let dataDir: string;
let operator: Operator;
let environment: Environment;
const environmentPath = () => join(dataDir, 'environment.json');

beforeAll(async () => {
  dataDir = createDataDir();
  ledger = new EmbeddedLedger({ dataDir, chainId: 2026, blockTime: 0.1, logger: SILENT_LOGGER });
  await ledger.start();
  client = createLedgerClient({ url: ledger.url });
  operator = await loadOrCreateOperator(join(dataDir, 'operator.json'));
  environment = await runGenesis({
    ledger: client,
    operator,
    environmentPath: environmentPath(),
    chainId: 2026,
  });
});
afterAll(async () => {
  await client.close();
  await ledger.stop();
});

describe('runGenesis', () => {
  test('default: writes the environment with one default instance of each registry', async () => {
    expect(JSON.parse(readFileSync(environmentPath(), 'utf8'))).toEqual(environment);
    expect(environment).toMatchObject({ chainId: 2026, operatorDid: operator.did });
    for (const name of REGISTRY_NAMES) {
      const address = environment.registries[name];
      const type = await readContract(client, {
        address,
        abi: REGISTRIES[name].abi,
        functionName: 'registryType',
      } as never);
      expect(type).toBe(REGISTRIES[name].type);
      const registered = await readContract(client, {
        address: environment.contractsRegistry,
        abi: CONTRACTS_REGISTRY.abi,
        functionName: 'getDeployment',
        args: [address],
      });
      expect(registered).toMatchObject({
        deployerDid: operator.did,
        active: true,
        deployer: operator.address,
      });
    }
    expect(existsSync(`${environmentPath()}.partial`)).toBe(false);
  });

  test('behavior: operator.json is private and consistent', () => {
    const file = join(dataDir, 'operator.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(operator.kid.startsWith(`${operator.did}#`)).toBe(true);
  });

  test('behavior: the operator holds every admin policy, controls its DID and is RootTAO', async () => {
    const policies = {
      address: environment.registries['policies-registry'],
      abi: REGISTRIES['policies-registry'].abi,
    };
    for (const policyName of Object.keys(ADMIN_POLICIES)) {
      expect(
        await readContract(client, {
          ...policies,
          functionName: 'checkPolicy',
          args: [policyName, operator.address],
        } as never),
      ).toBe(true);
    }
    const dids = {
      address: environment.registries['did-registry'],
      abi: REGISTRIES['did-registry'].abi,
    };
    expect(
      await readContract(client, {
        ...dids,
        functionName: 'checkController',
        args: [operator.did, operator.address],
      } as never),
    ).toBe(true);
    const issuers = {
      address: environment.registries['issuers-registry'],
      abi: REGISTRIES['issuers-registry'].abi,
    };
    const [attributeId] = (
      (await readContract(client, {
        ...issuers,
        functionName: 'getIssuerAttributes',
        args: [operator.did, 1n, 10n],
      } as never)) as [Hex[], bigint]
    )[0];
    const attribute = await readContract(client, {
      ...issuers,
      functionName: 'getAttribute',
      args: [operator.did, attributeId],
    } as never);
    expect(attribute).toMatchObject({ issuerType: 1 });
    const links = await readContract(client, {
      address: environment.contractsRegistry,
      abi: CONTRACTS_REGISTRY.abi,
      functionName: 'policiesRegistry',
    });
    expect(links).toBe(environment.registries['policies-registry']);
  });

  test('behavior: a second run changes nothing and sends no transaction', async () => {
    const nonce = await client.request<Hex>('eth_getTransactionCount', [
      operator.address,
      'latest',
    ]);
    const again = await runGenesis({
      ledger: client,
      operator,
      environmentPath: environmentPath(),
      chainId: 2026,
    });
    expect(again).toEqual(environment);
    expect(await client.request('eth_getTransactionCount', [operator.address, 'latest'])).toBe(
      nonce,
    );
  });

  test('error: a ledger on another chain', async () => {
    await expect(
      runGenesis({ ledger: client, operator, environmentPath: environmentPath(), chainId: 1 }),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_ENVIRONMENT',
      message: 'The ledger runs chain 2026, not chain 1',
    });
  });

  test('error: an environment of another chain', async () => {
    const path = join(dataDir, 'other.json');
    writeFileSync(path, JSON.stringify({ ...environment, chainId: 7 }));
    await expect(
      runGenesis({ ledger: client, operator, environmentPath: path }),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_ENVIRONMENT',
      message: `The environment "${path}" belongs to chain 7, but the ledger runs chain 2026`,
    });
  });

  test('error: an environment whose contracts are not on this ledger', async () => {
    const path = join(dataDir, 'vanished.json');
    const missing: Address = '0x00000000000000000000000000000000000000Aa';
    writeFileSync(path, JSON.stringify({ ...environment, contractsRegistry: missing }));
    await expect(
      runGenesis({ ledger: client, operator, environmentPath: path }),
    ).rejects.toMatchObject({
      code: 'CORE_ERR_ENVIRONMENT',
      message: expect.stringContaining(
        'No Contracts Registry is deployed at 0x00000000000000000000000000000000000000AA',
      ),
    });
  });
});
