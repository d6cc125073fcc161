import { type Address, type Hex, isAddress, toRlp } from 'viem';

/** The 32 bytes of vanity data that open every QBFT `extraData`: zero in a genesis block. */
const VANITY: Hex = `0x${'00'.repeat(32)}`;

/**
 * The `extraData` of a QBFT genesis block with block header validator selection:
 * `RLP([32 bytes vanity, [validators], no vote, round 0, no seals])`, as `besu rlp encode
 * --type=QBFT_EXTRA_DATA` writes it. Besu encodes the round as an integer scalar, so round 0 is
 * the empty string (`0x80`); no vote and no seals are empty lists (`0xc0`). With no validators
 * it is the `extraData` of contract validator selection.
 * - Besu: https://besu.hyperledger.org/private-networks/how-to/configure/consensus/qbft#extra-data
 * @param validators The initial validators' addresses, encoded in the order given (Besu's docs
 *   list them in ascending order: {@link sortValidators}).
 * @returns the RLP as a 0x-prefixed hex string.
 * @throws {TypeError} when a validator is not an address.
 */
export function toQbftExtraData(validators: readonly string[]): Hex {
  for (const validator of validators) {
    if (!isAddress(validator, { strict: false }))
      throw new TypeError(`Validator "${validator}" is not an address`);
  }
  return toRlp([VANITY, validators.map((v) => v.toLowerCase() as Hex), [], '0x', []]);
}

/** Addresses in ascending order (numeric, case-insensitive), as Besu's docs list validators. */
export function sortValidators<T extends Address | string>(addresses: readonly T[]): T[] {
  return [...addresses].sort((a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
