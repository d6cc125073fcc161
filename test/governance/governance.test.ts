import { randomBytes } from 'node:crypto';
import { type Address, encodeFunctionData, type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestToken, type Signer } from '../../src/client/index.js';
import { ADMIN_POLICIES } from '../../src/genesis/adminPolicies.js';
import type { Governance } from '../../src/genesis/environment.js';
import { SAFE, TIMELOCK } from '../../src/governance/contracts.js';
import {
  approvedSignatures,
  executeData,
  operationId,
  safeCallArgs,
  scheduleData,
  type TimelockOperation,
} from '../../src/governance/safeTransactions.js';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { toDidKey } from '../../src/identity/didKey.js';
import { ISSUER_TYPES } from '../../src/identity/issuerTypes.js';
import { toSecp256k1PrivateJwk } from '../../src/identity/jwk.js';
import { CONTRACTS_REGISTRY_DESCRIPTOR, descriptorOf } from '../../src/registries/catalog.js';
import { mineBlock, safeTransaction } from '../support/governance.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { postLedger, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * A governed network (docs/governance.md): three operators, two of whom decide, four seconds'
 * notice. Every refusal here is the contracts', sent straight to the ledger.
 */
const DELAY = 4;
const operatorKeys = [0, 1, 2].map(() => generatePrivateKey());
const operators = operatorKeys.map((key) => privateKeyToAccount(key));
const [alice, bob, carol] = operators as [
  (typeof operators)[0],
  (typeof operators)[0],
  (typeof operators)[0],
];
let node: TestNode;
let genesis: OperatorFixture;
let governance: Governance;

beforeAll(async () => {
  node = await startTestNode({
    governance: {
      operators: operators.map((account) => account.address),
      threshold: 2,
      delaySeconds: DELAY,
    },
  });
  genesis = await operatorOf(node);
  governance = node.environment.governance as Governance;
}, 120_000);
afterAll(() => node?.close());

const policies = () => ({
  address: node.environment.registries['policies-registry'],
  abi: descriptorOf('policies-registry').contract.abi,
});
const read = (call: Record<string, unknown>) => genesis.chain.client.readContract(call as never);
/** The policies a subject holds; none for a subject the registry never saw (`SubjectNotFound`). */
const policiesOf = async (subject: Address) =>
  (
    (await read({
      ...policies(),
      functionName: 'getSubjectAttributes',
      args: [subject, 1n, 50n],
    }).catch((error: Error) => {
      if (/SubjectNotFound/.test(String(error))) return [[]];
      throw error;
    })) as [string[]]
  )[0];

/** The admin calls no single operator may make. */
async function adminCalls(): Promise<{ name: string; call: Record<string, unknown> }[]> {
  const timestamp = descriptorOf('timestamp').contract;
  const implementation = await genesis.chain.deploy(alice, timestamp);
  const did = createDidCoreV1();
  return [
    {
      name: 'upgrade a template',
      call: {
        address: node.environment.contractsRegistry,
        abi: CONTRACTS_REGISTRY_DESCRIPTOR.contract.abi,
        functionName: 'upgradeTemplate',
        args: [timestamp.type, '1.0.1', implementation],
      },
    },
    {
      name: 'insert a policy',
      call: {
        ...policies(),
        functionName: 'insertPolicy',
        args: ['GOV:test', 'A governed policy'],
      },
    },
    {
      name: 'grant a policy',
      call: {
        ...policies(),
        functionName: 'insertUserAttributes',
        args: [alice.address, ['TPR:insertPolicy']],
      },
    },
    {
      name: 'accredit a Root TAO',
      call: {
        address: node.environment.registries['issuers-registry'],
        abi: descriptorOf('issuers-registry').contract.abi,
        functionName: 'setAttributeMetadata',
        args: [
          did,
          toHex(randomBytes(32)),
          ISSUER_TYPES.indexOf('RootTAO'),
          did,
          `0x${'00'.repeat(32)}`,
        ],
      },
    },
  ];
}

function operation(calls: { call: Record<string, unknown> }[]): TimelockOperation {
  return {
    calls: calls.map(({ call }) => ({
      target: call.address as Address,
      data: encodeFunctionData(call as never),
    })),
    salt: toHex(randomBytes(32)),
    delaySeconds: DELAY,
  };
}

async function isDone(op: TimelockOperation): Promise<boolean> {
  return (await read({
    address: governance.timelock,
    abi: TIMELOCK.abi,
    functionName: 'isOperationDone',
    args: [operationId(op)],
  })) as boolean;
}

