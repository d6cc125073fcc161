import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readRecord } from '../../src/genesis/operator.js';
import type { GovernanceJson, ProposalJson } from '../../src/governance/api/toGovernanceJson.js';
import { descriptorOf } from '../../src/registries/catalog.js';
import { createCli, runCli } from '../support/cli.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

/**
 * The governance commands of the CLI (docs/governance.md) on a 3-operator network, threshold 2,
 * six seconds' notice, each operator with a key file; REST shows every step.
 */
const DELAY = 6;
const NAMES = ['alice', 'bob', 'carol'] as const;
type Name = (typeof NAMES)[number] | 'dave';

vi.setConfig({ testTimeout: 180_000 });
let node: TestNode;
let workDir: string;
const addresses = {} as Record<Name, Address>;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'core-governance-cli-'));
  for (const name of [...NAMES, 'dave'] as const) {
    const run = await runCli(
      ['keys', 'generate', '--to', `${name}.key`, '--curve', 'secp256k1', '--json'],
      { cwd: workDir },
    );
    expect(run.code, run.stderr).toBe(0);
    addresses[name] = JSON.parse(run.stdout).address;
  }
  node = await startTestNode({
    governance: {
      operators: NAMES.map((name) => addresses[name]),
      threshold: 2,
      delaySeconds: DELAY,
    },
  });
}, 120_000);
afterAll(async () => {
  await node?.close();
  rmSync(workDir, { recursive: true, force: true });
});

const cli = createCli(
  () => node,
  () => workDir,
);
const as = (name: Name, ...args: string[]) =>
  cli.raw('admin', ...args, '--operator-key', `${name}.key`);
