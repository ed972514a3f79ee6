import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock.js';

/** What @fastify/rate-limit hands a store's `incr` callback. */
interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, count?: Count) => void;

/** One counted hit: the count in the current window and when that window began (ms). */
interface Hit {
  hits: number;
  windowStartMs: number;
}

/**
 * Counts hits per (call, key) in fixed windows: a window starts at the first hit after the last
 * one ended. The plugin builds stores itself (`new Store(options)`, then `child()` per route),
 * hence the class made around a counting function.
 */
function storeClass(
  count: (id: string, nowMs: number, windowMs: number) => Promise<Hit>,
  clock: Clock,
) {
  return class RateLimitStore {
    private readonly bucket: string;

    // The plugin passes its options, with `routeInfo` (the route) for a route's own store.
    constructor(options?: unknown) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)
        ?.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method);
      this.bucket = typeof route?.url === 'string' ? `${method} ${route.url}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      const nowMs = clock.now().getTime();
      count(`${this.bucket}|${key}`, nowMs, timeWindowMs)
        .then(({ hits, windowStartMs }) => {
          const ttl = Math.max(0, windowStartMs + timeWindowMs - nowMs);
          callback(null, { current: hits, ttl });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(options: unknown) {
      return new RateLimitStore(options);
    }
  };
}

/**
 * Counts in this process's memory: the embedded default (one process, no Redis). Windows that
 * ended are forgotten by `prune`, which the periodic cleanup calls.
 */
export function memoryRateLimitStore(clock: Clock) {
  const windows = new Map<string, Hit & { windowMs: number }>();
  const Store = storeClass(async (id, nowMs, windowMs) => {
    const window = windows.get(id);
    if (!window || window.windowStartMs <= nowMs - windowMs) {
      const fresh = { hits: 1, windowStartMs: nowMs, windowMs };
      windows.set(id, fresh);
      return fresh;
    }
    window.hits += 1;
    return window;
  }, clock);
  return {
    Store,
    /** Forget windows that are over; returns how many were forgotten. */
    prune(now: Date): number {
      let forgotten = 0;
      for (const [id, window] of windows) {
        if (window.windowStartMs <= now.getTime() - window.windowMs) {
          windows.delete(id);
          forgotten += 1;
        }
      }
      return forgotten;
    },
    size: () => windows.size,
  };
}

/*
 * The same window in Redis, in one atomic script: start a new window when there is none or the old
 * one is over, otherwise count one more. The window start comes from the app's clock (as the
 * memory store's does); Redis forgets the key a little after its window ends.
 */
const countScript = `
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not start) or start <= now - window then
  redis.call('HSET', KEYS[1], 'start', now, 'hits', 1)
  redis.call('PEXPIRE', KEYS[1], window + 1000)
  return {1, now}
end
local hits = redis.call('HINCRBY', KEYS[1], 'hits', 1)
return {hits, start}
`;

type CountCommand = (key: string, nowMs: number, windowMs: number) => Promise<[number, number]>;

/**
 * Counts in Redis, shared by every server instance that uses the same Redis and prefix. A failure
 * (Redis down) is logged and the plugin lets the call through (`skipOnError`): an outage of the
 * counters must not take the cinema offline.
 */
export function redisRateLimitStore(
  redis: Redis,
  keyPrefix: string,
  clock: Clock,
  log: { warn(object: object, message: string): void },
) {
  // defineCommand sends the script once and then only its hash (EVALSHA).
  redis.defineCommand('marqueeRateLimitCount', { numberOfKeys: 1, lua: countScript });
  const countIn = (redis as unknown as { marqueeRateLimitCount: CountCommand })
    .marqueeRateLimitCount;
  return storeClass(async (id, nowMs, windowMs) => {
    try {
      const [hits, windowStartMs] = await countIn.call(redis, `${keyPrefix}${id}`, nowMs, windowMs);
      return { hits: Number(hits), windowStartMs: Number(windowStartMs) };
    } catch (error) {
      log.warn({ err: error }, 'rate limit counters unreachable in Redis: call not counted');
      throw error;
    }
  }, clock);
}
