import { decodeRlp } from 'ethers';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { BLOCK_GAS_LIMIT, ISTANBUL_MIX_HASH, toBesuGenesis } from './besuGenesis.js';
import { sortValidators } from './qbftExtraData.js';

/**
 * Besu's documented QBFT genesis, block header validator selection
 * (https://besu.hyperledger.org/private-networks/how-to/configure/consensus/qbft#genesis-file),
 * less its `alloc` and `extraData` values: the top-level items a QBFT genesis has.
 */
const BESU_EXAMPLE = {
  config: {
    chainid: 1337,
    berlinBlock: 0,
    qbft: { epochlength: 30000, blockperiodseconds: 5, requesttimeoutseconds: 10 },
  },
  nonce: '0x0',
  timestamp: '0x5b3d92d7',
  extraData: '0x',
  gasLimit: '0x29b92700',
  difficulty: '0x1',
  mixHash: '0x63746963616c2062797a616e74696e65206661756c7420746f6c6572616e6365',
  coinbase: '0x0000000000000000000000000000000000000000',
  alloc: {},
  number: '0x0',
  gasUsed: '0x0',
  parentHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
};

/**
 * The `config` items of Besu's "Genesis file items" reference
 * (https://besu.hyperledger.org/public-networks/reference/genesis-items) this genesis may use:
 * milestones (`…Block` numbers, `…Time` timestamps), `chainId`, `qbft`, `zeroBaseFee`. Item
 * names are case-insensitive; QBFT's own items are those of the QBFT page.
 */
const MILESTONE = /^[a-z]+(Block|Time)$/;
const QBFT_ITEMS = ['blockperiodseconds', 'epochlength', 'requesttimeoutseconds'];
const HEX_QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;

const validators = sortValidators(
  Array.from({ length: 4 }, () => privateKeyToAddress(generatePrivateKey())),
);

describe('toBesuGenesis', () => {
  const genesis = toBesuGenesis({ chainId: 2026, blockPeriodSeconds: 2, validators });

  test('default: the top-level items of Besu’s QBFT genesis, with the values QBFT fixes', () => {
    expect(Object.keys(genesis).sort()).toEqual(Object.keys(BESU_EXAMPLE).sort());
    expect(genesis).toMatchObject({
      difficulty: BESU_EXAMPLE.difficulty,
      mixHash: BESU_EXAMPLE.mixHash,
      coinbase: BESU_EXAMPLE.coinbase,
      number: '0x0',
      gasUsed: '0x0',
      parentHash: BESU_EXAMPLE.parentHash,
      alloc: {},
    });
    expect(ISTANBUL_MIX_HASH).toBe(BESU_EXAMPLE.mixHash);
    for (const item of ['nonce', 'timestamp', 'gasLimit', 'number', 'gasUsed'] as const)
      expect(genesis[item], item).toMatch(HEX_QUANTITY);
    expect(BigInt(genesis.gasLimit)).toBe(BigInt(BLOCK_GAS_LIMIT));
  });

  test('behavior: config holds only documented items, of the documented types', () => {
    const { config } = genesis;
    for (const [item, value] of Object.entries(config)) {
      if (MILESTONE.test(item)) expect(value, item).toBe(0);
      else expect(['chainId', 'qbft', 'zeroBaseFee'], item).toContain(item);
    }
    expect(config.chainId).toBe(2026);
    expect(Object.keys(config.qbft).sort()).toEqual([...QBFT_ITEMS].sort());
    for (const item of QBFT_ITEMS)
      expect(Number.isSafeInteger(config.qbft[item as keyof typeof config.qbft]), item).toBe(true);
    expect(config.qbft).toEqual({
      blockperiodseconds: 2,
      epochlength: 30000,
      requesttimeoutseconds: 4,
    });
  });

  test('behavior: free gas as Besu’s guide sets it, and the EVM the registries are built for', () => {
    // https://besu.hyperledger.org/private-networks/how-to/configure/free-gas: London or later
    // needs zeroBaseFee; the artifacts are compiled with evmVersion cancun.
    expect(genesis.config).toMatchObject({
      londonBlock: 0,
      zeroBaseFee: true,
      shanghaiTime: 0,
      cancunTime: 0,
    });
  });

  test('behavior: extraData decodes (ethers) to vanity, the validators, no vote, round 0, no seals', () => {
    const [vanity, listed, votes, round, seals] = decodeRlp(genesis.extraData) as unknown[];
    expect(vanity).toBe(`0x${'00'.repeat(32)}`);
    expect(listed).toEqual(validators.map((v) => v.toLowerCase()));
    expect([votes, round, seals]).toEqual([[], '0x', []]);
  });

  test('args: blockPeriodSeconds sets the round timeout to twice it', () => {
    const slow = toBesuGenesis({ chainId: 7, blockPeriodSeconds: 5, validators });
    expect(slow.config.qbft).toMatchObject({ blockperiodseconds: 5, requesttimeoutseconds: 10 });
    expect(slow.config.chainId).toBe(7);
  });
});
