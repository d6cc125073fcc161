import { verifyMerkleProof } from '@ethereumjs/mpt';
import { type Address, fromRlp, type Hex, hexToBigInt, hexToBytes, pad, toHex } from 'viem';
import { keccak256Bytes } from '../../identity/keccak.js';

/** An `eth_getProof` answer (EIP-1186). */
export type AccountProof = {
  address: Address;
  balance: Hex;
  nonce: Hex;
  codeHash: Hex;
  storageHash: Hex;
  accountProof: Hex[];
  storageProof: { key: Hex; value: Hex; proof: Hex[] }[];
};

/** An account's state, checked against a state root. */
export type ProvenAccount = {
  address: Address;
  nonce: bigint;
  balance: bigint;
  storageHash: Hex;
  codeHash: Hex;
  /** Slot (32 bytes, as asked) → value, each checked against `storageHash`. */
  storage: Map<Hex, bigint>;
};

/** The root of an empty trie: `keccak256(RLP(""))`. */
export const EMPTY_TRIE_ROOT: Hex =
  '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
/** The code hash of an account without code: `keccak256("")`. */
export const EMPTY_CODE_HASH: Hex =
  '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/**
 * A state proof the relying party refused: it does not lead to the trusted root, or what the node
 * reported differs from what it proves. `message` says which.
 */
export class StateProofError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateProofError';
  }
}

/**
 * Checks an `eth_getProof` answer against a trusted `stateRoot` (reference/qbft-light-client.md
 * §5.1): the account's leaf (or its absence) under `keccak256(address)`, its fields as reported,
 * and each asked slot's leaf under `keccak256(slot)` of the proven `storageHash`. Slots are
 * matched by what was asked, never by the key the node echoes (Besu trims its zeros).
 * @param slots the 32-byte slots asked, in the order of `storageProof`.
 * @throws {StateProofError}
 */
export async function verifyAccountProof(
  proof: AccountProof,
  stateRoot: Hex,
  slots: readonly Hex[],
): Promise<ProvenAccount> {
  const { address } = proof;
  const leaf = await proven(
    `account ${address}`,
    hexToBytes(address),
    proof.accountProof,
    stateRoot,
  );
  const reported = {
    nonce: hexToBigInt(proof.nonce),
    balance: hexToBigInt(proof.balance),
    storageHash: proof.storageHash.toLowerCase() as Hex,
    codeHash: proof.codeHash.toLowerCase() as Hex,
  };
  const actual = leaf
    ? decodeAccountLeaf(leaf)
    : { nonce: 0n, balance: 0n, storageHash: EMPTY_TRIE_ROOT, codeHash: EMPTY_CODE_HASH };
  for (const field of ['nonce', 'balance', 'storageHash', 'codeHash'] as const) {
    if (actual[field] !== reported[field]) {
      throw new StateProofError(
        `account ${address}: the node reports ${field} ${reported[field]}, the proof ${actual[field]}`,
      );
    }
  }
  if (proof.storageProof.length !== slots.length) {
    throw new StateProofError(
      `account ${address}: ${slots.length} slots asked, ${proof.storageProof.length} proven`,
    );
  }
  const storage = new Map<Hex, bigint>();
  for (const [i, slot] of slots.entries()) {
    const entry = proof.storageProof[i] as AccountProof['storageProof'][number];
    const key = pad(slot, { size: 32 });
    const value = hexToBigInt(entry.value);
    const stored =
      entry.proof.length === 0 && actual.storageHash === EMPTY_TRIE_ROOT
        ? null
        : await proven(
            `slot ${key} of ${address}`,
            hexToBytes(key),
            entry.proof,
            actual.storageHash,
          );
    const bytes = stored ? (fromRlp(toHex(stored), 'hex') as Hex) : '0x';
    const provenValue = bytes === '0x' ? 0n : hexToBigInt(bytes);
    if (provenValue !== value) {
      throw new StateProofError(
        `slot ${key} of ${address}: the node reports ${value}, the proof ${provenValue}`,
      );
    }
    storage.set(key, value);
  }
  return { address, ...actual, storage };
}

/** Checks that `code` is the code the proven account commits to. */
export function verifyCode(account: ProvenAccount, code: Hex): void {
  if (toHex(keccak256Bytes(hexToBytes(code))) !== account.codeHash) {
    throw new StateProofError(`account ${account.address}: its code does not hash to its codeHash`);
  }
}

/** The leaf under `keccak256(key)` in the trie of `root`, or `null` when the proof shows none. */
async function proven(what: string, key: Uint8Array, nodes: Hex[], root: Hex) {
  if (nodes.length === 0) throw new StateProofError(`${what}: no proof`);
  try {
    return await verifyMerkleProof(
      key,
      nodes.map((node) => hexToBytes(node)),
      {
        root: hexToBytes(root),
        useKeyHashing: true,
        // Every node of a proof is hashed: natively in Node, about five times viem's speed.
        useKeyHashingFunction: keccak256Bytes,
      },
    );
  } catch (cause) {
    throw new StateProofError(
      `${what}: the proof does not lead to ${root} (${(cause as Error).message})`,
    );
  }
}

function decodeAccountLeaf(leaf: Uint8Array) {
  const fields = fromRlp(toHex(leaf), 'hex');
  if (!Array.isArray(fields) || fields.length !== 4 || fields.some((f) => typeof f !== 'string')) {
    throw new StateProofError(
      'an account leaf must be RLP [nonce, balance, storageRoot, codeHash]',
    );
  }
  const [nonce, balance, storageHash, codeHash] = fields as Hex[];
  return {
    nonce: nonce === '0x' ? 0n : hexToBigInt(nonce as Hex),
    balance: balance === '0x' ? 0n : hexToBigInt(balance as Hex),
    storageHash: (storageHash as Hex).toLowerCase() as Hex,
    codeHash: (codeHash as Hex).toLowerCase() as Hex,
  };
}
