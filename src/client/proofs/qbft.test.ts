import { type Address, fromRlp, getAddress, type Hex, keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { HeaderUntrustedError } from './headerErrors.js';
import { decodeQbftExtraData, encodeQbftExtraData, type QbftExtraData } from './qbftExtraData.js';
import {
  commitSealHash,
  qbftBlockHash,
  qbftQuorum,
  type RpcHeader,
  sortAddresses,
  verifyQbftHeader,
} from './qbftHeader.js';
import { qbftHeaderSource } from './qbftHeaderSource.js';
import { applyVote, followQbftHeaders, startTally } from './qbftValidators.js';

// Vectors of reference/qbft-light-client.md §6.
const MIX_HASH = '0x63746963616c2062797a616e74696e65206661756c7420746f6c6572616e6365';

/** V1: Besu's QbftExtraDataCodecTest RAW_HEX_ENCODING_STRING. */
const V1 =
  '0xf8f0a00102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20ea940000000000000000000000000000000000000001940000000000000000000000000000000000000002d794000000000000000000000000000000000000000181ff83fedcbaf886b8410000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000a00b841000000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000000100';

/** V3: a real Besu block (7528, round 1, 3 of 4 seals), datachainlab/besu-qbft-elc. */
const V3 =
  '0xf9033fa00af93e70b1c6d3974a88a42eb70bb61adbd523bfac0c83027ba4637c52746a0fa01dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d4934794ee3353e587cfa91625a1adaef308a726de3803d3a0166ed98eea93ab2b6f6b1a425526994adc2d675bf9a0d77d600ed1e02d8f77dfa056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421a056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421b901000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001821d688347b76080846640618bb90147f90144a00000000000000000000000000000000000000000000000000000000000000000f85494647bfdd19655e51e69d35454ff3a92f8828e630294a5c8416b9d13417b45b45ada76408f39d1e504ef94b92e91f4dcc9d28503be521afa2a8fbf3c1acf6094ee3353e587cfa91625a1adaef308a726de3803d3c001f8c9b841bc7633fd65570f610a595086e9a34e5bf6aacfb67b8f8cd01852e6b285147f046a50577b49378b86723ac9b456ef59ef7ab57cda7139d807f10f58e8cb10c67600b841ad1defc2b0b4a48158cff24778bb5ba4d9f373c171022ab0a42e37bdb0d4025718434d303a8d94df56ef9ad5219be9f27b2f67179a7fb82d3323dde29546f9f701b841e233d3670dd97c715f72b440eeb1ccb1e22c8c23f6ab470c46c99c2d0ee6509f0341a42e0e4569782557e93c3815e8ca4294043595f69a90f73f135de8ecf41e00a063746963616c2062797a616e74696e65206661756c7420746f6c6572616e6365880000000000000000';

const FIELD_NAMES = [
  'parentHash',
  'sha3Uncles',
  'miner',
  'stateRoot',
  'transactionsRoot',
  'receiptsRoot',
  'logsBloom',
  'difficulty',
  'number',
  'gasLimit',
  'gasUsed',
  'timestamp',
  'extraData',
  'mixHash',
  'nonce',
  'baseFeePerGas',
] as const;

/** A header decoded from its RLP into the fields `eth_getBlockBy*` returns. */
function headerFromRlp(rlp: Hex): RpcHeader {
  const items = fromRlp(rlp, 'hex') as Hex[];
  return Object.fromEntries(
    items.map((item, i) => [FIELD_NAMES[i], item === '0x' ? '0x0' : item]),
  ) as unknown as RpcHeader;
}

describe('QBFT extraData', () => {
  test("default: Besu's codec vector decodes and encodes back to the same bytes", () => {
    const extra = decodeQbftExtraData(V1);
    expect(extra).toMatchObject({
      validators: [
        '0x0000000000000000000000000000000000000001',
        '0x0000000000000000000000000000000000000002',
      ],
      vote: { recipient: '0x0000000000000000000000000000000000000001', add: true },
      round: 0xfedcba,
    });
    expect(extra.seals).toHaveLength(2);
    expect(encodeQbftExtraData(extra)).toBe(V1);
    expect(encodeQbftExtraData(extra, 'seal').endsWith('81ff83fedcbac0')).toBe(true);
    expect(encodeQbftExtraData(extra, 'hash').endsWith('81ff80c0')).toBe(true);
  });

  test("default: GoQuorum's genesis extraData (V2) is what the codec writes", () => {
    const validators = [
      '0x44add0ec310f115a0e603b2d7db9f067778eaf8a',
      '0x294fc7e8f22b3bcdcf955dd7ff3ba2ed833f8212',
      '0x6beaaed781d2d2ab6350f5c4566a2c6eaac407a6',
      '0x8be76812f765c24641ec63dc2852b378aba2b440',
    ] as Address[];
    const encoded = encodeQbftExtraData({
      vanity: toHex(new Uint8Array(32)),
      validators,
      vote: undefined,
      round: 0,
      seals: [],
    });
    expect(encoded).toBe(
      `0xf87aa0${'00'.repeat(32)}f854${validators.map((v) => `94${v.slice(2)}`).join('')}c080c0`,
    );
  });

  test('error: a malformed extraData is refused, naming what is wrong', () => {
    const bad = (extra: Hex) => () => decodeQbftExtraData(extra);
    // Legacy encoding (4-byte round with a leading zero: V6's null_vote_and_empty_lists).
    expect(bad(`0xe9a0${'00'.repeat(32)}c0808400fedcbac0`)).toThrow(/vote must be a list/);
    expect(bad(`0xe9a0${'00'.repeat(32)}c0c08400fedcbac0`)).toThrow(/minimal scalar/);
    expect(bad('0x1234')).toThrow(HeaderUntrustedError);
    expect(bad(`0xe6a0${'00'.repeat(32)}c0c080c080`)).toThrow(/5 items/);
  });
});

describe('QBFT seals', () => {
  test('default: a real Besu block (V3): its commit-seal hash, and 3 of its 4 validators sealed it', async () => {
    const header = headerFromRlp(V3 as Hex);
    expect(commitSealHash(header)).toBe(
      '0x75ea184f58cd3f0ef89032a069df01f07ec524ef3a85cf6d3e424d62130c0a32',
    );
    expect(qbftBlockHash(header)).toBe(
      '0x502568a07cc2303558ed8eea495d61255946a14c46be5ead61cdc737bdeaaf42',
    );
    const { extra, signers } = await verifyQbftHeader(
      header,
      decodeQbftExtraData(header.extraData).validators,
    );
    expect(extra.round).toBe(1);
    expect(sortAddresses(signers)).toEqual(
      sortAddresses([
        '0x647bfdd19655e51e69d35454ff3a92f8828e6302',
        '0xee3353e587cfa91625a1adaef308a726de3803d3',
        '0xa5c8416b9d13417b45b45ada76408f39d1e504ef',
      ]),
    );
  });

  test('default: a real QBFT block (V4) hashes to its RPC hash, sealed by its sole validator', async () => {
    const header: RpcHeader = {
      hash: '0xd33367228e0a0e3667c910c7d92d3f6e724e2b6e2f671b28823a22f82597d023',
      number: '0xe5f2',
      parentHash: '0x78ec31452f053f75665033d4957b8b33283c55e1c7239dc5facbb684a866492e',
      sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
      miner: '0xef5880ec6b859b6949d88ddbd6ec18e96d0f14aa',
      stateRoot: '0xaebe1ab7b242b261b1aced1a1ed729c3d6436634ff656efecad4609b38ee63a3',
      transactionsRoot: '0x77c428651debcc42d181d9067386d807b204235ebb3e45dfa5f1e6e71c0b67de',
      receiptsRoot: '0x0946e4baf57a46888aa1a78dc974a01a56bb221ae8d6ee381942695596f976ec',
      difficulty: '0x1',
      gasLimit: '0x2fefd800',
      gasUsed: '0x197b8',
      timestamp: '0x6849f937',
      nonce: '0x0000000000000000',
      baseFeePerGas: '0x0',
      mixHash: MIX_HASH,
      logsBloom:
        '0x00000000000000000000000000000000000000000000000000000080000100002000000000000000000000000000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000010008000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000020200000000000000204000000000000000000000000000002000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000404000000000000000',
      extraData: `0xf87ea0${'00'.repeat(32)}d594ef5880ec6b859b6949d88ddbd6ec18e96d0f14aac080f843b8410469b43f8d873e7b3c54c0d2a606a37af533994653f077b234a563f00723641a7ad56e6ba07d56fb38ec68bc9b6234d54fe62730f41118658a12c886fb783c3100`,
    };
    expect(qbftBlockHash(header)).toBe(header.hash);
    expect(commitSealHash(header)).toBe(header.hash);
    const { signers } = await verifyQbftHeader(header, [
      '0xef5880ec6b859b6949d88ddbd6ec18e96d0f14aa',
    ]);
    expect(signers).toEqual([getAddress('0xef5880ec6b859b6949d88ddbd6ec18e96d0f14aa')]);
  });

  test("default: the quorum is Besu's ⌈2n/3⌉", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(qbftQuorum)).toEqual([1, 2, 2, 3, 4, 4, 5, 6, 6, 7]);
  });
});

