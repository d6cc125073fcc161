import { describe, expect, test } from 'vitest';
import { toFreeGasCall, toFreeGasOutcome, toLocalFeeAnswer } from './freeGas.js';

describe('toLocalFeeAnswer', () => {
  test('default: fee quotes are zero', () => {
    expect(toLocalFeeAnswer('eth_gasPrice')).toEqual({ result: '0x0' });
    expect(toLocalFeeAnswer('eth_maxPriorityFeePerGas')).toEqual({ result: '0x0' });
  });

  test('behavior: other methods go to the ledger', () => {
    expect(toLocalFeeAnswer('eth_call')).toBeUndefined();
    expect(toLocalFeeAnswer('toString')).toBeUndefined();
  });
});

describe('toFreeGasCall', () => {
  test.each(['eth_call', 'eth_estimateGas'])('behavior: %s loses its fee fields', (method) => {
    const call = { from: '0x01', to: '0x02', data: '0x', gasPrice: '0x1', maxFeePerGas: '0x2' };
    expect(toFreeGasCall(method, [call, 'latest'])).toEqual({
      method,
      params: [{ from: '0x01', to: '0x02', data: '0x' }, 'latest'],
    });
  });

  test('behavior: anything else is forwarded as sent', () => {
    const params = [{ to: '0x02', maxPriorityFeePerGas: '0x1' }];
    expect(toFreeGasCall('eth_getLogs', params).params).toBe(params);
    expect(toFreeGasCall('eth_call', ['0x1']).params).toEqual(['0x1']);
    expect(toFreeGasCall('eth_call', []).params).toEqual([]);
  });
});

describe('toFreeGasOutcome', () => {
  test('default: eth_feeHistory quotes zero base fees and rewards', () => {
    const history = { oldestBlock: '0x5', baseFeePerGas: ['0x7', '0x3'], gasUsedRatio: [0.5] };
    const reward = [['0x1', '0x3b9aca00']];
    expect(toFreeGasOutcome('eth_feeHistory', { result: { ...history, reward } })).toEqual({
      result: { ...history, baseFeePerGas: ['0x0', '0x0'], reward: [['0x0', '0x0']] },
    });
  });

  test('behavior: errors and other methods pass unchanged', () => {
    const error = { error: { code: -32602, message: 'bad' } };
    expect(toFreeGasOutcome('eth_feeHistory', error)).toBe(error);
    const block = { result: { baseFeePerGas: '0x7' } };
    expect(toFreeGasOutcome('eth_getBlockByNumber', block)).toBe(block);
  });
});
