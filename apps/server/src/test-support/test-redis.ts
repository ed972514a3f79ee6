import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';

/** The Redis the tests use; each test takes a key prefix of its own (`uniqueRedisPrefix`). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

async function isRedisReachable(): Promise<boolean> {
  const redis = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisReachable = await isRedisReachable();
const isCi = process.env.CI === 'true';

export function uniqueRedisPrefix(): string {
  return `marquee-test:${randomBytes(6).toString('hex')}:`;
}

/** Delete every key under a test's prefix. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * A suite that needs the Redis server, with the PostgreSQL server's policy: skipped locally when
 * nothing answers at TEST_REDIS_URL, failing with CI=true.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  if (redisReachable) {
    describe(`${name} (Redis)`, suite);
  } else if (isCi) {
    describe(`${name} (Redis)`, () => {
      it('needs the Redis server', () => {
        throw new Error(
          `Redis at TEST_REDIS_URL is unreachable and CI=true (tried ${testRedisUrl})`,
        );
      });
    });
  } else {
    describe.skip(`${name} (Redis: skipped, nothing answers at TEST_REDIS_URL)`, suite);
  }
}
