import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLedgerClient, type LedgerClient } from '../../src/ledger/createLedgerClient.js';
import { readContract } from '../../src/ledger/readContract.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { CONTRACTS_REGISTRY } from '../../src/registries/contracts-registry/contract.js';
import { connectTestChain, randomAccount } from '../support/chain.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

/** Whether the Contracts Registry deployed `address`, read straight from the ledger. */
function isRegisteredInstance(
  ledger: LedgerClient,
  contractsRegistry: Address,
  address: Address,
): Promise<boolean> {
  return readContract(ledger, {
    address: contractsRegistry,
    abi: CONTRACTS_REGISTRY.abi,
    functionName: 'isRegisteredInstance',
    args: [address],
  }) as Promise<boolean>;
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const ABI_ROUTES = [
  ['did-registry', REGISTRIES['did-registry'].abi],
  ['issuers-registry', REGISTRIES['issuers-registry'].abi],
  ['policies-registry', REGISTRIES['policies-registry'].abi],
  ['schemas-registry', REGISTRIES['schemas-registry'].abi],
  ['timestamp', REGISTRIES.timestamp.abi],
  ['track-and-trace', REGISTRIES['track-and-trace'].abi],
  ['contracts-registry', CONTRACTS_REGISTRY.abi],
] as const;

describe('GET /v1/<registry>/abi', () => {
  test.each(ABI_ROUTES)(
    'default: %s publishes its ABI and default address',
    async (registry, abi) => {
      const { status, headers, body } = await getJson(node.url, `/v1/${registry}/abi`);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      const expected =
        registry === 'contracts-registry'
          ? node.environment.contractsRegistry
          : node.environment.registries[registry as keyof typeof node.environment.registries];
      expect(body).toEqual({ contractAddress: expected, abi: JSON.parse(JSON.stringify(abi)) });
    },
  );

  test('error: /abi takes no contractAddress', async () => {
    const { status, body } = await getJson(
      node.url,
      `/v1/did-registry/abi?contractAddress=${node.environment.registries['did-registry']}`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request failed validation',
      errors: [
        { parameter: 'contractAddress', detail: 'Parameter "contractAddress" is not supported' },
      ],
    });
  });

  test('error: POST /abi is 405', async () => {
    const response = await fetch(`${node.url}/v1/timestamp/abi`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /v1/<registry>/details', () => {
  test('default: each registry lists its links (SPEC §2.8)', async () => {
    const { registries } = node.environment;
    const policies = registries['policies-registry'];
    const did = registries['did-registry'];
    const expectations: [string, Record<string, Address>][] = [
      ['did-registry', { contractAddress: did, policyRegistryContract: policies }],
      [
        'issuers-registry',
        {
          contractAddress: registries['issuers-registry'],
          didRegistryContract: did,
          policyRegistryContract: policies,
        },
      ],
      [
        'schemas-registry',
        { contractAddress: registries['schemas-registry'], policyRegistryContract: policies },
      ],
      ['timestamp', { contractAddress: registries.timestamp, policyRegistryContract: policies }],
      [
        'track-and-trace',
        {
          contractAddress: registries['track-and-trace'],
          didRegistryContract: did,
          policiesRegistryContract: policies,
        },
      ],
    ];
    for (const [registry, expected] of expectations) {
      const { status, body } = await getJson(node.url, `/v1/${registry}/details`);
      expect(status).toBe(200);
      expect(body).toEqual(expected);
    }
  });

  test('behavior: an explicit default contractAddress, in any letter case', async () => {
    const address = node.environment.registries.timestamp;
    const { status, body } = await getJson(
      node.url,
      `/v1/timestamp/details?contractAddress=${address.toLowerCase()}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ contractAddress: address });
  });

  test.each(['policies-registry', 'contracts-registry'])(
    'error: %s has no /details',
    async (registry) => {
      const { status, body } = await getJson(node.url, `/v1/${registry}/details`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ type: 'about:blank', status: 404 });
    },
  );

  test('error: a malformed contractAddress is a validation error', async () => {
    const { status, body } = await getJson(
      node.url,
      '/v1/did-registry/details?contractAddress=0x1234',
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request failed validation',
      errors: [
        {
          parameter: 'contractAddress',
          detail: 'Parameter "contractAddress" must match ^0x[0-9a-fA-F]{40}$',
        },
      ],
    });
  });

  test('error: no contract at the address (an EOA)', async () => {
    const eoa = '0x00000000000000000000000000000000000000Aa';
    const { status, body } = await getJson(
      node.url,
      `/v1/did-registry/details?contractAddress=${eoa}`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
      status: 400,
      detail: 'No contract is deployed at 0x00000000000000000000000000000000000000AA',
    });
  });

  test('error: a registry of another type', async () => {
    const timestamp = node.environment.registries.timestamp;
    const { status, body } = await getJson(
      node.url,
      `/v1/did-registry/details?contractAddress=${timestamp}`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
      status: 400,
      detail: `The contract at ${timestamp} does not match the expected one (a DidRegistry)`,
    });
  });

  test('error: a contract that is no registry (the Contracts Registry proxy answers registryType, a beacon does not)', async () => {
    const { status, body } = await getJson(
      node.url,
      `/v1/issuers-registry/details?contractAddress=${node.environment.contractsRegistry}`,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:invalid-contract-address',
      detail: expect.stringContaining('does not match the expected one'),
    });
  });

  test('error: HEAD errors carry no body', async () => {
    const response = await fetch(`${node.url}/v1/timestamp/details?contractAddress=0x1`, {
      method: 'HEAD',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('');
  });

  test('behavior: an unregistered instance of the right type is readable, but not registered', async () => {
    const chain = connectTestChain(node.ledger.url);
    const policies = node.environment.registries['policies-registry'];
    const { address } = await chain.deployProxy(randomAccount(), REGISTRIES.timestamp, [policies]);
    const { status, body } = await getJson(
      node.url,
      `/v1/timestamp/details?contractAddress=${address}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ contractAddress: address, policyRegistryContract: policies });

    const ledger = createLedgerClient({ url: node.ledger.url });
    try {
      const { contractsRegistry, registries } = node.environment;
      expect(await isRegisteredInstance(ledger, contractsRegistry, address)).toBe(false);
      expect(await isRegisteredInstance(ledger, contractsRegistry, registries.timestamp)).toBe(
        true,
      );
    } finally {
      await ledger.close();
    }
  });
});
