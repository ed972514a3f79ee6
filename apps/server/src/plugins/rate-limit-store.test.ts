import { describe, expect, it } from 'vitest';
import { TestClock } from '../test-support/test-clock.js';
import { memoryRateLimitStore } from './rate-limit-store.js';

function hit(store: InstanceType<ReturnType<typeof memoryRateLimitStore>['Store']>, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, count) => (error ? reject(error) : resolve(count!)), 60_000),
  );
}

describe('the memory rate-limit store', () => {
  it('counts per route and key in a window that starts at the first hit', async () => {
    const clock = new TestClock();
    const memory = memoryRateLimitStore(clock);
    const route = new memory.Store().child({ routeInfo: { method: 'GET', url: '/api/a' } });
    const other = new memory.Store().child({ routeInfo: { method: 'GET', url: '/api/b' } });
    expect(await hit(route, 'u:1')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(20);
    expect(await hit(route, 'u:1')).toEqual({ current: 2, ttl: 40_000 });
    expect((await hit(other, 'u:1')).current).toBe(1);
    expect((await hit(route, 'u:2')).current).toBe(1);
    clock.advance(40);
    expect(await hit(route, 'u:1')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('forgets windows that are over when pruned, and keeps live ones', async () => {
    const clock = new TestClock();
    const memory = memoryRateLimitStore(clock);
    const store = new memory.Store();
    await hit(store, 'a');
    clock.advance(30);
    await hit(store, 'b');
    clock.advance(31);
    expect(memory.prune(clock.now())).toBe(1);
    expect(memory.size()).toBe(1);
  });
});