/** A call of the timelock about `op` by `sender`: `scheduleBatch` (with the delay) or `executeBatch`. */
const timelock = (
  sender: typeof alice,
  functionName: 'scheduleBatch' | 'executeBatch',
  op: TimelockOperation,
) =>
  genesis.chain.write(sender, {
    address: governance.timelock,
    abi: TIMELOCK.abi,
    functionName,
    args: [
      op.calls.map((c) => c.target),
      op.calls.map(() => 0n),
      op.calls.map((c) => c.data),
      `0x${'00'.repeat(32)}`,
      op.salt,
      ...(functionName === 'scheduleBatch' ? [BigInt(op.delaySeconds)] : []),
    ],
  });
const execute = (op: TimelockOperation) => timelock(carol, 'executeBatch', op);

/**
 * Waits out the notice period in real time: the embedded ledger mines only when a transaction
 * comes, and the execution's own block carries the time the timelock checks.
 */
async function waitOutDelay(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, (DELAY + 1) * 1000));
  await mineBlock(genesis.chain, node.environment.chainId);
}

/** An operator's did:key signer over its Ethereum key: its token holder. */
function didKeySigner(key: Hex): Signer {
  const privateKeyJwk = toSecp256k1PrivateJwk(key);
  const { kty, crv, x, y } = privateKeyJwk;
  const did = toDidKey({ kty, crv, x, y });
  return { did, kid: `${did}#${did.slice('did:key:'.length)}`, privateKeyJwk };
}

/** Signs a call and sends it through the node's write gate with `token`; resolves at its receipt. */
async function sendThroughApi(
  account: typeof alice,
  token: string,
  call: { to: Address; data: Hex },
): Promise<void> {
  const nonce = await genesis.chain.client.getTransactionCount({
    address: account.address,
    blockTag: 'pending',
  });
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: node.environment.chainId,
    ...call,
    nonce,
    gas: 5_000_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
  const sent = await postLedger(
    node.url,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }),
    { authorization: `Bearer ${token}` },
  );
  const { result, error } = sent.json as { result?: Hex; error?: { message: string } };
  if (!result) throw new Error(error?.message ?? sent.text);
  const receipt = await genesis.chain.client.waitForTransactionReceipt({
    hash: result,
    pollingInterval: 25,
  });
  if (receipt.status !== 'success') throw new Error(`${result} reverted`);
}

