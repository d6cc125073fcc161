import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CAST_BINARY,
  type InteropNode,
  type InteropWriter,
  startInteropNode,
} from './interopNode.js';

/** Foundry's `cast` against `/v1/ledger`. */
const COMMIT = 'commitTimestampHashes(bytes32)';
const FREE_GAS = ['--gas-price', '0', '--priority-gas-price', '0'];

let net: InteropNode;
let writer: InteropWriter;

beforeAll(async () => {
  net = await startInteropNode();
  writer = await net.newWriter();
});
afterAll(() => net.close());

async function cast(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(CAST_BINARY, [...args, '--rpc-url', net.rpcUrl], {
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return stdout.trim();
}

const bearer = () => ['--rpc-headers', `Authorization: Bearer ${writer.token}`];
const randomHash = () => keccak256(toHex(crypto.getRandomValues(new Uint8Array(32))));
/** The arguments of a signed commitment to a fresh hash, by the writer. */
const commit = () => [
  net.timestamp.address,
  COMMIT,
  randomHash(),
  '--private-key',
  writer.privateKey,
];
const statusOf = async (hash: string) =>
  (JSON.parse(await cast('receipt', hash, '--json')) as { status: string }).status;

describe('cast', () => {
  test('default: chain-id, block-number, call', async () => {
    expect(await cast('chain-id')).toBe(String(net.chainId));
    expect(Number(await cast('block-number'))).toBeGreaterThan(0);
    expect(
      await cast('call', net.timestamp.address, 'TIMESTAMP_COMMITMENT_MATURITY()(uint256)'),
    ).toBe('5');
  });

  test('behavior: mktx, then publish with the Bearer token, then receipt', async () => {
    const raw = await cast('mktx', ...commit(), ...FREE_GAS);
    expect(raw).toMatch(/^0x02/);
    const published = JSON.parse(await cast('publish', raw, ...bearer())) as {
      transactionHash: string;
    };
    expect(await statusOf(published.transactionHash)).toBe('0x1');
  });

  test.each([
    ['0x2', FREE_GAS],
    ['0x0', ['--legacy', '--gas-price', '0']],
  ])('behavior: send, type %s, with zero fees', async (type, fees) => {
    const sent = JSON.parse(await cast('send', ...commit(), ...fees, ...bearer(), '--json')) as {
      status: string;
      type: string;
    };
    expect(sent).toMatchObject({ status: '0x1', type });
  });

  test('error: without fee flags cast tips 1 wei, which a zero-balance sender cannot pay', async () => {
    const failure = await cast('send', ...commit(), ...bearer()).catch(
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(failure).toMatch(/insufficient funds/i);
  });
});
