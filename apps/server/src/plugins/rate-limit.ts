import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';
import type { AppDeps } from '../app-deps.js';
import { startPeriodic } from '../lib/periodic.js';
import { memoryRateLimitStore, redisRateLimitStore } from './rate-limit-store.js';
import { identityOf } from './request-session.js';

export interface RateLimitOptions {
  /** Count in this Redis (shared by every instance); absent: in this process's memory. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis keys (tests use one each). */
  redisKeyPrefix?: string | undefined;
  /** How often the memory store forgets ended windows (ms); null: never (tests). */
  cleanupIntervalMs: number | null;
}

/**
 * Limits are keyed by the signed-in user, not the address: many WeChat users share a carrier's
 * addresses. Anonymous calls, and calls whose token is not a live session, fall back to the
 * address, so a made-up token header never buys a fresh budget. Each API call opts in through
 * bindCall. The counts live in Redis when configured, else in memory; never in the database, so a
 * read writes nothing there (decision 011).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'clock' | 'sessions'>,
  options: RateLimitOptions,
): Promise<void> {
  let store;
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      // Fail fast while Redis is away instead of queueing every call behind it.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis connection problem'));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect (${String(error)})`, { cause: error });
    }
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    store = redisRateLimitStore(
      redis,
      options.redisKeyPrefix ?? 'marquee:rl:',
      deps.clock,
      app.log,
    );
  } else {
    const memory = memoryRateLimitStore(deps.clock);
    store = memory.Store;
    if (options.cleanupIntervalMs !== null) {
      const cleanup = startPeriodic(
        'rate-limit cleanup',
        async () => memory.prune(deps.clock.now()),
        options.cleanupIntervalMs,
        app.log,
      );
      app.addHook('onClose', cleanup.stop);
    }
  }
  await app.register(rateLimit, {
    global: false,
    store,
    skipOnError: true,
    // The session looked up here is the one the call's sign-in check uses (request-session.ts);
    // only its user's id matters, so a session kept in memory does (session-cache.ts).
    keyGenerator: async (request: FastifyRequest) => {
      const session = await identityOf(request, deps.sessions);
      return session ? `u:${session.user.id}` : `a:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
}