/** Synthetic headers sealed by keys of our own, as a kit's validators would. */
const keys = [0, 1, 2, 3, 4].map(() => privateKeyToAccount(generatePrivateKey()));
const [a, b, c, d, e] = keys as [
  (typeof keys)[0],
  (typeof keys)[0],
  (typeof keys)[0],
  (typeof keys)[0],
  (typeof keys)[0],
];

async function sealed(
  parent: { hash: Hex; number: bigint },
  sealers: typeof keys,
  options: {
    validators: Address[];
    proposer?: (typeof keys)[0];
    vote?: QbftExtraData['vote'];
    round?: number;
  },
): Promise<RpcHeader> {
  const extra: QbftExtraData = {
    vanity: toHex(new Uint8Array(32)),
    validators: sortAddresses(options.validators),
    vote: options.vote,
    round: options.round ?? 0,
    seals: [],
  };
  const header: RpcHeader = {
    parentHash: parent.hash,
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    miner: (options.proposer ?? a).address,
    stateRoot: keccak256(toHex(`state ${parent.number + 1n}`)),
    transactionsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    receiptsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    logsBloom: toHex(new Uint8Array(256)),
    difficulty: '0x1',
    number: toHex(parent.number + 1n),
    gasLimit: '0x1c9c380',
    gasUsed: '0x0',
    timestamp: toHex(1_800_000_000n + parent.number),
    extraData: encodeQbftExtraData(extra),
    mixHash: MIX_HASH,
    nonce: '0x0000000000000000',
    baseFeePerGas: '0x0',
  };
  const hash = commitSealHash(header, extra);
  const seals = await Promise.all(
    sealers.map(async (key) => {
      const signature = await key.sign({ hash });
      return `${signature.slice(0, 130)}${(Number.parseInt(signature.slice(130), 16) - 27).toString(16).padStart(2, '0')}` as Hex;
    }),
  );
  const withSeals = { ...header, extraData: encodeQbftExtraData({ ...extra, seals }) };
  return { ...withSeals, hash: qbftBlockHash(withSeals) };
}

