import { describe, expect, test } from 'vitest';
import { RpcError } from '../errors/rpc.js';
import { capCallGas } from './gasCap.js';

const CAP = 1_000_000n;

describe('capCallGas', () => {
  test('default: a call without gas gets the cap', () => {
    expect(capCallGas({ method: 'eth_call', params: [{ data: '0x' }, 'latest'] }, CAP)).toEqual({
      call: { method: 'eth_call', params: [{ data: '0x', gas: '0xf4240' }, 'latest'] },
      gas: CAP,
    });
  });

  test('behavior: a larger gas is lowered to the cap, a smaller one kept', () => {
    const call = (gas: string) => ({ method: 'eth_estimateGas', params: [{ gas }] });
    expect(capCallGas(call('0x3b9aca00'), CAP).gas).toBe(CAP);
    expect(capCallGas(call('0x5208'), CAP)).toEqual({ call: call('0x5208'), gas: 21_000n });
  });

  test('behavior: other methods pass unchanged and cost nothing', () => {
    const call = { method: 'eth_getBalance', params: ['0x00', 'latest'] };
    expect(capCallGas(call, CAP)).toEqual({ call, gas: 0n });
  });

  test.each([['lots'], [12], ['0x'], ['0x01'], [`0x${'f'.repeat(65)}`]])(
    'error: gas %j is no hex quantity',
    (gas) => {
      expect(() => capCallGas({ method: 'eth_call', params: [{ gas }] }, CAP)).toThrow(RpcError);
    },
  );
});
