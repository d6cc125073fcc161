import { type Address, getAddress, type Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REGISTRIES, REGISTRY_NAMES } from '../../src/registries/catalog.js';
import { CONTRACTS_REGISTRY } from '../../src/registries/contracts-registry/contract.js';
import { randomAccount } from '../support/chain.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

let node: TestNode;
let op: OperatorFixture;
let base: string;
/** Every deployment in order: the six genesis defaults, then three more. */
let deployments: Address[];
const templateIds = REGISTRY_NAMES.map((name) => REGISTRIES[name].type);

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/contracts-registry`;
  deployments = REGISTRY_NAMES.map((name) => node.environment.registries[name]);
  for (let i = 0; i < 3; i++) {
    deployments.push(await op.deployInstance('policies-registry', [op.account.address]));
  }
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/contracts-registry${path}`, headers);
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;
const read = <T>(functionName: string, args: readonly unknown[]) =>
  op.chain.client.readContract({
    address: node.environment.contractsRegistry,
    abi: CONTRACTS_REGISTRY.abi,
    functionName,
    args,
  } as never) as Promise<T>;
const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();
type Page = { self: string; items: unknown[]; total: number; links: Record<string, string> };

describe('GET /contracts', () => {
  test('default: every deployed instance, oldest first', async () => {
    const { status, body } = await get('/contracts');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/contracts', 1, 10),
      items: deployments.map((address) => ({ address, href: `${base}/contracts/${address}` })),
      total: 9,
      pageSize: 10,
      links: {
        first: link('/contracts', 1, 10),
        prev: link('/contracts', 1, 10),
        next: link('/contracts', 1, 10),
        last: link('/contracts', 1, 10),
      },
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const page = async (n: number) =>
      (await get(`/contracts?page[after]=${n}&page[size]=3`)).body as Page;
    const addresses = (p: Page) => p.items.map((item) => (item as { address: Address }).address);
    const [first, middle, last, beyond] = await Promise.all([1, 2, 3, 4].map(page));
    expect(addresses(first as Page)).toEqual(deployments.slice(0, 3));
    expect(first?.links).toEqual({
      first: link('/contracts', 1, 3),
      prev: link('/contracts', 1, 3),
      next: link('/contracts', 2, 3),
      last: link('/contracts', 3, 3),
    });
    expect(addresses(middle as Page)).toEqual(deployments.slice(3, 6));
    expect(middle?.links).toMatchObject({
      prev: link('/contracts', 1, 3),
      next: link('/contracts', 3, 3),
    });
    expect(addresses(last as Page)).toEqual(deployments.slice(6, 9));
    expect(last?.links).toMatchObject({
      prev: link('/contracts', 2, 3),
      next: link('/contracts', 3, 3),
    });
    expect(beyond).toMatchObject({ self: link('/contracts', 4, 3), items: [], total: 9 });
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['page[after]=0', 'page[after]', 'Parameter "page[after]" must be greater than or equal to 1'],
    ['deployer=x', 'deployer', 'Parameter "deployer" is not supported'],
  ])('error: %s', async (query, parameter, detail) => {
    const { status, body } = await get(`/contracts?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request failed validation',
      errors: [{ parameter, detail }],
    });
  });
});

describe('GET /contracts/{address}', () => {
  test('default: a genesis default instance', async () => {
    const address = node.environment.registries['did-registry'];
    const deployment = await read<{ deployedAt: bigint }>('getDeployment', [address]);
    const { status, body } = await get(`/contracts/${address}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      address,
      deployer: op.account.address,
      deployerDid: op.operator.did,
      templateId: REGISTRIES['did-registry'].type,
      deployedAt: iso(deployment.deployedAt),
      isActive: true,
    });
    expect((body as { deployedAt: string }).deployedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  test('args: any letter case, answered checksummed', async () => {
    const address = deployments[7] as Address;
    const { body } = await get(`/contracts/${address.toLowerCase()}`);
    expect(body).toMatchObject({
      address,
      templateId: REGISTRIES['policies-registry'].type,
      isActive: true,
    });
  });

  test('error: an address the registry did not deploy is 404 Contract Not Found', async () => {
    const stranger = getAddress(randomAccount().address);
    const { status, body } = await get(`/contracts/${stranger}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Contract Not Found',
      status: 404,
      detail: `Contract ${stranger} was not deployed by the Contracts Registry`,
    });
  });

  test('error: a malformed address is 400', async () => {
    const { status, body } = await get('/contracts/0x1234');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [
        { parameter: 'address', detail: 'Parameter "address" must match ^0x[0-9a-fA-F]{40}$' },
      ],
    });
  });
});

describe('GET /templates', () => {
  test('default: one template per registry type, in genesis order', async () => {
    const { status, body } = await get('/templates');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/templates', 1, 10),
      items: templateIds.map((id) => ({ id, href: `${base}/templates/${id}` })),
      total: 6,
      pageSize: 10,
      links: {
        first: link('/templates', 1, 10),
        prev: link('/templates', 1, 10),
        next: link('/templates', 1, 10),
        last: link('/templates', 1, 10),
      },
    });
  });

  test('behavior: first, middle, last and beyond-last pages', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await get(`/templates?page[after]=${n}&page[size]=2`)).body),
    );
    const ids = (p: unknown) => (p as Page).items.map((item) => (item as { id: Hex }).id);
    expect(pages.slice(0, 3).map(ids)).toEqual([
      templateIds.slice(0, 2),
      templateIds.slice(2, 4),
      templateIds.slice(4, 6),
    ]);
    expect((pages[1] as Page).links).toEqual({
      first: link('/templates', 1, 2),
      prev: link('/templates', 1, 2),
      next: link('/templates', 3, 2),
      last: link('/templates', 3, 2),
    });
    expect(pages[3]).toMatchObject({ self: link('/templates', 4, 2), items: [], total: 6 });
  });

  test('error: an unknown parameter', async () => {
    const { status, body } = await get('/templates?name=DidRegistry');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errors: [{ parameter: 'name', detail: 'Parameter "name" is not supported' }],
    });
  });
});

describe('GET /templates/{id}', () => {
  test('default: one template', async () => {
    const id = REGISTRIES['issuers-registry'].type;
    const template = await read<{
      version: string;
      beacon: Address;
      implementation: Address;
      createdAt: bigint;
      updatedAt: bigint;
    }>('getTemplate', [id]);
    const { status, body } = await get(`/templates/${id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id,
      name: 'IssuersRegistry',
      version: template.version,
      beaconAddress: template.beacon,
      implementation: template.implementation,
      isActive: true,
      createdAt: iso(template.createdAt),
      updatedAt: iso(template.updatedAt),
    });
  });

  test('args: upper-case hex is answered lower-case', async () => {
    const id = REGISTRIES.timestamp.type;
    const { status, body } = await get(`/templates/0x${id.slice(2).toUpperCase()}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: 'Timestamp' });
  });

  test('error: an unknown id is 404 Template Not Found', async () => {
    const id = generatePrivateKey();
    const { status, body } = await get(`/templates/${id}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Template Not Found',
      status: 404,
      detail: `Template ${id} is not registered`,
    });
  });

  test.each([['abc'], [`0x${'a'.repeat(63)}`], ['a'.repeat(64)]])(
    'error: malformed id %s is 400',
    async (id) => {
      const { status, body } = await get(`/templates/${id}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        type: 'urn:core:problems:validation-error',
        errors: [{ parameter: 'id', detail: 'Parameter "id" must match ^0x[0-9a-fA-F]{64}$' }],
      });
    },
  );
});

describe('contractAddress', () => {
  test('behavior: the environment Contracts Registry is accepted, kept in every link', async () => {
    const registry = node.environment.contractsRegistry;
    const { status, body } = await get(
      `/templates?page[size]=5&contractAddress=${registry.toLowerCase()}`,
    );
    expect(status).toBe(200);
    const page = body as Page & { items: { id: Hex; href: string }[] };
    expect(page.self).toBe(link('/templates', 1, 5, `&contractAddress=${registry}`));
    expect(page.links.next).toBe(link('/templates', 2, 5, `&contractAddress=${registry}`));
    expect(page.items[0]?.href).toBe(
      `${base}/templates/${templateIds[0]}?contractAddress=${registry}`,
    );
    const item = await get(`/contracts/${deployments[0]}?contractAddress=${registry}`);
    expect(item.status).toBe(200);
  });

  test('error: another registry is 400 invalid-contract-address', async () => {
    const other = node.environment.registries['policies-registry'];
    const { status, body } = await get(`/contracts?contractAddress=${other}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'urn:core:problems:invalid-contract-address',
      title: 'Invalid Contract Address',
      status: 400,
      detail: `The contract at ${other} does not match the expected one (the environment's ContractsRegistry)`,
    });
  });

  test('error: an empty address is 400 invalid-contract-address', async () => {
    const empty = getAddress(randomAccount().address);
    const { status, body } = await get(`/templates/${templateIds[0]}?contractAddress=${empty}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:invalid-contract-address',
      detail: `No contract is deployed at ${empty}`,
    });
  });

  test('error: a malformed contractAddress is a validation error', async () => {
    const { status, body } = await get('/contracts?contractAddress=0x12');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [{ parameter: 'contractAddress' }],
    });
  });
});

describe('HTTP conventions', () => {
  test('behavior: HEAD answers without a body, errors too', async () => {
    const head = await fetch(`${base}/contracts/${deployments[0]}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const missing = await fetch(`${base}/templates/${generatePrivateKey()}`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });

  test('error: other methods are 405 with Allow', async () => {
    for (const path of ['/contracts', `/contracts/${deployments[0]}`, '/templates']) {
      const response = await fetch(`${base}${path}`, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  test('error: an unsatisfiable Accept is 406', async () => {
    expect((await get('/templates', { accept: 'text/html' })).status).toBe(406);
  });
});
