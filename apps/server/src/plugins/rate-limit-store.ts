import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

/** What @fastify/rate-limit hands a store's `incr` callback. */
interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, count?: Count) => void;

/**
 * @fastify/rate-limit's store on PostgreSQL: every server instance counts in the same rows, so a
 * limit means the same with one instance or ten. A fixed window per (call, key); one statement per
 * request (an upsert that starts a new window once the old one is over), so concurrent requests
 * never lose a count. The plugin builds stores itself (`new Store(options)`, then `child()` per
 * route), hence the class made around the database.
 */
export function databaseRateLimitStore(db: Kysely<Database>, clock: Clock) {
  return class DatabaseRateLimitStore {
    private readonly bucket: string;

    // The plugin passes its options, with `routeInfo` (the route) for a route's own store.
    constructor(options?: unknown) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)
        ?.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method);
      this.bucket = typeof route?.url === 'string' ? `${method} ${route.url}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      const now = clock.now();
      const windowOver = sql<boolean>`rate_limit_counters.window_start <= ${new Date(
        now.getTime() - timeWindowMs,
      )}`;
      db.insertInto('rate_limit_counters')
        .values({ bucket: this.bucket, key, window_start: now, hits: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'key']).doUpdateSet({
            hits: sql`case when ${windowOver} then 1 else rate_limit_counters.hits + 1 end`,
            window_start: sql`case when ${windowOver} then ${now} else rate_limit_counters.window_start end`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          const ends = new Date(row.window_start).getTime() + timeWindowMs;
          callback(null, { current: row.hits, ttl: Math.max(0, ends - now.getTime()) });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options);
    }
  };
}

/** Forget windows that ended more than `keepMs` ago (the sweep calls it). */
export async function deleteOldRateLimitWindows(
  db: Kysely<Database>,
  now: Date,
  keepMs = 10 * 60_000,
): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', new Date(now.getTime() - keepMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
