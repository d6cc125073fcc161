import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createAccount, createAddressFromString } from '@ethereumjs/util';
import { type Address, getAddress, type Hex, hexToBigInt, hexToBytes, pad, toHex } from 'viem';
import type { CoreClient } from '../createCoreClient.js';
import { LedgerRpcError } from '../errors.js';
import {
  newProvenAccounts,
  type ProofCache,
  type ProvenAccountWithCode,
  proveWanted,
} from './provenAccounts.js';
import type { RpcHeader } from './qbftHeader.js';
import { StateProofError } from './stateProof.js';

/** The hardfork the EVM runs views under: the contracts are compiled for Cancun. */
const HARDFORK = Hardfork.Cancun;
/** Rounds of fetching proofs for reads the access list missed, before giving up. */
const MAX_ROUNDS = 8;
const VIEW_GAS = 50_000_000n;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** A view call's result, computed over proven state. */
export type ProvenCallResult = {
  /** What the call returned (or its revert data, with `reverted`). */
  returnData: Hex;
  reverted: boolean;
  /** The block whose state it ran on. */
  blockNumber: bigint;
  /** Accounts and slots proven against the block's `stateRoot`. */
  proven: { accounts: number; slots: number };
};

/** Thrown by the proven state when the EVM reads what no proof covers yet. */
class Unproven extends Error {
  readonly address: Address;
  readonly slot: Hex | undefined;
  constructor(address: Address, slot: Hex | undefined) {
    super(`unproven read of ${address}${slot ? ` slot ${slot}` : ''}`);
    this.address = address;
    this.slot = slot;
  }
}

/**
 * Runs a view call in a local EVM over state proven against a trusted header's `stateRoot`: the
 * accounts and slots it touches (from `eth_createAccessList`, then any read the list missed) with
 * their EIP-1186 proofs (`eth_getProof`) and code (`eth_getCode`), each checked before the EVM
 * sees it. The node answers, but believing it is not needed: a proof that does not lead to the
 * root is refused, and a read no proof covers is fetched and proven before the call is run again.
 * Lodestar's prover works this way for Ethereum mainnet; here the root comes from a QBFT header
 * verified by seals, a quorum of nodes, or the node itself (docs/trust-model.md).
 * @throws {StateProofError} when a proof is refused.
 */
export async function provenCall(
  client: Pick<CoreClient, 'rpc' | 'rpcBatch'>,
  parameters: ProvenCallParameters,
): Promise<ProvenCallResult> {
  for (let attempt = 1; ; attempt++) {
    const header = await parameters.header();
    try {
      return await provenCallAt(client, { ...parameters, header });
    } catch (error) {
      // A ledger keeps the state of recent blocks only (the embedded one: the head's).
      if (attempt >= STATE_ATTEMPTS || !isStateGone(error)) throw error;
    }
  }
}

export type ProvenCallParameters = {
  to: Address;
  data: Hex;
  chainId: number;
  /**
   * Accounts proven by earlier calls, reused by calls on the same block (a registry's proxy and
   * implementation, their code and slots are proven once per block, not once per call).
   */
  cache?: ProofCache;
  /**
   * A header whose `stateRoot` the caller trusts (by QBFT seals, a quorum of nodes, or the node
   * itself), with `number`, `timestamp`, `miner`, `gasLimit`, `mixHash` and `baseFeePerGas` for
   * the block environment; asked again when the ledger no longer holds that block's state.
   */
  header: () => Promise<RpcHeader>;
};

/** Headers tried when the ledger has moved past the state of the one asked. */
const STATE_ATTEMPTS = 8;

function isStateGone(error: unknown): boolean {
  return (
    error instanceof LedgerRpcError &&
    /BlockOutOfRange|header not found|missing trie node|state.*(unavailable|not available|pruned)|world state/i.test(
      error.message,
    )
  );
}

