import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { PoolStats } from '../lib/metrics.js';
import { PGliteDialect } from './pglite-dialect.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The pool's connections now (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?: () => PoolStats;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from a dump of another PGlite's data (`dumpDataDir`): skips initdb; for tests. */
      loadDataDir?: Blob;
    };

// int8 (count, sum) as a JS number: our amounts are fen and stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A server that is down answers a clear error in seconds instead of hanging the call.
      connectionTimeoutMillis: 5000,
      // Tests isolate themselves in a schema of their own on the shared server.
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // int8 as a JS number, as for node-postgres above.
  const parsers = { 20: (value: string) => Number(value) };
  // One options object: `new PGlite(undefined, options)` ignores its options (in-memory databases).
  const client = new PGlite({
    dataDir: options.dataDir,
    parsers,
    loadDataDir: options.loadDataDir,
  });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
