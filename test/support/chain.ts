import { appendFileSync, rmSync } from 'node:fs';
import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type ContractFunctionArgs,
  type ContractFunctionName,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToNumber,
  http,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beaconProxyAbi, beaconProxyBytecode } from '../../artifacts/BeaconProxy.js';
import {
  upgradeableBeaconAbi,
  upgradeableBeaconBytecode,
} from '../../artifacts/UpgradeableBeacon.js';
import { EmbeddedLedger } from '../../src/ledger/embedded/embeddedLedger.js';
import { createDataDir, SILENT_LOGGER, type TestLedger } from './testNode.js';
import { TEST_CHAIN_ID, workerLedgerUrl } from './workerLedger.js';

/**
 * A real embedded ledger for contract tests, with viem clients. Gas is free: every transaction is
 * sent with zero fees, so fresh random accounts can transact without funding.
 */
export type TestChain = {
  ledger: TestLedger;
  client: PublicClient;
  /** Deploys a contract from its artifact and returns its address. */
  deploy(
    account: Account,
    artifact: { abi: Abi; bytecode: Hex },
    args?: readonly unknown[],
  ): Promise<Address>;
  /**
   * Deploys `implementation` behind a fresh beacon and a `BeaconProxy` initialised with
   * `initialize(...initArgs)`, as the Contracts Registry does. Returns the proxy and the beacon.
   */
  deployProxy(
    account: Account,
    artifact: { abi: Abi; bytecode: Hex },
    initArgs: readonly unknown[],
  ): Promise<{ address: Address; beacon: Address; implementation: Address }>;
  /** Sends a contract call, waits for its receipt and throws if it reverted. */
  write(account: Account, call: ContractCall): Promise<TransactionReceipt>;
  close(): Promise<void>;
};

export type ContractCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
};

export { TEST_CHAIN_ID };

/** ERC-165 id of ICoreRegistry: the XOR of `registryType()` and `policiesRegistry()`. */
export const CORE_REGISTRY_INTERFACE_ID = toHex(
  (hexToNumber(toFunctionSelector('registryType()')) ^
    hexToNumber(toFunctionSelector('policiesRegistry()'))) >>>
    0,
  { size: 4 },
);

/**
 * Viem helpers on the worker's ledger (`test/setup.global.ts`: 0.1 s blocks); with `ownLedger`, on
 * an embedded ledger of its own with fast blocks (0.1 s by default).
 */
export async function startTestChain(
  options: { blockTime?: number; ownLedger?: boolean; historyStates?: number } = {},
): Promise<TestChain> {
  if (!options.ownLedger) {
    const url = workerLedgerUrl();
    const refuse = async () => {
      throw new TypeError('The worker ledger is shared: start the chain with { ownLedger: true }');
    };
    return {
      ...connectTestChain(url),
      ledger: { url, pid: undefined, start: refuse, stop: refuse },
      async close() {},
    };
  }
  const dataDir = createDataDir();
  const ledger = new EmbeddedLedger({
    dataDir,
    chainId: TEST_CHAIN_ID,
    blockTime: options.blockTime ?? 0.1,
    logger: SILENT_LOGGER,
    ...(options.historyStates ? { historyStates: options.historyStates } : {}),
  });
  await ledger.start();
  const chain = connectTestChain(ledger.url);
  return {
    ...chain,
    ledger,
    async close() {
      await ledger.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Viem helpers on a ledger that runs already (a test node's embedded ledger, say). */
export function connectTestChain(url: string): Omit<TestChain, 'ledger' | 'close'> {
  const chain = defineChain({
    id: TEST_CHAIN_ID,
    name: 'core-test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url);
  const client = createPublicClient({ chain, transport, pollingInterval: 25 }) as PublicClient;
  const free = { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n } as const;

  async function confirm(hash: Hex): Promise<TransactionReceipt> {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }

  async function deploy(
    account: Account,
    artifact: { abi: Abi; bytecode: Hex },
    args: readonly unknown[] = [],
  ) {
    const wallet = createWalletClient({ account, chain, transport });
    const hash = await wallet.deployContract({ ...artifact, args, ...free } as never);
    const receipt = await confirm(hash);
    if (!receipt.contractAddress) throw new Error('no contract address');
    return getAddress(receipt.contractAddress);
  }

  async function write(account: Account, call: ContractCall): Promise<TransactionReceipt> {
    const wallet = createWalletClient({ account, chain, transport });
    // Simulate first so that a revert surfaces as a decoded custom error, not a failed receipt.
    await client.simulateContract({ ...call, account } as never);
    const hash = await wallet.writeContract({ ...call, ...free, gas: 30_000_000n } as never);
    const receipt = await confirm(hash);
    recordGas(call.functionName, receipt.gasUsed);
    return receipt;
  }

  return {
    client,
    deploy,
    write,
    async deployProxy(account, artifact, initArgs) {
      const implementation = await deploy(account, artifact);
      const beacon = await deploy(
        account,
        { abi: upgradeableBeaconAbi, bytecode: upgradeableBeaconBytecode },
        [implementation, account.address],
      );
      const data = encodeFunctionData({
        abi: artifact.abi,
        functionName: 'initialize',
        args: initArgs,
      } as never);
      const address = await deploy(
        account,
        { abi: beaconProxyAbi, bytecode: beaconProxyBytecode },
        [beacon, data],
      );
      return { address, beacon, implementation };
    },
  };
}

/**
 * With `REPORT_GAS=<file>`, every successful write appends `{ functionName, gasUsed }` to that file
 * (one JSON line each), so that gas is measured from real receipts across the whole suite.
 */
function recordGas(functionName: string, gasUsed: bigint): void {
  const file = process.env.REPORT_GAS;
  if (file) appendFileSync(file, `${JSON.stringify({ functionName, gasUsed: Number(gasUsed) })}\n`);
}

/** A fresh random account (gas is free, so it needs no funds). */
export function randomAccount(): Account {
  return privateKeyToAccount(generatePrivateKey());
}

/**
 * Runs `call` as `account` with `eth_call` and returns the custom error it reverts with, decoded
 * against its ABI: `{ errorName, args }`. Throws if the call does not revert.
 */
export async function revertOf(
  chain: TestChain,
  account: Account,
  call: ContractCall,
): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await chain.client.simulateContract({ ...call, account } as never);
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
        return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
      }
    }
    throw error;
  }
  throw new Error(`${call.functionName} did not revert`);
}

/** The decoded events of a receipt, as `{ eventName, args }`. */
export function eventsOf(
  abi: Abi,
  receipt: TransactionReceipt,
): { eventName: string; args: unknown }[] {
  return parseEventLogs({ abi, logs: receipt.logs }).map(({ eventName, args }) => ({
    eventName: eventName as string,
    args,
  }));
}

export type { ContractFunctionArgs, ContractFunctionName };
