import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs on every tick but never twice at once, and stop() waits for the run in progress', async () => {
    let finish: () => void = () => {};
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const periodic = startPeriodic('test task', task, 1000, { error: vi.fn() });

    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000); // still running: these ticks are skipped
    expect(task).toHaveBeenCalledTimes(1);

    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);

    let isStopped = false;
    const stopping = periodic.stop().then(() => (isStopped = true));
    await Promise.resolve();
    expect(isStopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('logs a failure by name and tries again on the next tick', async () => {
    const log = { error: vi.fn() };
    const task = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const periodic = startPeriodic('test task', task, 1000, log);
    await vi.advanceTimersByTimeAsync(2000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test task failed');
    expect(task).toHaveBeenCalledTimes(2);
    await periodic.stop();
  });
});
