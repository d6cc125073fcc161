import { describe, expect, test } from 'vitest';
import {
  EMPTY_CODE_HASH,
  EMPTY_TRIE_ROOT,
  StateProofError,
  verifyAccountProof,
} from './stateProof.js';

// Besu's eth_getProof test vectors (reference/qbft-light-client.md §6, P1 and P2).
const SLOT = `0x${'0'.repeat(60)}0347` as const;

const P1 = {
  stateRoot: '0xcf966b3f77c73436ebd1ef71d85a4561e0a6616d831c2d2bfa540988b892de4f',
  proof: {
    address: '0x8888f1f195afa192cfee860698584c030f4c9db1',
    balance: '0x6cb0f6ed0e034ae5d',
    nonce: '0x0',
    codeHash: EMPTY_CODE_HASH,
    storageHash: EMPTY_TRIE_ROOT,
    accountProof: [
      '0xf891a09e0124af825ca88d0c30ae4a69f2c339196c23952b0226f03c7e7460699c0541a097699db78357681938d946074cafa3355e921261ba0bd5081bff15c4f17d0c7f8080808080808080a044b83742345b4b2b4debce6d454e97bfb713ae1416dee357f5fd93f858a73a75808080a0d2c1b7d4a3c019943eff4e75716ade2750b1955abcf5d2355de6e3693d6c30d38080',
      '0xf872a0332fbb2bcac38ed596cbb34ae265df4d60b832ce8077a3abc6f57b4611005cfdb84ff84d808906cb0f6ed0e034ae5da056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421a0c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    ],
    storageProof: [{ key: '0x0347', value: '0x0', proof: [] }],
  },
} as const;

const P2 = {
  stateRoot: '0x34727aff24d1c51cd63fdc14515b15ddaa156fa0671c58a96c72b1553819945d',
  proof: {
    address: '0x6295ee1b4f6dd65047762f924ecd367c17eabf8f',
    balance: '0x140',
    nonce: '0x0',
    storageHash: '0xdd3fa56425f8195f314c22547243081293b3f5537cd98ed8f84d4fda3f9a515b',
    codeHash: '0x35178fc0de1e7fc754dbd07360e6f80bed818b9e51c62682f312442c4838ac47',
    accountProof: [
      '0xf8b1a00f23b4d3c6c2980e929008edfaa3cac1d693711fb114c678d3a0e02af00f481fa097699db78357681938d946074cafa3355e921261ba0bd5081bff15c4f17d0c7f808080a04341a174820f23ab9c524d4f8bf0e8c2b6075aaf1c689775ef752f039ad2c6a480808080a07ac9345327d90f69293f207fd3dbad91418e38cf6c663c97e8cda89c32448509808080a093e09806aca0b1db534f5e6940b2d43a717c47bf4dfc342a104d9945e82a221d8080',
      '0xf86ba03b8ec137a2f5a74ec3a73144b552caad890b18b5f725872fa212fff6d4d565bab848f84680820140a0dd3fa56425f8195f314c22547243081293b3f5537cd98ed8f84d4fda3f9a515ba035178fc0de1e7fc754dbd07360e6f80bed818b9e51c62682f312442c4838ac47',
    ],
    storageProof: [
      {
        key: '0x0347',
        value: '0x0',
        proof: [
          '0xf8b18080a0c7f91ee5ea67d593275fcc773a02a5e5fb37b0625ca5c5cdc783483d43f2d7c280a06672614c102b0f02e747250bae452ed105110e25761c15a2a459afbd9eb8cf2e808080a0f671e05fab19f512b16fdcbc938f5fbbfbbc2fa67fecb575bb7721c221f71cf78080a0ba2fc36b0235d7ea299126bd4d404cb38456f32a6c236b422a3868f98c69eda1a0d77552655c7b63916586a73350b1933836f2378789613b548b90fa0a44125df180808080',
        ],
      },
    ],
  },
} as const;

describe('EIP-1186 proofs', () => {
  test("default: Besu's account proofs check against their blocks' state roots (empty storage; an absent slot)", async () => {
    const empty = await verifyAccountProof(P1.proof as never, P1.stateRoot, [SLOT]);
    expect([empty.balance, empty.storage.get(SLOT)]).toEqual([0x6cb0f6ed0e034ae5dn, 0n]);
    const absent = await verifyAccountProof(P2.proof as never, P2.stateRoot, [SLOT]);
    expect([absent.balance, absent.storage.get(SLOT)]).toEqual([0x140n, 0n]);
  });

  test('error: another root, a reported field the proof contradicts, a slot value that is not proven: each refused', async () => {
    await expect(verifyAccountProof(P1.proof as never, P2.stateRoot, [SLOT])).rejects.toThrow(
      /does not lead to/,
    );
    await expect(
      verifyAccountProof({ ...P1.proof, balance: '0x1' } as never, P1.stateRoot, [SLOT]),
    ).rejects.toThrow(/reports balance 1/);
    const forged = { ...P2.proof, storageProof: [{ ...P2.proof.storageProof[0], value: '0x2a' }] };
    await expect(verifyAccountProof(forged as never, P2.stateRoot, [SLOT])).rejects.toThrow(
      StateProofError,
    );
    // An empty storage proof stands only for an empty storage trie.
    const bare = { ...P2.proof, storageProof: [{ key: '0x0347', value: '0x0', proof: [] }] };
    await expect(verifyAccountProof(bare as never, P2.stateRoot, [SLOT])).rejects.toThrow(
      /no proof/,
    );
  });
});