describe('a governed network: 3 operators, threshold 2', () => {
  test('default: genesis hands every admin policy to the timelock; the genesis key keeps none', async () => {
    const held = await policiesOf(governance.timelock);
    expect(held).toEqual(expect.arrayContaining(Object.keys(ADMIN_POLICIES)));
    expect(await policiesOf(genesis.account.address)).toEqual([]);
    expect(
      await read({ address: governance.safe, abi: SAFE.abi, functionName: 'getOwners' }),
    ).toEqual(operators.map((account) => account.address));
    expect(
      await read({ address: governance.safe, abi: SAFE.abi, functionName: 'getThreshold' }),
    ).toBe(2n);
    expect(
      await read({ address: governance.timelock, abi: TIMELOCK.abi, functionName: 'getMinDelay' }),
    ).toBe(BigInt(DELAY));
  });

  test('error: one operator alone cannot upgrade, insert or grant a policy, or accredit a Root TAO', async () => {
    const calls = await adminCalls();
    for (const { name, call } of calls) {
      for (const sender of [alice, genesis.account]) {
        await expect(genesis.chain.write(sender as never, call as never), name).rejects.toThrow(
          /PolicyDenied|Denied|Unauthori[sz]ed/,
        );
      }
    }
    const op = operation(calls);
    // Straight to the timelock: only the Safe proposes.
    await expect(timelock(alice, 'scheduleBatch', op)).rejects.toThrow(
      /AccessControlUnauthorizedAccount/,
    );
    // Through the Safe with one approval of two.
    await expect(
      safeTransaction(genesis.chain, governance.safe, [alice], {
        to: governance.timelock,
        data: scheduleData(op),
      }),
    ).rejects.toThrow(/GS020|GS025|GS026/);
  });

  test('behavior: two operators decide; the decision runs after the notice period, not before', async () => {
    const calls = (await adminCalls()).filter(({ name }) => name !== 'accredit a Root TAO');
    const op = operation(calls);
    await safeTransaction(genesis.chain, governance.safe, [alice, bob], {
      to: governance.timelock,
      data: scheduleData(op),
    });
    await expect(execute(op)).rejects.toThrow(/TimelockUnexpectedOperationState/);
    await waitOutDelay();
    await execute(op);
    expect(await isDone(op)).toBe(true);
    expect(await policiesOf(alice.address)).toEqual(['TPR:insertPolicy']);
    const template = (await read({
      address: node.environment.contractsRegistry,
      abi: CONTRACTS_REGISTRY_DESCRIPTOR.contract.abi,
      functionName: 'getTemplate',
      args: [descriptorOf('timestamp').contract.type],
    })) as { version: string };
    expect(template.version).toBe('1.0.1');
  });

  test('error: a cancelled decision cannot execute', async () => {
    const op = operation([
      { call: { ...policies(), functionName: 'insertPolicy', args: ['GOV:cancelled', 'Never'] } },
    ]);
    await safeTransaction(genesis.chain, governance.safe, [bob, carol], {
      to: governance.timelock,
      data: scheduleData(op),
    });
    const cancel = encodeFunctionData({
      abi: TIMELOCK.abi,
      functionName: 'cancel',
      args: [operationId(op)],
    });
    await safeTransaction(genesis.chain, governance.safe, [carol, alice], {
      to: governance.timelock,
      data: cancel,
    });
    await waitOutDelay();
    await expect(execute(op)).rejects.toThrow(/TimelockUnexpectedOperationState/);
    expect(await isDone(op)).toBe(false);
  });

  test('behavior: membership is governed too, and the threshold never exceeds the members', async () => {
    const dave = privateKeyToAccount(generatePrivateKey());
    const safe = (functionName: string, args: unknown[]) => ({
      to: governance.safe,
      data: encodeFunctionData({ abi: SAFE.abi, functionName, args } as never) as Hex,
    });
    await expect(
      safeTransaction(
        genesis.chain,
        governance.safe,
        [alice],
        safe('addOwnerWithThreshold', [dave.address, 2n]),
      ),
    ).rejects.toThrow(/GS020|GS025|GS026/);
    await safeTransaction(
      genesis.chain,
      governance.safe,
      [alice, bob],
      safe('addOwnerWithThreshold', [dave.address, 2n]),
    );
    expect(
      await read({ address: governance.safe, abi: SAFE.abi, functionName: 'getOwners' }),
    ).toHaveLength(4);
    await expect(
      safeTransaction(genesis.chain, governance.safe, [alice, dave], safe('changeThreshold', [5n])),
    ).rejects.toThrow(/GS013|GS201/);
    expect(
      await read({ address: governance.safe, abi: SAFE.abi, functionName: 'getThreshold' }),
    ).toBe(2n);
  });

  test('behavior: operators decide through POST /v1/ledger with ledger:invoke tokens; nobody else gets one', async () => {
    const [aliceSigner, bobSigner, carolSigner] = operatorKeys.map(didKeySigner) as [
      Signer,
      Signer,
      Signer,
    ];
    const tokenFor = async (holder: Signer, contract: Address) =>
      (await requestToken({ baseUrl: node.url, scope: `openid ledger:invoke:${contract}`, holder }))
        .accessToken;
    const op = operation([
      {
        call: {
          ...policies(),
          functionName: 'insertPolicy',
          args: ['GOV:api', 'Decided through the API'],
        },
      },
    ]);
    const schedule = { to: governance.timelock, data: scheduleData(op) };
    const nonce = (await read({
      address: governance.safe,
      abi: SAFE.abi,
      functionName: 'nonce',
    })) as bigint;
    const hash = (await read({
      address: governance.safe,
      abi: SAFE.abi,
      functionName: 'getTransactionHash',
      args: [...safeCallArgs(schedule), nonce],
    })) as Hex;
    await sendThroughApi(alice, await tokenFor(aliceSigner, governance.safe), {
      to: governance.safe,
      data: encodeFunctionData({ abi: SAFE.abi, functionName: 'approveHash', args: [hash] }),
    });
    await sendThroughApi(bob, await tokenFor(bobSigner, governance.safe), {
      to: governance.safe,
      data: encodeFunctionData({
        abi: SAFE.abi,
        functionName: 'execTransaction',
        args: [...safeCallArgs(schedule), approvedSignatures([alice.address, bob.address])],
      }),
    });
    await waitOutDelay();
    const executeToken = await tokenFor(carolSigner, governance.timelock);
    await sendThroughApi(carol, executeToken, { to: governance.timelock, data: executeData(op) });
    expect(await isDone(op)).toBe(true);

    // A token for one governance contract writes to that contract only.
    const refused = await sendThroughApi(carol, executeToken, {
      to: governance.safe,
      data: '0x',
    }).catch((error: Error) => error.message);
    expect(refused).toMatch(/not a registry|cannot be written|target/i);
    // Not an operator: no token for the governance's contracts; and no other contract is invocable.
    const outsider = didKeySigner(generatePrivateKey());
    await expect(tokenFor(outsider, governance.safe)).rejects.toThrow(
      /controls no key of the governance's operators/,
    );
    await expect(tokenFor(aliceSigner, genesis.account.address)).rejects.toThrow(/not registered/);
  });
});
