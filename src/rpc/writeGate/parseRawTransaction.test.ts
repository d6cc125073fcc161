import { encodeFunctionData, parseTransaction, serializeTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { TransactionInvalidError } from '../../errors/transaction.js';
import { toRpcError } from '../toRpcError.js';
import { parseRawTransaction } from './parseRawTransaction.js';

const account = privateKeyToAccount(generatePrivateKey());
const to = '0x00000000000000000000000000000000000000AA';
const data = encodeFunctionData({
  abi: [{ type: 'function', name: 'ping', inputs: [], outputs: [], stateMutability: 'nonpayable' }],
  functionName: 'ping',
});

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof TransactionInvalidError) {
      const { code, message } = toRpcError(error).error;
      return `${code} ${message}`;
    }
  }
  throw new Error('expected a TransactionInvalidError');
}

describe('parseRawTransaction', () => {
  test.each(['legacy', 'eip2930', 'eip1559'] as const)(
    'default: %s transactions give their sender',
    async (type) => {
      const raw = await account.signTransaction({
        type,
        chainId: 2026,
        to,
        data,
        nonce: 3,
        gas: 100000n,
        ...(type === 'eip1559' ? { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n } : { gasPrice: 0n }),
      } as never);
      expect(parseRawTransaction(raw, 2026)).toEqual({
        from: account.address,
        to,
        data,
        chainId: 2026,
        type,
      });
    },
  );

  test('error: another chain, no chain id, contract creation, garbage', async () => {
    const other = await account.signTransaction({
      type: 'eip1559',
      chainId: 1,
      to,
      data,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      gas: 1n,
    });
    expect(message(() => parseRawTransaction(other, 2026))).toBe(
      '-32600 Invalid transaction: the transaction is for chain 1, not 2026',
    );
    const create = await account.signTransaction({
      type: 'eip1559',
      chainId: 2026,
      data,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      gas: 1n,
    });
    expect(message(() => parseRawTransaction(create, 2026))).toBe(
      '-32600 Invalid transaction: contract creation is not accepted',
    );
    const unprotected = await account.signTransaction({
      type: 'legacy',
      to,
      data,
      gasPrice: 0n,
      gas: 1n,
    });
    expect(message(() => parseRawTransaction(unprotected, 2026))).toBe(
      '-32600 Invalid transaction: the transaction has no chain id (EIP-155)',
    );
    expect(message(() => parseRawTransaction('0x1234', 2026))).toMatch(
      /^-32600 Invalid transaction: the transaction cannot be decoded/,
    );
    expect(message(() => parseRawTransaction(42, 2026))).toBe(
      '-32600 Invalid transaction: the parameter must be a hex-encoded signed transaction',
    );
  });

  test('error: a high-S signature', async () => {
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: 2026,
      to,
      data,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      gas: 1n,
    });
    const tx = parseTransaction(raw) as { r: `0x${string}`; s: `0x${string}`; yParity: number };
    const n = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
    const high = serializeTransaction(
      {
        type: 'eip1559',
        chainId: 2026,
        to,
        data,
        maxFeePerGas: 0n,
        maxPriorityFeePerGas: 0n,
        gas: 1n,
      },
      {
        r: tx.r,
        s: `0x${(n - BigInt(tx.s)).toString(16).padStart(64, '0')}`,
        yParity: 1 - tx.yParity,
      },
    );
    expect(message(() => parseRawTransaction(high, 2026))).toBe(
      '-32600 Invalid transaction: the signature "s" value is too high (EIP-2)',
    );
  });

  test.each([
    ['"r"', { r: '0x0', s: '0x1' }],
    ['"s"', { r: '0x1', s: '0x0' }],
  ] as const)('error: a zero %s value', (name, signature) => {
    const raw = serializeTransaction(
      { type: 'legacy', chainId: 2026, to, data, gasPrice: 0n, gas: 1n },
      { ...signature, v: 35n + 2n * 2026n },
    );
    expect(message(() => parseRawTransaction(raw, 2026))).toBe(
      `-32600 Invalid transaction: the signature ${name} value is out of range`,
    );
  });
});
