import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_POLICIES } from '../../src/genesis/adminPolicies.js';
import { REGISTRIES } from '../../src/registries/catalog.js';
import { randomAccount } from '../support/chain.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

const abi = REGISTRIES['policies-registry'].abi;
let node: TestNode;
let op: OperatorFixture;
let base: string;
let subject: Address;
let second: Address;

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  base = `${node.url}/v1/policies-registry`;
  const policies = node.environment.registries['policies-registry'];
  subject = randomAccount().address;
  await op.write({
    address: policies,
    abi,
    functionName: 'insertUserAttributes',
    args: [subject, ['TS:insertHashAlgorithm', 'X:custom']],
  });
  second = await op.deployInstance('policies-registry', [op.account.address]);
  await op.write({
    address: second,
    abi,
    functionName: 'insertPolicy',
    args: ['Only:second', 'Exists only in the second instance'],
  });
});
afterAll(() => node.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  getJson(node.url, `/v1/policies-registry${path}`, headers);
const link = (path: string, page: number, size: number, extra = '') =>
  `${base}${path}?page[after]=${page}&page[size]=${size}${extra}`;

describe('GET /policies', () => {
  const names = Object.keys(ADMIN_POLICIES);

  test('default: first page of the genesis policies', async () => {
    const { status, body } = await get('/policies');
    expect(status).toBe(200);
    expect(body).toEqual({
      self: link('/policies', 1, 10),
      items: names
        .slice(0, 10)
        .map((policyName) => ({ policyName, href: `${base}/policies/${policyName}` })),
      total: names.length,
      pageSize: 10,
      links: {
        first: link('/policies', 1, 10),
        prev: link('/policies', 1, 10),
        next: link('/policies', 2, 10),
        last: link('/policies', 3, 10),
      },
    });
  });

  test('behavior: middle, last and beyond-last pages', async () => {
    const middle = (await get('/policies?page[after]=2&page[size]=10')).body as {
      items: { policyName: string }[];
      links: object;
    };
    expect(middle.items.map((i) => i.policyName)).toEqual(names.slice(10, 20));
    expect(middle.links).toEqual({
      first: link('/policies', 1, 10),
      prev: link('/policies', 1, 10),
      next: link('/policies', 3, 10),
      last: link('/policies', 3, 10),
    });
    const last = (await get('/policies?page[after]=3&page[size]=10')).body as {
      items: unknown[];
      links: { next: string };
    };
    expect(last.items).toHaveLength(names.length - 20);
    expect(last.links.next).toBe(link('/policies', 3, 10));
    const beyond = (await get('/policies?page[after]=9&page[size]=10')).body as {
      self: string;
      items: unknown[];
      total: number;
    };
    expect(beyond).toMatchObject({
      self: link('/policies', 9, 10),
      items: [],
      total: names.length,
    });
  });

  test('behavior: a second instance through contractAddress, kept in every link', async () => {
    const { status, body } = await get(`/policies?page[size]=50&contractAddress=${second}`);
    expect(status).toBe(200);
    const page = body as {
      self: string;
      items: { policyName: string; href: string }[];
      total: number;
    };
    expect(page.total).toBe(7);
    expect(page.items.at(-1)).toEqual({
      policyName: 'Only:second',
      href: `${base}/policies/Only:second?contractAddress=${second}`,
    });
    expect(page.self).toBe(link('/policies', 1, 50, `&contractAddress=${second}`));
  });

  test.each([
    ['page[size]=51', 'page[size]', 'Parameter "page[size]" must be less than or equal to 50'],
    ['page[after]=1.5', 'page[after]', 'Parameter "page[after]" must be an integer'],
    ['name=x', 'name', 'Parameter "name" is not supported'],
  ])('error: %s', async (query, parameter, detail) => {
    const { status, body } = await get(`/policies?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      errors: [{ parameter, detail }],
    });
  });
});

describe('GET /policies/{policyName}', () => {
  test('default: one policy', async () => {
    const { status, body } = await get('/policies/TSR:insertSchema');
    expect(status).toBe(200);
    expect(body).toEqual({
      policyId: String(Object.keys(ADMIN_POLICIES).indexOf('TSR:insertSchema') + 1),
      policyName: 'TSR:insertSchema',
      description: ADMIN_POLICIES['TSR:insertSchema'],
      status: true,
    });
  });

  test('error: an unknown policy is 404 Policy Not Found', async () => {
    const { status, body } = await get('/policies/Nope:nothing');
    expect(status).toBe(404);
    expect(body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Policy Not Found',
      status: 404,
      detail: 'Policy "Nope:nothing" is not registered',
    });
  });

  test('behavior: a policy of the second instance only', async () => {
    expect((await get('/policies/Only:second')).status).toBe(404);
    expect((await get(`/policies/Only:second?contractAddress=${second}`)).body).toMatchObject({
      policyName: 'Only:second',
      policyId: '7',
    });
  });
});

describe('GET /subjects and their policies', () => {
  test('default: subjects list the operator and the new subject', async () => {
    const { body } = await get('/subjects');
    const items = (body as { items: { subject: Address; href: string }[] }).items;
    expect(items).toContainEqual({
      subject: op.account.address,
      href: `${base}/subjects/${op.account.address}`,
    });
    expect(items).toContainEqual({ subject, href: `${base}/subjects/${subject}` });
  });

  test('default: one subject, whatever the letter case asked', async () => {
    const { status, body } = await get(`/subjects/${subject.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body).toEqual({ subject, policies: `${base}/subjects/${subject}/policies` });
  });

  test('default: policies of a subject, and one of them', async () => {
    const { body } = await get(`/subjects/${subject}/policies`);
    expect(body).toMatchObject({
      items: [
        {
          policyName: 'TS:insertHashAlgorithm',
          href: `${base}/subjects/${subject}/policies/TS:insertHashAlgorithm`,
        },
        { policyName: 'X:custom', href: `${base}/subjects/${subject}/policies/X:custom` },
      ],
      total: 2,
    });
    expect((await get(`/subjects/${subject}/policies/X:custom`)).body).toEqual({
      subject,
      policyName: 'X:custom',
    });
  });

  test('error: unknown subject, a policy not held, a malformed address', async () => {
    const stranger = getAddress(randomAccount().address);
    expect((await get(`/subjects/${stranger}`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Subject Not Found',
      status: 404,
      detail: `Subject ${stranger} holds no policy`,
    });
    expect((await get(`/subjects/${stranger}/policies`)).status).toBe(404);
    expect((await get(`/subjects/${subject}/policies/TCR:deployProxy`)).body).toEqual({
      type: 'urn:core:problems:not-found',
      title: 'Subject Policy Not Found',
      status: 404,
      detail: `Subject ${subject} does not hold the policy "TCR:deployProxy"`,
    });
    const bad = await get('/subjects/0x1234');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: [
        { parameter: 'subject', detail: 'Parameter "subject" must match ^0x[0-9a-fA-F]{40}$' },
      ],
    });
  });

  test('error: the removed /users routes are 404', async () => {
    expect((await get('/users')).status).toBe(404);
    expect((await get(`/users/${subject}`)).status).toBe(404);
  });

  test('behavior: HEAD, 405 and 406', async () => {
    const head = await fetch(`${base}/subjects/${subject}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${base}/subjects`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/policies', { accept: 'text/html' })).status).toBe(406);
  });
});