async function provenCallAt(
  client: Pick<CoreClient, 'rpc' | 'rpcBatch'>,
  parameters: Omit<ProvenCallParameters, 'header'> & { header: RpcHeader },
): Promise<ProvenCallResult> {
  const { to, data, header, chainId } = parameters;
  const block = header.number;
  const proven = parameters.cache?.at(header) ?? newProvenAccounts();
  const { accounts } = proven;
  const wanted = new Map<Address, Set<Hex>>([[getAddress(to), new Set()]]);
  const list = await client.rpc<{ accessList: { address: Address; storageKeys: Hex[] }[] }>(
    'eth_createAccessList',
    [{ from: ZERO_ADDRESS, to, data, gas: toHex(VIEW_GAS) }, block],
  );
  for (const { address, storageKeys } of list.accessList) {
    const slots = wanted.get(getAddress(address)) ?? new Set<Hex>();
    for (const key of storageKeys) slots.add(pad(key, { size: 32 }));
    wanted.set(getAddress(address), slots);
  }
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await proveWanted(client, header, wanted, proven);
    try {
      const result = await execute(accounts, { to, data, header, chainId });
      let slots = 0;
      for (const account of accounts.values()) slots += account.storage.size;
      return {
        ...result,
        blockNumber: hexToBigInt(block),
        proven: { accounts: accounts.size, slots },
      };
    } catch (error) {
      if (!(error instanceof Unproven)) throw error;
      const slots = wanted.get(error.address) ?? new Set<Hex>();
      if (error.slot) slots.add(error.slot);
      wanted.set(error.address, slots);
    }
  }
  throw new StateProofError(`the call still reads unproven state after ${MAX_ROUNDS} rounds`);
}

/** Runs the call in an EVM that sees only proven state, and stops at any other read. */
async function execute(
  accounts: Map<Address, ProvenAccountWithCode>,
  call: { to: Address; data: Hex; header: RpcHeader; chainId: number },
): Promise<{ returnData: Hex; reverted: boolean }> {
  const state = new ProvenStateManager(accounts);
  for (const account of accounts.values()) {
    const address = createAddressFromString(account.address);
    await state.putAccount(
      address,
      createAccount({ nonce: account.nonce, balance: account.balance }),
    );
    if (account.code !== '0x') await state.putCode(address, hexToBytes(account.code));
    for (const [slot, value] of account.storage) {
      if (value !== 0n) await state.putStorage(address, hexToBytes(slot), hexToBytes(toHex(value)));
    }
  }
  const evm = await createEVM({ common: commonOf(call.chainId), stateManager: state });
  const { header } = call;
  const run = evm.runCall({
    to: createAddressFromString(call.to),
    caller: createAddressFromString(ZERO_ADDRESS),
    data: hexToBytes(call.data),
    gasLimit: VIEW_GAS,
    skipBalance: true,
    block: {
      header: {
        number: hexToBigInt(header.number),
        coinbase: createAddressFromString(header.miner),
        timestamp: hexToBigInt(header.timestamp),
        difficulty: hexToBigInt(header.difficulty),
        prevRandao: hexToBytes(header.mixHash),
        gasLimit: hexToBigInt(header.gasLimit),
        baseFeePerGas: header.baseFeePerGas ? hexToBigInt(header.baseFeePerGas) : 0n,
        getBlobGasPrice: () => undefined,
      },
    },
  });
  const result = await run.catch((error: unknown) => {
    throw state.unproven ?? error;
  });
  if (state.unproven) throw state.unproven;
  const { exceptionError, returnValue } = result.execResult;
  return { returnData: toHex(returnValue), reverted: exceptionError !== undefined };
}

const commons = new Map<number, ReturnType<typeof createCustomCommon>>();

/** The chain's parameters (Cancun), made once per chain id. */
function commonOf(chainId: number): ReturnType<typeof createCustomCommon> {
  let common = commons.get(chainId);
  if (!common) {
    common = createCustomCommon({ chainId }, Mainnet, { hardfork: HARDFORK });
    commons.set(chainId, common);
  }
  return common;
}

/**
 * State that answers only what was proven: any other account or slot is a read to prove first
 * (the EVM turns a throw into an exceptional halt, so the read is remembered and reported).
 */
class ProvenStateManager extends SimpleStateManager {
  unproven: Unproven | undefined;
  private readonly accounts: Map<Address, ProvenAccountWithCode>;
  constructor(accounts: Map<Address, ProvenAccountWithCode>) {
    super();
    this.accounts = accounts;
  }
  private check(address: Address, slot?: Hex): void {
    const account = this.accounts.get(address);
    if (account && (slot === undefined || account.storage.has(slot))) return;
    this.unproven ??= new Unproven(address, slot);
    throw this.unproven;
  }
  override async getAccount(address: Parameters<SimpleStateManager['getAccount']>[0]) {
    if (!isPrecompile(address.toString())) this.check(getAddress(address.toString()));
    return super.getAccount(address);
  }
  override async getStorage(
    address: Parameters<SimpleStateManager['getStorage']>[0],
    key: Uint8Array,
  ) {
    this.check(getAddress(address.toString()), pad(toHex(key), { size: 32 }));
    return super.getStorage(address, key);
  }
}

function isPrecompile(address: string): boolean {
  return BigInt(address) > 0n && BigInt(address) <= 0x11n;
}
