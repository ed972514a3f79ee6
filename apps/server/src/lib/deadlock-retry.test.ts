import { describe, expect, it } from 'vitest';
import { withDeadlockRetry } from './deadlock-retry.js';

function failing(codes: (string | undefined)[], constraint?: string) {
  let calls = 0;
  const run = async () => {
    const code = codes[calls];
    calls += 1;
    if (calls <= codes.length) {
      throw Object.assign(new Error(`attempt ${calls}`), { code, constraint });
    }
    return 'done';
  };
  return { run, calls: () => calls };
}

describe('withDeadlockRetry', () => {
  it('runs again after a deadlock (40P01) or a serialization failure (40001)', async () => {
    const task = failing(['40P01', '40001']);
    await expect(withDeadlockRetry(task.run)).resolves.toBe('done');
    expect(task.calls()).toBe(3);
  });

  it('gives up after the last attempt and throws that failure', async () => {
    const task = failing(['40P01', '40P01', '40P01']);
    await expect(withDeadlockRetry(task.run)).rejects.toThrow('attempt 3');
    expect(task.calls()).toBe(3);
  });

  it('runs again when the order number it drew was taken (a clash of random digits)', async () => {
    const task = failing(['23505'], 'orders_order_no_key');
    await expect(withDeadlockRetry(task.run)).resolves.toBe('done');
    expect(task.calls()).toBe(2);
  });

  it('throws any other failure at once', async () => {
    const task = failing(['23505']);
    await expect(withDeadlockRetry(task.run)).rejects.toThrow('attempt 1');
    expect(task.calls()).toBe(1);
  });
});