const asJson = async (name: Name, ...args: string[]) => {
  const run = await as(name, ...args, '--json');
  if (run.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${run.code}: ${run.stdout}`);
  return JSON.parse(run.stdout) as Record<string, unknown> & { id: string };
};
const governance = async () =>
  (await (await fetch(`${node.url}/v1/governance`)).json()) as GovernanceJson;
const proposal = async (id: string) => {
  const response = await fetch(`${node.url}/v1/governance/proposals/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProposalJson;
};
const waitOutNotice = () => new Promise((resolve) => setTimeout(resolve, (DELAY + 1) * 1000));
const policiesOf = async (subject: string) => {
  const response = await fetch(
    `${node.url}/v1/policies-registry/subjects/${subject}/policies?page[size]=50`,
  );
  return response.status === 200 ? JSON.stringify(await response.json()) : '';
};

describe('admin propose, approve, execute, cancel on a 3-operator network', () => {
  test('behavior: a policy grant and a template upgrade each wait for two operators and the notice; REST shows who decided what and when', async () => {
    // The key that ran genesis, which holds no policy now, is given the right to deploy instances.
    const subject = readRecord(join(node.dataDir, 'operator.json')).address;
    const grant = await asJson('alice', 'propose', 'grant', subject, 'TCR:deployProxy');
    const upgrade = await asJson(
      'bob',
      'propose',
      'upgrade-template',
      'timestamp',
      '1.0.1',
      '--ledger-url',
      node.node.ledgerUrl,
    );
    // The second proposal queues behind the first: the Safe runs its nonces in order.
    expect(BigInt(upgrade.nonce as string)).toBe(BigInt(grant.nonce as string) + 1n);
    const pending = await proposal(grant.id);
    expect(pending).toMatchObject({
      status: 'pending',
      kind: 'schedule',
      delaySeconds: DELAY,
      proposer: addresses.alice,
      approvals: [{ owner: addresses.alice }],
      approvalsNeeded: 2,
      calls: [
        {
          contract: 'policies-registry',
          function: 'insertUserAttributes',
          args: { subject, attributes: ['TCR:deployProxy'] },
        },
      ],
    });
    expect((await proposal(upgrade.id)).status).toBe('queued');

    // One operator alone cannot decide: the CLI says how many approvals are missing.
    const alone = await as('alice', 'execute', grant.id.slice(0, 10));
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/1 more operator/);

    // Each command says what will happen before it signs.
    const approved = await as('bob', 'approve', grant.id.slice(0, 10));
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stderr).toMatch(/policies-registry\.insertUserAttributes\(.*TCR:deployProxy/);
    expect((await asJson('carol', 'execute', grant.id)).status).toBe('scheduled');
    // Scheduled: not before the notice has passed.
    const early = await as('alice', 'execute', grant.id);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/scheduled: .*it may run from/);
    expect(await policiesOf(subject)).not.toContain('TCR:deployProxy');
    await asJson('carol', 'approve', upgrade.id);
    expect((await asJson('alice', 'execute', upgrade.id)).status).toBe('scheduled');

    await waitOutNotice();
    expect((await asJson('bob', 'execute', grant.id)).status).toBe('executed');
    expect((await asJson('bob', 'execute', upgrade.id)).status).toBe('executed');
    expect(await policiesOf(subject)).toContain('TCR:deployProxy');
    // A Policies Registry instance it deploys is administered by the timelock, not by the key.
    const { contractAddress } = JSON.parse(
      (
        await cli.raw(
          'admin',
          'deploy-instance',
          'policies-registry',
          '--ledger-url',
          node.node.ledgerUrl,
          '--json',
        )
      ).stdout,
    ) as { contractAddress: string };
    const instancePolicies = async (holder: string) =>
      JSON.stringify(
        await (
          await fetch(
            `${node.url}/v1/policies-registry/subjects/${holder}/policies?contractAddress=${contractAddress}&page[size]=50`,
          )
        ).json(),
      );
    const { timelock } = (await governance()) as { timelock: string };
    expect(await instancePolicies(timelock)).toContain('TPR:insertPolicy');
    expect(await instancePolicies(subject)).not.toContain('TPR:insertPolicy');
    const { type } = descriptorOf('timestamp').contract;
    const template = (await (
      await fetch(`${node.url}/v1/contracts-registry/templates/${type}`)
    ).json()) as { version: string; implementation: string };
    const upgraded = await proposal(upgrade.id);
    expect(template.version).toBe('1.0.1');
    expect(upgraded.calls[0]).toMatchObject({
      contract: 'contracts-registry',
      function: 'upgradeTemplate',
      args: { version: '1.0.1', implementation: template.implementation },
    });
    const done = await proposal(grant.id);
    expect(done).toMatchObject({
      status: 'executed',
      approvals: [{ owner: addresses.alice }, { owner: addresses.bob }],
      decided: { executor: addresses.carol },
      executed: { transactionHash: expect.stringMatching(/^0x/) },
    });
    expect(Date.parse(done.readyAt as string)).toBeLessThanOrEqual(
      Date.parse(done.executed?.time as string),
    );
    const listed = await as('carol', 'proposals', 'all');
    expect(listed.stdout).toContain(`${grant.id} [executed]`);
  });

  test('behavior: a scheduled operation cancelled by two operators never runs; a pending proposal rejected at its nonce is superseded', async () => {
    const scheduled = await asJson('alice', 'propose', 'hash-algorithm', 'sha-384');
    await asJson('bob', 'approve', scheduled.id);
    await asJson('bob', 'execute', scheduled.id);
    const cancelling = await asJson('carol', 'cancel', scheduled.id);
    expect(await proposal(cancelling.id)).toMatchObject({
      kind: 'cancel',
      operationId: (await proposal(scheduled.id)).operationId,
    });
    await asJson('alice', 'execute', cancelling.id);
    expect((await proposal(scheduled.id)).status).toBe('cancelled');
    await waitOutNotice();
    const late = await as('alice', 'execute', scheduled.id);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/cancelled: nothing to execute/);

    const unwanted = await asJson('alice', 'propose', 'hash-algorithm', 'sha-512');
    const rejection = await asJson('bob', 'cancel', unwanted.id);
    expect(rejection.nonce).toBe(unwanted.nonce);
    expect((await proposal(rejection.id)).kind).toBe('rejection');
    await asJson('carol', 'execute', rejection.id);
    expect((await proposal(unwanted.id)).status).toBe('superseded');
    expect((await as('alice', 'approve', unwanted.id)).code).toBe(1);
  });

  test('behavior: operators are added by the governance; the threshold never exceeds them; outsiders propose nothing', async () => {
    const added = await asJson('alice', 'propose', 'add-operator', addresses.dave);
    expect(await proposal(added.id)).toMatchObject({
      kind: 'membership',
      calls: [{ contract: 'safe', function: 'addOwnerWithThreshold' }],
    });
    expect((await as('dave', 'approve', added.id)).code).toBe(1);
    await asJson('carol', 'execute', added.id);
    expect((await governance()).members).toContain(addresses.dave);
    // Dave is an operator now: he proposes, and two of four still decide.
    const raised = await asJson('dave', 'propose', 'threshold', '3');
    await asJson('alice', 'execute', raised.id);
    expect((await governance()).threshold).toBe(3);

    const tooMany = await as('alice', 'propose', 'threshold', '5');
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/from 1 to 4/);
    const outsider = await runCli(['keys', 'generate', '--to', 'eve.key', '--curve', 'secp256k1'], {
      cwd: workDir,
    });
    expect(outsider.code).toBe(0);
    const refused = await cli.raw(
      'admin',
      'propose',
      'hash-algorithm',
      'sha-512',
      '--operator-key',
      'eve.key',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not an operator of this network/);
    expect(readFileSync(join(workDir, 'eve.key'), 'utf8')).toContain('"d"');
  });
});

describe('a network its operator governs alone', () => {
  test('default: GET /v1/governance names the operator; the governance commands say there is none', async () => {
    const single = await startTestNode();
    try {
      const response = await fetch(`${single.url}/v1/governance`);
      expect(await response.json()).toEqual({
        governed: false,
        operatorDid: single.environment.operatorDid,
      });
      const missing = await fetch(`${single.url}/v1/governance/proposals/0x${'00'.repeat(32)}`);
      expect(missing.status).toBe(404);
      const run = await runCli(['admin', 'proposals'], {
        cwd: workDir,
        env: { CORE_NODE_URL: single.url, CORE_DATA_DIR: single.dataDir },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/no governance/);
    } finally {
      await single.close();
    }
  });
});
