import { randomBytes } from 'node:crypto';
import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Account,
  type Address,
  BaseError,
  bytesToHex,
  ContractFunctionRevertedError,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  keccak256,
  sha256,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import { timestampAbi, timestampBytecode } from '../../artifacts/Timestamp.js';
import {
  CORE_REGISTRY_INTERFACE_ID,
  type ContractCall,
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const MATURITY = 5n;
const ACTIVE = 1;
const REVOKED = 2;
const ZERO_HASH = `0x${'00'.repeat(32)}` as const;

type RevealLeg =
  | 'timestampHashes'
  | 'timestampRecordHashes'
  | 'timestampVersionHashes'
  | 'timestampRecordVersionHashes'
  | 'appendRecordVersionHashes';

/** The commitment layout of each reveal leg, written out independently of the ABI. */
const COMMITMENTS: Record<RevealLeg, { signature: string; types: string[] }> = {
  timestampHashes: {
    signature: 'timestampHashes(uint256[],bytes[],bytes[],bytes32)',
    types: ['uint256[]', 'bytes[]', 'bytes[]', 'bytes32'],
  },
  timestampRecordHashes: {
    signature: 'timestampRecordHashes(uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
  timestampVersionHashes: {
    signature: 'timestampVersionHashes(bytes,uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['bytes', 'uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
  timestampRecordVersionHashes: {
    signature: 'timestampRecordVersionHashes(bytes32,uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['bytes32', 'uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
  appendRecordVersionHashes: {
    signature: 'appendRecordVersionHashes(bytes32,uint256,uint256[],bytes[],bytes[],bytes,bytes32)',
    types: ['bytes32', 'uint256', 'uint256[]', 'bytes[]', 'bytes[]', 'bytes', 'bytes32'],
  },
};

/** `keccak256(abi.encode(sender, selector, ...args))`, args ending with the salt. */
function commitmentOf(sender: Address, leg: RevealLeg, args: readonly unknown[]): Hex {
  const { signature, types } = COMMITMENTS[leg];
  const params: AbiParameter[] = ['address', 'bytes4', ...types].map((type) => ({ type }));
  return keccak256(
    encodeAbiParameters(params, [sender, toFunctionSelector(signature), ...args] as never),
  );
}

const randomHash = (bytes = 32): Hex => bytesToHex(randomBytes(bytes));
const salt = (): Hex => randomHash();
const lower = (address: Address) => address.toLowerCase();

let chain: TestChain;
let admin: Account;
let policies: Address;
let registry: Address;
/** Ids of the algorithms inserted by the fixture. */
let SHA256: bigint;
let SHA3_256: bigint;
let REVOKED_ALGORITHM: bigint;
/** Gas used by each write function in its default test, printed at the end. */
const gas = new Map<string, bigint>();
const recordGas = (scenario: string, receipt: TransactionReceipt) =>
  gas.set(scenario, receipt.gasUsed);

const call = (functionName: string, args: readonly unknown[] = []): ContractCall => ({
  address: registry,
  abi: timestampAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  chain.client.readContract(call(functionName, args) as never) as Promise<T>;
const events = (receipt: TransactionReceipt) => eventsOf(timestampAbi, receipt);
const eventArgs = (receipt: TransactionReceipt, eventName: string) =>
  events(receipt)
    .filter((e) => e.eventName === eventName)
    .map((e) => e.args);

async function send(account: Account, functionName: string, args: readonly unknown[]) {
  return chain.write(account, call(functionName, args));
}

async function waitForBlock(blockNumber: bigint): Promise<void> {
  while ((await chain.client.getBlockNumber({ cacheTime: 0 })) < blockNumber) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Commits `account` to calling `leg` with `args` and waits until the latest block is the first one
 * where the reveal succeeds (`eth_call` runs in the context of the latest block itself, and a
 * transaction lands in a later one). Returns the block of the commitment.
 */
async function commitAndWait(
  account: Account,
  leg: RevealLeg,
  args: readonly unknown[],
): Promise<bigint> {
  const commitment = commitmentOf(account.address, leg, args);
  const receipt = await send(account, 'commitTimestampHashes', [commitment]);
  await waitForBlock(receipt.blockNumber + MATURITY);
  return receipt.blockNumber;
}

/** Commits, waits for maturity and reveals; returns the reveal's receipt. */
async function reveal(account: Account, leg: RevealLeg, args: readonly unknown[]) {
  await commitAndWait(account, leg, args);
  return send(account, leg, args);
}

/** Commits, waits for maturity and returns the custom error the reveal reverts with. */
async function revealReverts(account: Account, leg: RevealLeg, args: readonly unknown[]) {
  await commitAndWait(account, leg, args);
  return revertOf(chain, account, call(leg, args));
}

/** {@link revertOf} with `eth_call` pinned at `blockNumber` (which runs with that `block.number`). */
async function revertAt(account: Account, contractCall: ContractCall, blockNumber: bigint) {
  try {
    await chain.client.simulateContract({ ...contractCall, account, blockNumber } as never);
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
        return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
      }
    }
    throw error;
  }
  throw new Error(`${contractCall.functionName} did not revert at block ${blockNumber}`);
}

async function blockTime(blockNumber: bigint): Promise<bigint> {
  return (await chain.client.getBlock({ blockNumber })).timestamp;
}

async function insertAlgorithm(
  outputLength: bigint,
  ianaName: string,
  status = ACTIVE,
): Promise<bigint> {
  const receipt = await send(admin, 'insertHashAlgorithm', [
    outputLength,
    ianaName,
    '1.2.3',
    status,
    ianaName,
  ]);
  const [inserted] = eventArgs(receipt, 'HashAlgorithmInserted') as { hashAlgorithmId: bigint }[];
  if (!inserted) throw new Error('no HashAlgorithmInserted event');
  return inserted.hashAlgorithmId;
}

type Created = { recordId: Hex; hashValues: Hex[]; receipt: TransactionReceipt };

/** A record of `account` whose version 0 holds `count` fresh sha-256 hashes (or `hashValues`). */
async function createRecord(
  account: Account,
  options: { count?: number; hashValues?: Hex[]; versionInfo?: Hex } = {},
): Promise<Created> {
  const hashValues =
    options.hashValues ?? Array.from({ length: options.count ?? 1 }, () => randomHash());
  const receipt = await reveal(account, 'timestampRecordHashes', [
    hashValues.map(() => SHA256),
    hashValues,
    [],
    options.versionInfo ?? '0x',
    salt(),
  ]);
  const [created] = eventArgs(receipt, 'RecordCreated') as { recordId: Hex }[];
  if (!created) throw new Error('no RecordCreated event');
  return { recordId: created.recordId, hashValues, receipt };
}

const sha256Args = (hashValues: Hex[]) => [hashValues.map(() => SHA256), hashValues, []] as const;

beforeAll(async () => {
  // Reverts are checked with calls at past blocks (maturity − 1): a ledger of its own that keeps
  // them (a node's keeps the head's state only).
  chain = await startTestChain({ ownLedger: true, historyStates: 64 });
  admin = randomAccount();
  ({ address: policies } = await chain.deployProxy(
    admin,
    { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode },
    [admin.address],
  ));
  const policyCall = (functionName: string, args: readonly unknown[]) => ({
    address: policies,
    abi: policiesRegistryAbi as Abi,
    functionName,
    args,
  });
  await chain.write(admin, policyCall('insertPolicy', ['TS:insertHashAlgorithm', 'Insert']));
  await chain.write(admin, policyCall('insertPolicy', ['TS:updateHashAlgorithm', 'Update']));
  await chain.write(
    admin,
    policyCall('insertUserAttributes', [
      admin.address,
      ['TS:insertHashAlgorithm', 'TS:updateHashAlgorithm'],
    ]),
  );
  ({ address: registry } = await chain.deployProxy(
    admin,
    { abi: timestampAbi, bytecode: timestampBytecode },
    [policies],
  ));
  SHA256 = await insertAlgorithm(256n, 'sha-256');
  if (SHA256 !== 0n) throw new Error('sha-256 must be algorithm 0');
  SHA3_256 = await insertAlgorithm(256n, 'sha3-256');
  REVOKED_ALGORITHM = await insertAlgorithm(128n, 'md5', REVOKED);
});

afterAll(async () => {
  console.log(
    `Timestamp gas used:\n${[...gas].map(([name, used]) => `  ${name}: ${used}`).join('\n')}`,
  );
  await chain?.close();
});

// Suites that only use fresh accounts run their tests concurrently: most of the time is spent
// waiting for commitments to mature. The hash-algorithm suites share the admin's nonce.
describe('Timestamp', () => {
  test('default: initialize links the Policies Registry and sets the constants', async () => {
    expect(await read('policiesRegistry')).toBe(policies);
    expect(await read('registryType')).toBe(keccak256(toHex('core.Timestamp')));
    expect(await read('TIMESTAMP_COMMITMENT_MATURITY')).toBe(5n);
    expect(await read('MAX_HASHES_PER_CALL')).toBe(3n);
    expect(await read('MAX_TIMESTAMPS_PER_VERSION')).toBe(10n);
    expect(await read('MAX_RECORDS_PER_TIMESTAMP')).toBe(10n);
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true);
    const registryTypeSelector = CORE_REGISTRY_INTERFACE_ID;
    expect(await read('supportsInterface', [registryTypeSelector])).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
    // type(ITimestamp).interfaceId: the XOR of the selectors of its functions, i.e. of every
    // function of the contract but the three that come from elsewhere.
    const inherited = ['initialize', 'registryType', 'policiesRegistry', 'supportsInterface'];
    const interfaceId = (timestampAbi as Abi)
      .filter((entry): entry is AbiFunction => entry.type === 'function')
      .filter((entry) => !inherited.includes(entry.name))
      .reduce((id, entry) => id ^ hexToBigInt(toFunctionSelector(entry)), 0n);
    expect(await read('supportsInterface', [toHex(interfaceId, { size: 4 })])).toBe(true);
  });

  test('error: initialize cannot run twice', async () => {
    expect(await revertOf(chain, admin, call('initialize', [policies]))).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
  });

  test('behavior: storage lives at the ERC-7201 slot of core.storage.Timestamp', async () => {
    const inner = hexToBigInt(keccak256(toHex('core.storage.Timestamp'))) - 1n;
    const slot =
      hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [inner]))) & ~0xffn;
    expect(toHex(slot, { size: 32 })).toBe(
      '0x627633d2e23adf43326a70f530603442061f16e31db47338bcfa0563837f9300',
    );
    // The first member is the hash-algorithm array, whose length sits at the slot itself.
    const stored = await chain.client.getStorageAt({
      address: registry,
      slot: toHex(slot, { size: 32 }),
    });
    const [, total] = await read<[bigint[], bigint]>('getHashAlgorithms', [1n, 1n]);
    expect(hexToBigInt(stored ?? '0x0')).toBe(total);
  });

  describe('insertHashAlgorithm', () => {
    test('default: inserts with the next id and emits HashAlgorithmInserted', async () => {
      const [, before] = await read<[bigint[], bigint]>('getHashAlgorithms', [1n, 1n]);
      const receipt = await send(admin, 'insertHashAlgorithm', [
        512n,
        'sha-512-insert',
        '2.16.840.1.101.3.4.2.3',
        ACTIVE,
        'sha2-512',
      ]);
      recordGas('insertHashAlgorithm', receipt);
      const expected = {
        hashAlgorithmId: before,
        outputLength: 512n,
        ianaName: 'sha-512-insert',
        oid: '2.16.840.1.101.3.4.2.3',
        status: ACTIVE,
        multiHash: 'sha2-512',
      };
      expect(events(receipt)).toEqual([{ eventName: 'HashAlgorithmInserted', args: expected }]);
      expect(await read('getHashAlgorithm', [before])).toEqual(expected);
      const [ids, total] = await read<[bigint[], bigint]>('getHashAlgorithms', [1n, 50n]);
      expect(total).toBe(before + 1n);
      expect(ids).toEqual(Array.from({ length: Number(total) }, (_, i) => BigInt(i)));
    });

    test('error: sender without TS:insertHashAlgorithm', async () => {
      const stranger = randomAccount();
      expect(
        await revertOf(chain, stranger, call('insertHashAlgorithm', [256n, 'x', '', ACTIVE, 'x'])),
      ).toEqual({ errorName: 'PolicyDenied', args: ['TS:insertHashAlgorithm', stranger.address] });
    });

    test.each([
      [[0n, 'a', '', ACTIVE, ''], 'HashAlgorithmOutputLengthZero', []],
      [[256n, 'a', '', 0, ''], 'HashAlgorithmStatusInvalid', [0]],
      [[256n, '', '', ACTIVE, ''], 'HashAlgorithmIanaNameEmpty', []],
      [[256n, 'sha-256', '', ACTIVE, ''], 'HashAlgorithmIanaNameExists', ['sha-256']],
    ])('error: insertHashAlgorithm(%s) reverts %s', async (args, errorName, errorArgs) => {
      expect(await revertOf(chain, admin, call('insertHashAlgorithm', args))).toEqual({
        errorName,
        args: errorArgs,
      });
    });
  });

  describe('updateHashAlgorithm', () => {
    test('default: replaces the fields, may keep or change the name, frees the old one', async () => {
      const id = await insertAlgorithm(384n, 'sha-384-update');
      const kept = await send(admin, 'updateHashAlgorithm', [
        id,
        384n,
        'sha-384-update',
        '2.16.840.1.101.3.4.2.2',
        REVOKED,
        'sha2-384',
      ]);
      recordGas('updateHashAlgorithm (same name)', kept);
      expect(events(kept)).toEqual([
        {
          eventName: 'HashAlgorithmUpdated',
          args: {
            hashAlgorithmId: id,
            outputLength: 384n,
            ianaName: 'sha-384-update',
            oid: '2.16.840.1.101.3.4.2.2',
            status: REVOKED,
            multiHash: 'sha2-384',
          },
        },
      ]);
      await send(admin, 'updateHashAlgorithm', [id, 384n, 'sha-384-renamed', '', ACTIVE, 'm']);
      expect(await read('getHashAlgorithm', [id])).toEqual({
        hashAlgorithmId: id,
        outputLength: 384n,
        ianaName: 'sha-384-renamed',
        oid: '',
        status: ACTIVE,
        multiHash: 'm',
      });
      // The old name is free again.
      const other = await insertAlgorithm(384n, 'sha-384-update');
      expect(other).toBeGreaterThan(id);
    });

    test('error: two algorithms cannot share an ianaName', async () => {
      const id = await insertAlgorithm(256n, 'clash-a');
      expect(
        await revertOf(
          chain,
          admin,
          call('updateHashAlgorithm', [id, 256n, 'sha-256', '', ACTIVE, '']),
        ),
      ).toEqual({ errorName: 'HashAlgorithmIanaNameExists', args: ['sha-256'] });
    });

    test('error: sender without TS:updateHashAlgorithm, unknown id', async () => {
      const stranger = randomAccount();
      expect(
        await revertOf(
          chain,
          stranger,
          call('updateHashAlgorithm', [0n, 256n, 'x', '', ACTIVE, '']),
        ),
      ).toEqual({ errorName: 'PolicyDenied', args: ['TS:updateHashAlgorithm', stranger.address] });
      expect(
        await revertOf(
          chain,
          admin,
          call('updateHashAlgorithm', [999n, 256n, 'x', '', ACTIVE, '']),
        ),
      ).toEqual({ errorName: 'HashAlgorithmNotFound', args: [999n] });
    });

    test.each([
      [[0n, 'u', '', ACTIVE, ''], 'HashAlgorithmOutputLengthZero', []],
      [[256n, 'u', '', 0, ''], 'HashAlgorithmStatusInvalid', [0]],
      [[256n, '', '', ACTIVE, ''], 'HashAlgorithmIanaNameEmpty', []],
    ])('error: updateHashAlgorithm(id, %s) reverts %s', async (args, errorName, errorArgs) => {
      expect(
        await revertOf(chain, admin, call('updateHashAlgorithm', [SHA3_256, ...args])),
      ).toEqual({ errorName, args: errorArgs });
    });
  });

  describe.concurrent('commitTimestampHashes', () => {
    test('default: records the commitment and emits CommitmentRecorded', async () => {
      const account = randomAccount();
      const commitment = randomHash();
      const receipt = await send(account, 'commitTimestampHashes', [commitment]);
      recordGas('commitTimestampHashes', receipt);
      expect(events(receipt)).toEqual([
        {
          eventName: 'CommitmentRecorded',
          args: { sender: account.address, commitment, blockNumber: receipt.blockNumber },
        },
      ]);
    });

    test('error: a zero commitment', async () => {
      expect(
        await revertOf(chain, randomAccount(), call('commitTimestampHashes', [ZERO_HASH])),
      ).toEqual({ errorName: 'CommitmentInvalid', args: [] });
    });
  });

  describe.concurrent('computeTimestampCommitment', () => {
    const item = (leg: RevealLeg) => {
      const count = COMMITMENTS[leg].types.length + 1;
      const first = COMMITMENTS[leg].types[0];
      const found = (timestampAbi as Abi).find(
        (entry): entry is AbiFunction =>
          entry.type === 'function' &&
          entry.name === 'computeTimestampCommitment' &&
          entry.inputs.length === count &&
          entry.inputs[1]?.type === first,
      );
      if (!found) throw new Error(`no computeTimestampCommitment overload for ${leg}`);
      return found;
    };
    const samples: Record<RevealLeg, unknown[]> = {
      timestampHashes: [[0n, 7n], [randomHash(), randomHash(4)], ['0x01'], salt()],
      timestampRecordHashes: [[1n], [randomHash()], [], '0xabcd', salt()],
      timestampVersionHashes: [randomHash(), [2n], [randomHash()], ['0x'], '0x', salt()],
      timestampRecordVersionHashes: [randomHash(), [0n], [randomHash()], [], '0x99', salt()],
      appendRecordVersionHashes: [randomHash(), 3n, [0n], [randomHash()], [], '0x', salt()],
    };

    test.each(Object.keys(samples) as RevealLeg[])(
      'default: the %s overload equals keccak256(abi.encode(sender, selector, args, salt))',
      async (leg) => {
        const sender = randomAccount().address;
        const args = samples[leg];
        const onChain = await chain.client.readContract({
          address: registry,
          abi: [item(leg)],
          functionName: 'computeTimestampCommitment',
          args: [sender, ...args],
        } as never);
        expect(onChain).toBe(commitmentOf(sender, leg, args));
      },
    );
  });

  describe.concurrent('commit–reveal', () => {
    /** Arguments of a valid reveal of `leg` by `account` (creating the record it needs). */
    const legArgs: Record<RevealLeg, (account: Account) => Promise<unknown[]>> = {
      timestampHashes: async () => [...sha256Args([randomHash()]), salt()],
      timestampRecordHashes: async () => [...sha256Args([randomHash()]), '0x', salt()],
      timestampVersionHashes: async (account) => {
        const { hashValues } = await createRecord(account);
        return [hashValues[0], ...sha256Args([randomHash()]), '0x', salt()];
      },
      timestampRecordVersionHashes: async (account) => {
        const { recordId } = await createRecord(account);
        return [recordId, ...sha256Args([randomHash()]), '0x', salt()];
      },
      appendRecordVersionHashes: async (account) => {
        const { recordId } = await createRecord(account);
        return [recordId, 0n, ...sha256Args([randomHash()]), '0x', salt()];
      },
    };

    describe.each(Object.keys(legArgs) as RevealLeg[])('%s', (leg) => {
      test('error: reveal without a commitment', async () => {
        const account = randomAccount();
        const args = await legArgs[leg](account);
        expect(await revertOf(chain, account, call(leg, args))).toEqual({
          errorName: 'CommitmentUnknown',
          args: [],
        });
      });

      test('behavior: not matured at maturity - 1, revealed at maturity, consumed once', async () => {
        const account = randomAccount();
        const args = await legArgs[leg](account);
        const commitment = commitmentOf(account.address, leg, args);
        const committedAt = await commitAndWait(account, leg, args);
        const readyAt = committedAt + MATURITY;
        expect(await revertAt(account, call(leg, args), readyAt - 1n)).toEqual({
          errorName: 'CommitmentNotMatured',
          args: [readyAt],
        });
        expect(await revertAt(account, call(leg, args), committedAt)).toEqual({
          errorName: 'CommitmentNotMatured',
          args: [readyAt],
        });
        await chain.client.simulateContract({
          ...call(leg, args),
          account,
          blockNumber: readyAt,
        } as never);
        const receipt = await send(account, leg, args);
        expect(events(receipt)[0]).toEqual({
          eventName: 'CommitmentRevealed',
          args: { sender: account.address, commitment },
        });
        expect(await revertOf(chain, account, call(leg, args))).toEqual({
          errorName: 'CommitmentUnknown',
          args: [],
        });
      });

      test('behavior: a commitment copied by another sender counts for nobody', async () => {
        const owner = randomAccount();
        const copier = randomAccount();
        const args = await legArgs[leg](owner);
        const commitment = commitmentOf(owner.address, leg, args);
        const receipt = await send(copier, 'commitTimestampHashes', [commitment]);
        await waitForBlock(receipt.blockNumber + MATURITY);
        for (const account of [owner, copier]) {
          expect(await revertOf(chain, account, call(leg, args))).toEqual({
            errorName: 'CommitmentUnknown',
            args: [],
          });
        }
      });
    });
  });

  describe.concurrent('timestampHashes', () => {
    test('default: stores new timestamps, emits HashTimestamped, anyone may call', async () => {
      const account = randomAccount();
      const hashValues = [randomHash(), randomHash(), randomHash()];
      const [, before] = await read<[Hex[], bigint]>('getTimestamps', [1n, 1n]);
      const receipt = await reveal(account, 'timestampHashes', [
        [SHA256, SHA3_256, SHA256],
        hashValues,
        ['0x0102', '0x'],
        salt(),
      ]);
      recordGas('timestampHashes (3 new hashes)', receipt);
      const ids = hashValues.map((value) => sha256(value));
      expect(eventArgs(receipt, 'HashTimestamped')).toEqual([
        {
          timestampId: ids[0],
          hashAlgorithmId: SHA256,
          timestampedBy: account.address,
          hashValue: hashValues[0],
          data: '0x0102',
        },
        {
          timestampId: ids[1],
          hashAlgorithmId: SHA3_256,
          timestampedBy: account.address,
          hashValue: hashValues[1],
          data: '0x',
        },
        {
          timestampId: ids[2],
          hashAlgorithmId: SHA256,
          timestampedBy: account.address,
          hashValue: hashValues[2],
          data: '0x',
        },
      ]);
      expect(await read('getTimestamp', [ids[0]])).toEqual({
        timestampId: ids[0],
        hashAlgorithmId: SHA256,
        hashValue: hashValues[0],
        timestampedBy: account.address,
        blockNumber: receipt.blockNumber,
        blockTimestamp: await blockTime(receipt.blockNumber),
        data: '0x0102',
      });
      const [page, total] = await read<[Hex[], bigint]>('getTimestamps', [1n, 50n]);
      expect(total).toBeGreaterThanOrEqual(before + 3n);
      const [last] = await read<[Hex[], bigint]>('getTimestamps', [total, 1n]);
      expect(page.length).toBe(Math.min(50, Number(total)));
      expect(last).toHaveLength(1);
    });

    test('behavior: a known hash keeps its first timestamp', async () => {
      const first = randomAccount();
      const second = randomAccount();
      const value = randomHash();
      const receipt = await reveal(first, 'timestampHashes', [[SHA256], [value], ['0xaa'], salt()]);
      const again = await reveal(second, 'timestampHashes', [[SHA256], [value], ['0xbb'], salt()]);
      expect(eventArgs(again, 'HashTimestamped')).toEqual([]);
      expect(await read('getTimestamp', [sha256(value)])).toMatchObject({
        timestampedBy: first.address,
        blockNumber: receipt.blockNumber,
        data: '0xaa',
      });
    });

    // Rows are built before the fixture runs: algorithm 0 is sha-256 (asserted in beforeAll).
    const value = randomHash();
    test.concurrent.for([
      ['no hashes', [[], [], []], 'TimestampHashCountInvalid', [0n]],
      [
        'four hashes',
        [[0n, 0n, 0n, 0n], [1, 2, 3, 4].map(() => randomHash()), []],
        'TimestampHashCountInvalid',
        [4n],
      ],
      [
        'fewer algorithms',
        [[0n], [randomHash(), randomHash()], []],
        'TimestampHashAlgorithmCountMismatch',
        [1n, 2n],
      ],
      [
        'more data than hashes',
        [[0n], [randomHash()], ['0x', '0x']],
        'TimestampDataCountInvalid',
        [2n, 1n],
      ],
      ['an unknown algorithm', [[999n], [randomHash()], []], 'HashAlgorithmNotFound', [999n]],
      [
        'a value of the wrong length',
        [[0n], [value.slice(0, 34)], []],
        'TimestampHashLengthInvalid',
        [value.slice(0, 34), 256n],
      ],
      ['an empty value', [[0n], ['0x'], []], 'TimestampHashLengthInvalid', ['0x', 256n]],
    ] as const)('error: %s', async ([, args, errorName, errorArgs], { expect }) => {
      const account = randomAccount();
      expect(await revealReverts(account, 'timestampHashes', [...args, salt()])).toEqual({
        errorName,
        args: errorArgs,
      });
    });

    test('error: a revoked algorithm', async () => {
      const hash = randomHash(16);
      expect(
        await revealReverts(randomAccount(), 'timestampHashes', [
          [REVOKED_ALGORITHM],
          [hash],
          [],
          salt(),
        ]),
      ).toEqual({ errorName: 'HashAlgorithmNotActive', args: [REVOKED_ALGORITHM] });
    });

    test('error: a known hash under another algorithm', async () => {
      const account = randomAccount();
      const hash = randomHash();
      await reveal(account, 'timestampHashes', [[SHA256], [hash], [], salt()]);
      expect(
        await revealReverts(account, 'timestampHashes', [[SHA3_256], [hash], [], salt()]),
      ).toEqual({
        errorName: 'TimestampHashAlgorithmMismatch',
        args: [sha256(hash), SHA3_256, SHA256],
      });
    });
  });

  describe.concurrent('timestampRecordHashes', () => {
    test('default: creates a record owned by the sender, with version 0 and its info', async () => {
      const account = randomAccount();
      const hashValues = [randomHash(), randomHash()];
      const info = toHex('{"name":"v0"}');
      const receipt = await reveal(account, 'timestampRecordHashes', [
        [SHA256, SHA256],
        hashValues,
        [],
        info,
        salt(),
      ]);
      recordGas('timestampRecordHashes (2 new hashes, info)', receipt);
      const recordId = sha256(
        encodeAbiParameters(
          [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
          [account.address, receipt.blockNumber, hashValues[0] as Hex],
        ),
      );
      const ids = hashValues.map((v) => sha256(v));
      const now = await blockTime(receipt.blockNumber);
      const ownerId = lower(account.address);
      expect(events(receipt).map((e) => e.eventName)).toEqual([
        'CommitmentRevealed',
        'HashTimestamped',
        'HashTimestamped',
        'RecordCreated',
        'RecordOwnerInserted',
        'RecordVersionCreated',
        'RecordVersionInfoInserted',
      ]);
      expect(events(receipt).slice(3)).toEqual([
        { eventName: 'RecordCreated', args: { recordId, creator: account.address } },
        {
          eventName: 'RecordOwnerInserted',
          args: { recordId, ownerId, notBefore: now, notAfter: 0n },
        },
        { eventName: 'RecordVersionCreated', args: { recordId, versionId: 0n, timestampIds: ids } },
        {
          eventName: 'RecordVersionInfoInserted',
          args: { recordId, versionId: 0n, infoId: sha256(info), versionInfo: info },
        },
      ]);

      const owner = { ownerId, notBefore: now, notAfter: 0n, revokedAt: 0n, active: true };
      expect(await read('getRecord', [recordId])).toEqual({
        recordId,
        owners: [owner],
        revokedOwners: [],
        totalVersions: 1n,
      });
      expect(await read('getRecordOwner', [recordId, ownerId])).toEqual(owner);
      expect(await read('getRecordVersion', [recordId, 0n])).toEqual({
        recordId,
        versionId: 0n,
        timestampIds: ids,
        hashAlgorithmIds: [SHA256, SHA256],
        hashValues,
        infoIds: [sha256(info)],
        infos: [info],
      });
      expect(await read('getRecordVersions', [recordId, 1n, 10n])).toEqual([[0n], 1n]);
      expect(await read('getVersionInfo', [sha256(info)])).toBe(info);
      expect(await read('getRecordsByOwner', [ownerId, 1n, 10n])).toEqual([[recordId], 1n]);
      expect(await read('getRecordsByFirstVersionHash', [hashValues[1], 1n, 10n])).toEqual([
        [recordId],
        1n,
      ]);
      const [, total] = await read<[Hex[], bigint]>('getRecords', [1n, 1n]);
      const [last] = await read<[Hex[], bigint]>('getRecords', [total, 1n]);
      expect(total).toBeGreaterThan(0n);
      expect(last).toHaveLength(1);
    });

    test('error: the same hash twice', async () => {
      const account = randomAccount();
      const hash = randomHash();
      const args = [[SHA256, SHA256], [hash, hash], [], '0x', salt()];
      const committedAt = await commitAndWait(account, 'timestampRecordHashes', args);
      // Pinned so that the record id (which depends on the block) is known.
      const at = committedAt + MATURITY;
      const recordId = sha256(
        encodeAbiParameters(
          [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
          [account.address, at, hash],
        ),
      );
      expect(await revertAt(account, call('timestampRecordHashes', args), at)).toEqual({
        errorName: 'RecordVersionHashExists',
        args: [recordId, 0n, sha256(hash)],
      });
    });

    test('error: a record with the same id (same sender, block and first hash)', async () => {
      const account = randomAccount();
      const hash = randomHash();
      const first = [[SHA256], [hash], [], '0x', salt()];
      const second = [[SHA256], [hash], [], '0x01', salt()];
      await commitAndWait(account, 'timestampRecordHashes', second);
      const receipt = await reveal(account, 'timestampRecordHashes', first);
      const [created] = eventArgs(receipt, 'RecordCreated') as { recordId: Hex }[];
      // eth_call pinned at the creation block runs with that block number, after the creation.
      expect(
        await revertAt(account, call('timestampRecordHashes', second), receipt.blockNumber),
      ).toEqual({ errorName: 'RecordExists', args: [created?.recordId] });
    });

    test('error: a hash held by MAX_RECORDS_PER_TIMESTAMP records', async () => {
      const hash = randomHash();
      const creators = Array.from({ length: 10 }, () => randomAccount());
      const created = await Promise.all(
        creators.map((account) => createRecord(account, { hashValues: [hash] })),
      );
      const [page1, total] = await read<[Hex[], bigint]>('getRecordsByFirstVersionHash', [
        hash,
        1n,
        4n,
      ]);
      const [page3] = await read<[Hex[], bigint]>('getRecordsByFirstVersionHash', [hash, 3n, 4n]);
      expect(total).toBe(10n);
      expect(page1).toHaveLength(4);
      expect(page3).toHaveLength(2);
      const [all] = await read<[Hex[], bigint]>('getRecordsByFirstVersionHash', [hash, 1n, 50n]);
      expect([...all].sort()).toEqual(created.map((c) => c.recordId).sort());
      expect(
        await revealReverts(randomAccount(), 'timestampRecordHashes', [
          ...sha256Args([hash]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'TimestampRecordLimitExceeded', args: [sha256(hash)] });
    });

    test('error: hash validation applies (too many hashes)', async () => {
      const hashes = [1, 2, 3, 4].map(() => randomHash());
      expect(
        await revealReverts(randomAccount(), 'timestampRecordHashes', [
          ...sha256Args(hashes),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'TimestampHashCountInvalid', args: [4n] });
    });
  });

  describe.concurrent('timestampVersionHashes', () => {
    test('default: finds the record by a version hash and adds the next version', async () => {
      const account = randomAccount();
      const { recordId, hashValues } = await createRecord(account);
      const next = [randomHash()];
      const info = toHex('v1');
      const receipt = await reveal(account, 'timestampVersionHashes', [
        hashValues[0],
        ...sha256Args(next),
        info,
        salt(),
      ]);
      recordGas('timestampVersionHashes (1 new hash, info)', receipt);
      expect(events(receipt).slice(2)).toEqual([
        {
          eventName: 'RecordVersionCreated',
          args: { recordId, versionId: 1n, timestampIds: [sha256(next[0] as Hex)] },
        },
        {
          eventName: 'RecordVersionInfoInserted',
          args: { recordId, versionId: 1n, infoId: sha256(info), versionInfo: info },
        },
      ]);
      expect(await read('getRecordVersions', [recordId, 1n, 10n])).toEqual([[0n, 1n], 2n]);
      // The new version's hash finds the record too.
      await reveal(account, 'timestampVersionHashes', [
        next[0],
        ...sha256Args([randomHash()]),
        '0x',
        salt(),
      ]);
      expect(await read('getRecord', [recordId])).toMatchObject({ totalVersions: 3n });
    });

    test('error: no record, or several records, hold the version hash', async () => {
      const account = randomAccount();
      const unknown = randomHash();
      expect(
        await revealReverts(account, 'timestampVersionHashes', [
          unknown,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordLookupNotUnique', args: [sha256(unknown), 0n] });

      const shared = randomHash();
      await Promise.all([
        createRecord(account, { hashValues: [shared] }),
        createRecord(randomAccount(), { hashValues: [shared] }),
      ]);
      expect(
        await revealReverts(account, 'timestampVersionHashes', [
          shared,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordLookupNotUnique', args: [sha256(shared), 2n] });
    });

    test('error: the sender does not own the record', async () => {
      const { recordId, hashValues } = await createRecord(randomAccount());
      const stranger = randomAccount();
      expect(
        await revealReverts(stranger, 'timestampVersionHashes', [
          hashValues[0],
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordNotOwner', args: [recordId, stranger.address] });
    });
  });

  describe.concurrent('timestampRecordVersionHashes', () => {
    test('default: adds the next version to the record', async () => {
      const account = randomAccount();
      const { recordId } = await createRecord(account);
      const next = [randomHash(), randomHash()];
      const receipt = await reveal(account, 'timestampRecordVersionHashes', [
        recordId,
        ...sha256Args(next),
        '0x',
        salt(),
      ]);
      recordGas('timestampRecordVersionHashes (2 new hashes)', receipt);
      const ids = next.map((v) => sha256(v));
      expect(events(receipt).slice(3)).toEqual([
        { eventName: 'RecordVersionCreated', args: { recordId, versionId: 1n, timestampIds: ids } },
      ]);
      expect(await read('getRecordVersion', [recordId, 1n])).toEqual({
        recordId,
        versionId: 1n,
        timestampIds: ids,
        hashAlgorithmIds: [SHA256, SHA256],
        hashValues: next,
        infoIds: [],
        infos: [],
      });
    });

    test('error: unknown record, sender not an owner, invalid hashes', async () => {
      const account = randomAccount();
      const unknown = randomHash();
      expect(
        await revealReverts(account, 'timestampRecordVersionHashes', [
          unknown,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordNotFound', args: [unknown] });

      const { recordId } = await createRecord(account);
      const stranger = randomAccount();
      expect(
        await revealReverts(stranger, 'timestampRecordVersionHashes', [
          recordId,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordNotOwner', args: [recordId, stranger.address] });
      expect(
        await revealReverts(account, 'timestampRecordVersionHashes', [
          recordId,
          [],
          [],
          [],
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'TimestampHashCountInvalid', args: [0n] });
    });
  });

  describe.concurrent('appendRecordVersionHashes', () => {
    test('default: adds hashes and an info to an existing version', async () => {
      const account = randomAccount();
      const { recordId, hashValues } = await createRecord(account);
      const more = [randomHash()];
      const info = toHex('appended');
      const receipt = await reveal(account, 'appendRecordVersionHashes', [
        recordId,
        0n,
        ...sha256Args(more),
        info,
        salt(),
      ]);
      recordGas('appendRecordVersionHashes (1 new hash, info)', receipt);
      const id = sha256(more[0] as Hex);
      expect(events(receipt).slice(2)).toEqual([
        {
          eventName: 'RecordVersionHashesAppended',
          args: { recordId, versionId: 0n, timestampIds: [id] },
        },
        {
          eventName: 'RecordVersionInfoInserted',
          args: { recordId, versionId: 0n, infoId: sha256(info), versionInfo: info },
        },
      ]);
      expect(await read('getRecordVersion', [recordId, 0n])).toMatchObject({
        timestampIds: [...hashValues, ...more].map((v) => sha256(v)),
        infos: [info],
      });
      // Version 0 is the first version: the appended hash finds the record there too.
      expect(await read('getRecordsByFirstVersionHash', [more[0], 1n, 10n])).toEqual([
        [recordId],
        1n,
      ]);
    });

    test('error: more than MAX_TIMESTAMPS_PER_VERSION hashes in a version', async () => {
      const account = randomAccount();
      const { recordId } = await createRecord(account, { count: 3 });
      for (const count of [3, 3, 1]) {
        const hashes = Array.from({ length: count }, () => randomHash());
        await reveal(account, 'appendRecordVersionHashes', [
          recordId,
          0n,
          ...sha256Args(hashes),
          '0x',
          salt(),
        ]);
      }
      expect(
        await revealReverts(account, 'appendRecordVersionHashes', [
          recordId,
          0n,
          ...sha256Args([randomHash(), randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordVersionHashLimitExceeded', args: [recordId, 0n] });
      const version = await read<{ timestampIds: Hex[] }>('getRecordVersion', [recordId, 0n]);
      expect(version.timestampIds).toHaveLength(10);
    });

    test('error: unknown record or version, sender not an owner, hash or info held already', async () => {
      const account = randomAccount();
      const info = toHex('info');
      const { recordId, hashValues } = await createRecord(account, { versionInfo: info });
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        // Distinct senders: the commitments are sent in parallel.
        [randomAccount(), [unknown, 0n], 'RecordNotFound', [unknown]],
        [account, [recordId, 1n], 'RecordVersionNotFound', [recordId, 1n]],
        [stranger, [recordId, 0n], 'RecordNotOwner', [recordId, stranger.address]],
      ];
      const results = await Promise.all(
        cases.map(([sender, head]) =>
          revealReverts(sender, 'appendRecordVersionHashes', [
            ...head,
            ...sha256Args([randomHash()]),
            '0x',
            salt(),
          ]),
        ),
      );
      expect(results).toEqual(cases.map(([, , errorName, args]) => ({ errorName, args })));
      expect(
        await revealReverts(account, 'appendRecordVersionHashes', [
          recordId,
          0n,
          ...sha256Args([hashValues[0] as Hex]),
          '0x',
          salt(),
        ]),
      ).toEqual({
        errorName: 'RecordVersionHashExists',
        args: [recordId, 0n, sha256(hashValues[0] as Hex)],
      });
      expect(
        await revealReverts(account, 'appendRecordVersionHashes', [
          recordId,
          0n,
          ...sha256Args([randomHash()]),
          info,
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordVersionInfoExists', args: [recordId, 0n, sha256(info)] });
    });
  });

  describe.concurrent('detachRecordVersionHash', () => {
    test('default: removes the hash from the version and the indexes, keeps the timestamp', async () => {
      const account = randomAccount();
      const { recordId, hashValues } = await createRecord(account, { count: 2 });
      const [kept, detached] = hashValues as [Hex, Hex];
      const receipt = await send(account, 'detachRecordVersionHash', [recordId, 0n, detached]);
      recordGas('detachRecordVersionHash', receipt);
      expect(events(receipt)).toEqual([
        {
          eventName: 'RecordVersionHashDetached',
          args: { recordId, versionId: 0n, timestampId: sha256(detached) },
        },
      ]);
      expect(await read('getRecordVersion', [recordId, 0n])).toMatchObject({
        timestampIds: [sha256(kept)],
        hashValues: [kept],
      });
      expect(await read('getRecordsByFirstVersionHash', [detached, 1n, 10n])).toEqual([[], 0n]);
      expect(await read('getTimestamp', [sha256(detached)])).toMatchObject({ hashValue: detached });
      // No record holds it any more, so it cannot name one.
      expect(
        await revealReverts(account, 'timestampVersionHashes', [
          detached,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]),
      ).toEqual({ errorName: 'RecordLookupNotUnique', args: [sha256(detached), 0n] });
    });

    test('behavior: a hash held by two versions stays indexed until detached from both', async () => {
      const account = randomAccount();
      const { recordId, hashValues } = await createRecord(account);
      const hash = hashValues[0] as Hex;
      await reveal(account, 'timestampRecordVersionHashes', [
        recordId,
        ...sha256Args([hash]),
        '0x',
        salt(),
      ]);
      await send(account, 'detachRecordVersionHash', [recordId, 1n, hash]);
      expect(await read('getRecordsByFirstVersionHash', [hash, 1n, 10n])).toEqual([[recordId], 1n]);
      const receipt = await reveal(account, 'timestampVersionHashes', [
        hash,
        ...sha256Args([randomHash()]),
        '0x',
        salt(),
      ]);
      expect(eventArgs(receipt, 'RecordVersionCreated')).toMatchObject([
        { recordId, versionId: 2n },
      ]);
    });

    test('error: unknown record, version or hash; sender not an owner', async () => {
      const account = randomAccount();
      const { recordId, hashValues } = await createRecord(account);
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [account, [unknown, 0n, hashValues[0]], 'RecordNotFound', [unknown]],
        [account, [recordId, 1n, hashValues[0]], 'RecordVersionNotFound', [recordId, 1n]],
        [
          account,
          [recordId, 0n, unknown],
          'RecordVersionHashNotFound',
          [recordId, 0n, sha256(unknown)],
        ],
        [stranger, [recordId, 0n, hashValues[0]], 'RecordNotOwner', [recordId, stranger.address]],
      ];
      for (const [sender, args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, sender, call('detachRecordVersionHash', args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe.concurrent('insertRecordVersionInfo', () => {
    test('default: adds the info to the version and emits RecordVersionInfoInserted', async () => {
      const account = randomAccount();
      const { recordId } = await createRecord(account);
      const info = toHex(`{"n":${Math.random()}}`);
      const receipt = await send(account, 'insertRecordVersionInfo', [recordId, 0n, info]);
      recordGas('insertRecordVersionInfo', receipt);
      const infoId = sha256(info);
      expect(events(receipt)).toEqual([
        {
          eventName: 'RecordVersionInfoInserted',
          args: { recordId, versionId: 0n, infoId, versionInfo: info },
        },
      ]);
      expect(await read('getRecordVersion', [recordId, 0n])).toMatchObject({
        infoIds: [infoId],
        infos: [info],
      });
      expect(await read('getVersionInfo', [infoId])).toBe(info);
    });

    test('error: empty or repeated info, unknown record or version, sender not an owner', async () => {
      const account = randomAccount();
      const info = toHex('repeated');
      const { recordId } = await createRecord(account, { versionInfo: info });
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [account, [recordId, 0n, '0x'], 'RecordVersionInfoEmpty', []],
        [account, [recordId, 0n, info], 'RecordVersionInfoExists', [recordId, 0n, sha256(info)]],
        [account, [unknown, 0n, info], 'RecordNotFound', [unknown]],
        [account, [recordId, 7n, info], 'RecordVersionNotFound', [recordId, 7n]],
        [stranger, [recordId, 0n, '0x01'], 'RecordNotOwner', [recordId, stranger.address]],
      ];
      for (const [sender, args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, sender, call('insertRecordVersionInfo', args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe.concurrent('insertRecordOwner, revokeRecordOwner', () => {
    test('default: an inserted owner can act, a revoked one cannot', async () => {
      const creator = randomAccount();
      const other = randomAccount();
      const otherId = lower(other.address);
      const { recordId } = await createRecord(creator);
      const inserted = await send(creator, 'insertRecordOwner', [recordId, otherId, 1n, 0n]);
      recordGas('insertRecordOwner', inserted);
      expect(events(inserted)).toEqual([
        {
          eventName: 'RecordOwnerInserted',
          args: { recordId, ownerId: otherId, notBefore: 1n, notAfter: 0n },
        },
      ]);
      expect(await read('getRecordOwner', [recordId, otherId])).toEqual({
        ownerId: otherId,
        notBefore: 1n,
        notAfter: 0n,
        revokedAt: 0n,
        active: true,
      });
      expect(await read('getRecordsByOwner', [otherId, 1n, 10n])).toEqual([[recordId], 1n]);
      await send(other, 'insertRecordVersionInfo', [recordId, 0n, toHex('by other')]);

      const revoked = await send(creator, 'revokeRecordOwner', [recordId, otherId]);
      recordGas('revokeRecordOwner', revoked);
      expect(events(revoked)).toEqual([
        { eventName: 'RecordOwnerRevoked', args: { recordId, ownerId: otherId } },
      ]);
      const revokedAt = await blockTime(revoked.blockNumber);
      const record = await read<{ owners: { ownerId: string }[]; revokedOwners: unknown[] }>(
        'getRecord',
        [recordId],
      );
      expect(record.owners.map((o) => o.ownerId)).toEqual([lower(creator.address)]);
      expect(record.revokedOwners).toEqual([
        { ownerId: otherId, notBefore: 1n, notAfter: 0n, revokedAt, active: false },
      ]);
      expect(await read('getRecordsByOwner', [otherId, 1n, 10n])).toEqual([[], 0n]);
      expect(
        await revertOf(chain, other, call('insertRecordVersionInfo', [recordId, 0n, '0x02'])),
      ).toEqual({ errorName: 'RecordNotOwner', args: [recordId, other.address] });
    });

    test('behavior: a revoked owner can be inserted again (EBSI bug fixed)', async () => {
      const creator = randomAccount();
      const other = randomAccount();
      const otherId = lower(other.address);
      const { recordId } = await createRecord(creator);
      await send(creator, 'insertRecordOwner', [recordId, otherId, 1n, 0n]);
      await send(creator, 'revokeRecordOwner', [recordId, otherId]);
      const again = await send(creator, 'insertRecordOwner', [recordId, otherId, 2n, 0n]);
      recordGas('insertRecordOwner (revoked owner again)', again);
      expect(eventArgs(again, 'RecordOwnerInserted')).toEqual([
        { recordId, ownerId: otherId, notBefore: 2n, notAfter: 0n },
      ]);
      expect(await read('getRecord', [recordId])).toMatchObject({
        owners: [
          { ownerId: lower(creator.address), active: true },
          { ownerId: otherId, notBefore: 2n, notAfter: 0n, revokedAt: 0n, active: true },
        ],
        revokedOwners: [],
      });
      expect(await read('getRecordsByOwner', [otherId, 1n, 10n])).toEqual([[recordId], 1n]);
      await send(other, 'insertRecordVersionInfo', [recordId, 0n, toHex('back again')]);
      // And revoked once more.
      await send(other, 'revokeRecordOwner', [recordId, otherId]);
      expect(await read('getRecord', [recordId])).toMatchObject({
        revokedOwners: [{ ownerId: otherId, active: false }],
      });
    });

    test('behavior: owners outside their window cannot act', async () => {
      const creator = randomAccount();
      const future = randomAccount();
      const expired = randomAccount();
      const { recordId, receipt } = await createRecord(creator);
      const now = await blockTime(receipt.blockNumber);
      await send(creator, 'insertRecordOwner', [
        recordId,
        lower(future.address),
        now + 1_000_000n,
        0n,
      ]);
      await send(creator, 'insertRecordOwner', [recordId, lower(expired.address), 1n, 2n]);
      for (const account of [future, expired]) {
        expect(await read('getRecordOwner', [recordId, lower(account.address)])).toMatchObject({
          active: false,
        });
        expect(
          await revertOf(chain, account, call('insertRecordVersionInfo', [recordId, 0n, '0x03'])),
        ).toEqual({ errorName: 'RecordNotOwner', args: [recordId, account.address] });
      }
      // Listed (not revoked), so inserting them again is refused until they are revoked.
      expect(
        await revertOf(
          chain,
          creator,
          call('insertRecordOwner', [recordId, lower(expired.address), 1n, 0n]),
        ),
      ).toEqual({ errorName: 'RecordOwnerExists', args: [recordId, lower(expired.address)] });
    });

    test('behavior: any string (a DID, say) can be an owner id', async () => {
      const creator = randomAccount();
      const { recordId } = await createRecord(creator);
      const did = 'did:core:zExampleOwner';
      await send(creator, 'insertRecordOwner', [recordId, did, 1n, 0n]);
      expect(await read('getRecordsByOwner', [did, 1n, 10n])).toEqual([[recordId], 1n]);
    });

    test('error: insertRecordOwner requirements', async () => {
      const creator = randomAccount();
      const { recordId } = await createRecord(creator);
      const creatorId = lower(creator.address);
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [creator, [recordId, '', 1n, 0n], 'RecordOwnerIdEmpty', []],
        [creator, [recordId, 'x', 0n, 0n], 'RecordOwnerWindowInvalid', [0n, 0n]],
        [creator, [recordId, 'x', 0n, 5n], 'RecordOwnerWindowInvalid', [0n, 5n]],
        [creator, [recordId, 'x', 10n, 10n], 'RecordOwnerWindowInvalid', [10n, 10n]],
        [creator, [recordId, 'x', 10n, 5n], 'RecordOwnerWindowInvalid', [10n, 5n]],
        [creator, [unknown, 'x', 1n, 0n], 'RecordNotFound', [unknown]],
        [creator, [recordId, creatorId, 1n, 0n], 'RecordOwnerExists', [recordId, creatorId]],
        [stranger, [recordId, 'x', 1n, 0n], 'RecordNotOwner', [recordId, stranger.address]],
      ];
      for (const [sender, args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, sender, call('insertRecordOwner', args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });

    test('error: revokeRecordOwner requirements', async () => {
      const creator = randomAccount();
      const { recordId } = await createRecord(creator);
      await send(creator, 'insertRecordOwner', [recordId, 'gone', 1n, 0n]);
      await send(creator, 'revokeRecordOwner', [recordId, 'gone']);
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [creator, [recordId, 'never'], 'RecordOwnerNotFound', [recordId, 'never']],
        [creator, [recordId, 'gone'], 'RecordOwnerNotFound', [recordId, 'gone']],
        [creator, [unknown, 'x'], 'RecordNotFound', [unknown]],
        [
          stranger,
          [recordId, lower(creator.address)],
          'RecordNotOwner',
          [recordId, stranger.address],
        ],
      ];
      for (const [sender, args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, sender, call('revokeRecordOwner', args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe.concurrent('views', () => {
    test('error: pagination rules', async () => {
      const owner = lower(admin.address);
      for (const [functionName, head] of [
        ['getHashAlgorithms', []],
        ['getTimestamps', []],
        ['getRecords', []],
        ['getRecordsByOwner', [owner]],
        ['getRecordsByFirstVersionHash', ['0x01']],
      ] as const) {
        expect(await revertOf(chain, admin, call(functionName, [...head, 0n, 10n]))).toEqual({
          errorName: 'PaginationInvalidPage',
          args: [0n],
        });
        expect(await revertOf(chain, admin, call(functionName, [...head, 1n, 51n]))).toEqual({
          errorName: 'PaginationInvalidPageSize',
          args: [51n],
        });
        expect(await revertOf(chain, admin, call(functionName, [...head, 1n, 0n]))).toEqual({
          errorName: 'PaginationInvalidPageSize',
          args: [0n],
        });
      }
      const [items, total] = await read<[bigint[], bigint]>('getHashAlgorithms', [1000n, 50n]);
      expect(items).toEqual([]);
      expect(total).toBeGreaterThan(0n);
    });

    test('behavior: getRecordVersions pages version ids', async () => {
      const account = randomAccount();
      const { recordId } = await createRecord(account);
      for (let i = 0; i < 2; i++) {
        await reveal(account, 'timestampRecordVersionHashes', [
          recordId,
          ...sha256Args([randomHash()]),
          '0x',
          salt(),
        ]);
      }
      expect(await read('getRecordVersions', [recordId, 1n, 2n])).toEqual([[0n, 1n], 3n]);
      expect(await read('getRecordVersions', [recordId, 2n, 2n])).toEqual([[2n], 3n]);
      expect(await read('getRecordVersions', [recordId, 3n, 2n])).toEqual([[], 3n]);
    });

    test('error: unknown ids', async () => {
      const unknown = randomHash();
      const { recordId } = await createRecord(randomAccount());
      const cases: [string, unknown[], string, unknown[]][] = [
        ['getHashAlgorithm', [999n], 'HashAlgorithmNotFound', [999n]],
        ['getTimestamp', [unknown], 'TimestampNotFound', [unknown]],
        ['getRecord', [unknown], 'RecordNotFound', [unknown]],
        ['getRecordVersions', [unknown, 1n, 10n], 'RecordNotFound', [unknown]],
        ['getRecordVersion', [unknown, 0n], 'RecordNotFound', [unknown]],
        ['getRecordVersion', [recordId, 1n], 'RecordVersionNotFound', [recordId, 1n]],
        ['getRecordOwner', [unknown, 'x'], 'RecordNotFound', [unknown]],
        ['getRecordOwner', [recordId, 'x'], 'RecordOwnerNotFound', [recordId, 'x']],
        ['getVersionInfo', [unknown], 'RecordVersionInfoNotFound', [unknown]],
      ];
      for (const [functionName, args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, admin, call(functionName, args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });
});
