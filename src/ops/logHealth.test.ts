import { describe, expect, test } from 'vitest';
import { logHealth } from './logHealth.js';

describe('logHealth', () => {
  test('behavior: a timeout is logged as its name and message, not its DOMException constants', () => {
    const lines: unknown[][] = [];
    const log = {
      error: (...args: unknown[]) => lines.push(args),
      info: (...args: unknown[]) => lines.push(args),
    };
    const tell = logHealth(log as never, 'the replay store');
    tell('down', new DOMException('No answer within 2000 ms', 'TimeoutError'));
    tell('up');
    expect(lines).toEqual([
      [{ reason: 'TimeoutError: No answer within 2000 ms' }, 'the replay store stopped answering'],
      ['the replay store answers again'],
    ]);
  });

  test('args: an error code is kept, a cause that is no error is told as text', () => {
    const lines: unknown[][] = [];
    const tell = logHealth(
      { error: (...args: unknown[]) => lines.push(args) } as never,
      'the ledger',
    );
    tell('down', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    tell('down', 'no latest block');
    expect(lines.map(([fields]) => fields)).toEqual([
      { reason: 'Error: connect ECONNREFUSED (ECONNREFUSED)' },
      { reason: 'no latest block' },
    ]);
  });
});
