import { encodeRlp } from 'ethers';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sortValidators, toQbftExtraData } from './qbftExtraData.js';

/**
 * Besu's published examples, from "Configure QBFT consensus"
 * (https://besu.hyperledger.org/private-networks/how-to/configure/consensus/qbft): the genesis
 * file of block header validator selection, the `besu rlp encode --type=QBFT_EXTRA_DATA` example
 * of "Generate extra data" (the validators of its `toEncode.json`, in the order listed there), and
 * the genesis file of contract validator selection (no validators).
 */
const BESU_EXAMPLES = [
  {
    name: 'the block header validator selection genesis',
    validators: [
      '0x64a702e6263b7297a96638cac6ae65e6541f4169',
      '0x3923390ad55e90c237593b3b0e401f3b08a03185',
      '0xaefdb9a738c9f433e5b6b212a6d62f6370c2f692',
      '0xc7eeb9a4e00ce683cf93039b212648e01c6c6b78',
    ],
    extraData:
      '0xf87aa00000000000000000000000000000000000000000000000000000000000000000f8549464a702e6263b7297a96638cac6ae65e6541f4169943923390ad55e90c237593b3b0e401f3b08a0318594aefdb9a738c9f433e5b6b212a6d62f6370c2f69294c7eeb9a4e00ce683cf93039b212648e01c6c6b78c080c0',
  },
  {
    name: 'the rlp encode example (toEncode.json)',
    validators: [
      '0x4592c8e45706cc08b8f44b11e43cba0cfc5892cb',
      '0x06e23768a0f59cf365e18c2e0c89e151bcdedc70',
      '0xc5327f96ee02d7bcbc1bf1236b8c15148971e1de',
      '0xab5e7f4061c605820d3744227eed91ff8e2c8908',
    ],
    extraData:
      '0xf87aa00000000000000000000000000000000000000000000000000000000000000000f854944592c8e45706cc08b8f44b11e43cba0cfc5892cb9406e23768a0f59cf365e18c2e0c89e151bcdedc7094c5327f96ee02d7bcbc1bf1236b8c15148971e1de94ab5e7f4061c605820d3744227eed91ff8e2c8908c080c0',
  },
  {
    name: 'the contract validator selection genesis',
    validators: [],
    extraData: '0xe5a00000000000000000000000000000000000000000000000000000000000000000c0c080c0',
  },
];

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`);

describe('toQbftExtraData', () => {
  test.each(BESU_EXAMPLES)('default: $name, byte for byte as Besu publishes it', (example) => {
    expect(toQbftExtraData(example.validators)).toBe(example.extraData);
  });

  test('behavior: the same bytes as ethers’ RLP encoder, for any validators', () => {
    fc.assert(
      fc.property(fc.array(address, { maxLength: 40 }), (validators) => {
        // Round 0 as Besu's intScalar writes it: the empty string.
        const reference = encodeRlp([`0x${'00'.repeat(32)}`, validators, [], '0x', []]);
        expect(toQbftExtraData(validators)).toBe(reference);
      }),
    );
  });

  test('behavior: checksummed and lower-case addresses encode alike', () => {
    const [first] = BESU_EXAMPLES;
    const upper = first?.validators.map((v) => `0x${v.slice(2).toUpperCase()}`) ?? [];
    expect(toQbftExtraData(upper)).toBe(first?.extraData);
  });

  test('error: a validator that is not an address', () => {
    expect(() => toQbftExtraData(['0x1234'])).toThrow(
      new TypeError('Validator "0x1234" is not an address'),
    );
  });
});

describe('sortValidators', () => {
  test('default: ascending by value, whatever the case of the hex digits', () => {
    expect(
      sortValidators([
        '0xAB00000000000000000000000000000000000000',
        '0x0a00000000000000000000000000000000000000',
        '0xac00000000000000000000000000000000000000',
      ]),
    ).toEqual([
      '0x0a00000000000000000000000000000000000000',
      '0xAB00000000000000000000000000000000000000',
      '0xac00000000000000000000000000000000000000',
    ]);
  });
});