const four = [a, b, c, d].map((key) => key.address);
const genesis = { hash: keccak256('0x00'), number: 0n };

/** Blocks 1–3 after genesis, whose proposers A, B and C each vote to add E. */
async function votesToAddE(): Promise<[RpcHeader, RpcHeader, RpcHeader]> {
  const vote = { recipient: e.address, add: true };
  const chain: RpcHeader[] = [];
  for (const [i, proposer] of [a, b, c].entries()) {
    const parent = i === 0 ? genesis : { hash: chain[i - 1]?.hash as Hex, number: BigInt(i) };
    chain.push(await sealed(parent, [a, b, c], { validators: four, proposer, vote }));
  }
  return chain as [RpcHeader, RpcHeader, RpcHeader];
}

describe('QBFT headers from kit keys', () => {
  test('default: 3 of 4 seals, from validators, in any round, make a trusted header', async () => {
    const header = await sealed(genesis, [d, b, a], { validators: four, round: 2 });
    const { signers } = await verifyQbftHeader(header, four);
    expect(signers).toEqual([d.address, b.address, a.address]);
  });

  test('error: one seal too few, a seal by a non-validator, a duplicate seal, an altered field: each refused', async () => {
    const refuse = (header: RpcHeader) =>
      expect(verifyQbftHeader(header, four)).rejects.toThrow(HeaderUntrustedError);
    await expect(
      verifyQbftHeader(await sealed(genesis, [a, b], { validators: four }), four),
    ).rejects.toThrow(/2 seals of 4 validators, 3 needed/);
    await expect(
      verifyQbftHeader(await sealed(genesis, [a, b, e], { validators: four }), four),
    ).rejects.toThrow(/no validator/);
    await expect(
      verifyQbftHeader(await sealed(genesis, [a, b, b], { validators: four }), four),
    ).rejects.toThrow(/twice/);
    const honest = await sealed(genesis, [a, b, c], { validators: four });
    // The stateRoot changed after sealing: the block hash no longer matches, and the seals recover to strangers.
    await refuse({ ...honest, stateRoot: keccak256('0x01') });
    const { hash: _hash, ...unhashed } = honest;
    await expect(
      verifyQbftHeader({ ...unhashed, stateRoot: keccak256('0x01') }, four),
    ).rejects.toThrow(/no validator|recovers to nobody/);
    // A header listing another set than the one that seals it.
    await expect(
      verifyQbftHeader(
        await sealed(genesis, [a, b, c], { validators: [...four, e.address] }),
        four,
      ),
    ).rejects.toThrow(/lists validators/);
    // A proposer outside the set.
    await refuse(await sealed(genesis, [a, b, c], { validators: four, proposer: e }));
  });

  test('behavior: validator-set changes by vote are followed across blocks; a header signed by the old set after the change is refused', async () => {
    const tally = startTally(four);
    const [b1, b2, b3] = await votesToAddE();
    const five = [...four, e.address];
    // After 3 of 4 votes E is a validator: block 4 lists five and needs 4 seals.
    const b4 = await sealed({ hash: b3.hash as Hex, number: 3n }, [a, b, c, e], {
      validators: five,
      proposer: e,
    });
    const followed = await followQbftHeaders({ ...genesis, tally }, [b1, b2, b3, b4]);
    expect(followed.number).toBe(4n);
    expect(followed.tally.validators).toEqual(sortAddresses(five));
    const stale = await sealed({ hash: b3.hash as Hex, number: 3n }, [a, b, c], {
      validators: four,
      proposer: a,
    });
    await expect(followQbftHeaders({ ...genesis, tally }, [b1, b2, b3, stale])).rejects.toThrow(
      /lists validators/,
    );
    // A block out of the chain.
    await expect(followQbftHeaders({ ...genesis, tally }, [b1, b3])).rejects.toThrow(
      /not the child/,
    );
    // Drop votes: a majority of the set (3 of 5) removes a validator.
    let dropping = startTally(five);
    for (const proposer of [a, b, c]) {
      dropping = applyVote(dropping, {
        number: 10n,
        proposer: proposer.address,
        vote: { recipient: d.address, add: false },
      });
    }
    expect(dropping.validators).toEqual(sortAddresses([a, b, c, e].map((key) => key.address)));
  });
});

describe('qbftHeaderSource', () => {
  /** A node that serves `chain` (block n at index n − 1) through the SDK client's two calls. */
  const serving = (chain: RpcHeader[]) => ({
    rpc: async <T>(method: string) => {
      if (method !== 'eth_blockNumber') throw new Error(method);
      return toHex(chain.length) as T;
    },
    rpcBatch: async <T>(requests: readonly { method: string; params: readonly unknown[] }[]) =>
      requests.map(({ params }) => ({
        status: 'success' as const,
        result: chain[Number(params[0]) - 1] as T,
      })),
  });

  test('behavior: the latest header, followed from a checkpoint through a validator vote; a forged one is refused', async () => {
    const [b1, b2, b3] = await votesToAddE();
    const checkpoint = { ...genesis, validators: four };
    const latest = await qbftHeaderSource(serving([b1, b2, b3]), checkpoint)();
    expect(latest.hash).toBe(b3.hash);
    const forged = await sealed({ hash: b1.hash as Hex, number: 1n }, [a, e, b], {
      validators: four,
      proposer: a,
    });
    await expect(qbftHeaderSource(serving([b1, forged, b3]), checkpoint)()).rejects.toThrow(
      /no validator/,
    );
  });
});
