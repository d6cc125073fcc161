import { type Address, type Hex, numberToHex } from 'viem';
import { toQbftExtraData } from './qbftExtraData.js';

/**
 * Block gas limit, as the embedded ledger's (`--gas-limit 1000000000`): gas is free, and genesis
 * bursts of 15,000,000-gas transactions must fit several to a block.
 */
export const BLOCK_GAS_LIMIT = 1_000_000_000;
/** Blocks after which QBFT drops pending validator votes (Besu's documented example value). */
export const EPOCH_LENGTH = 30_000;
/** The `mixHash` that identifies an Istanbul-family (IBFT 2.0, QBFT) block in Besu. */
export const ISTANBUL_MIX_HASH: Hex =
  '0x63746963616c2062797a616e74696e65206661756c7420746f6c6572616e6365';
const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;
const ZERO_ADDRESS: Address = `0x${'00'.repeat(20)}`;

export type BesuGenesisParameters = {
  chainId: number;
  /** QBFT's minimum block time; the round timeout is twice it, as Besu's tuning guide starts. */
  blockPeriodSeconds: number;
  /** The initial validators, in the order `extraData` lists them. */
  validators: readonly Address[];
};

/** The genesis file of a QBFT network, as Besu reads it (`--genesis-file`). */
export type BesuGenesis = ReturnType<typeof toBesuGenesis>;

/**
 * The genesis of a free-gas QBFT network with block header validator selection: London from
 * block 0 with `zeroBaseFee` (Besu's free-gas guide; the minimum gas price of 0 is in each
 * node's config), Shanghai and Cancun from time 0 because the registries are compiled for
 * `cancun` (PUSH0, MCOPY, transient storage), no allocations (senders need no balance).
 * - Design: DESIGN.md §4 ("Gas is free"), §8
 * - Besu: https://besu.hyperledger.org/private-networks/how-to/configure/consensus/qbft#genesis-file,
 *   https://besu.hyperledger.org/private-networks/how-to/configure/free-gas
 */
export function toBesuGenesis({ chainId, blockPeriodSeconds, validators }: BesuGenesisParameters) {
  return {
    config: {
      chainId,
      berlinBlock: 0,
      londonBlock: 0,
      shanghaiTime: 0,
      cancunTime: 0,
      zeroBaseFee: true,
      qbft: {
        blockperiodseconds: blockPeriodSeconds,
        epochlength: EPOCH_LENGTH,
        requesttimeoutseconds: 2 * blockPeriodSeconds,
      },
    },
    nonce: '0x0',
    timestamp: '0x0',
    extraData: toQbftExtraData(validators),
    gasLimit: numberToHex(BLOCK_GAS_LIMIT),
    difficulty: '0x1',
    mixHash: ISTANBUL_MIX_HASH,
    coinbase: ZERO_ADDRESS,
    alloc: {},
    number: '0x0',
    gasUsed: '0x0',
    parentHash: ZERO_HASH,
  } as const;
}
