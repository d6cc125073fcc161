import { describe, expect, test, vi } from 'vitest';
import { residentFileMiB, residentMiB, watchMemory } from './memoryWatch.js';

describe('watchMemory', () => {
  test('behavior: a process over its budget is told once, with its resident memory', async () => {
    const onOver = vi.fn();
    const watch = watchMemory({ pid: () => process.pid, budgetMiB: 1, onOver, intervalMs: 10 });
    await vi.waitFor(() => expect(onOver).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    watch.stop();
    expect(onOver).toHaveBeenCalledTimes(1);
    expect(onOver.mock.calls[0]?.[0]).toBeGreaterThan(1);
  });

  test('default: a process within its budget, or none, is never told', async () => {
    const onOver = vi.fn();
    const within = watchMemory({ pid: () => process.pid, budgetMiB: 1e6, onOver, intervalMs: 10 });
    const gone = watchMemory({ pid: () => undefined, budgetMiB: 0, onOver, intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    within.stop();
    gone.stop();
    expect(onOver).not.toHaveBeenCalled();
    expect(residentMiB(process.pid)).toBeGreaterThan(0);
  });

  test('default: the mapped-file part of resident memory is a part of it', () => {
    const file = residentFileMiB(process.pid) as number;
    expect(file).toBeGreaterThan(0);
    expect(file).toBeLessThan(residentMiB(process.pid) as number);
    expect(residentFileMiB(undefined)).toBeUndefined();
  });
});
