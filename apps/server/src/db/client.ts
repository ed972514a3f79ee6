import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { PoolStats } from '../lib/metrics.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** LISTEN on a channel of this database; see `Listen`. */
  listen: Listen;
  close(): Promise<void>;
  /** The pool's connections now (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?: () => PoolStats;
}

/**
 * Receive the NOTIFY payloads of one channel (PostgreSQL LISTEN): on the server through a
 * connection of its own (not one of the pool's), on PGlite through its one session. `onLost` is
 * called once if the listening connection breaks: nothing arrives after it, listen again.
 * Answers a function that stops listening, with `sync()`.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: unknown) => void,
) => Promise<Listening>;

export interface Listening {
  /** Stop listening. */
  (): Promise<void>;
  /**
   * Resolves once every payload of a transaction committed before the call has been handed to
   * `onPayload` (a round trip on the listening connection: PostgreSQL sends pending notifications
   * before it answers; PGlite hands them over before the committing statement resolves).
   */
  sync(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /**
       * Where LISTEN connects, when `url` is a pooler in transaction mode (PgBouncer): a session
       * of its own on the server itself. Absent: `url`.
       */
      listenUrl?: string;
      schema?: string;
      poolSize?: number;
    }
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
      // Names this pool's sessions in pg_stat_activity (operators; the reconnect test).
      application_name: options.schema ? `marquee:${options.schema}` : 'marquee',
    });
    // An idle connection the server cut (a restart, a terminated backend) errors here: the pool
    // drops it and opens a new one on the next call. Unhandled, it would end the process.
    pool.on('error', () => {});
    // The same cut reaches a connection that is running a query as an 'error' event besides the
    // query's own failure (answered 503 by the error handler): it must not end the process.
    pool.on('connect', (connection) => connection.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen: Listen = async (channel, onPayload, onLost) => {
      const client = new pg.Client({
        // A pooler in transaction mode would hand the session to others between statements and
        // the notifications would go nowhere: LISTEN needs a session of its own.
        connectionString: options.listenUrl ?? options.url,
        options: options.schema ? `-c search_path=${options.schema}` : undefined,
        // Apart from the pool's name (the reconnect test cuts those); the benches count both.
        application_name: options.schema ? `marquee-listen:${options.schema}` : 'marquee-listen',
      });
      let isStopped = false;
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      client.on('error', (error) => {
        if (isStopped) return;
        isStopped = true;
        void client.end().catch(() => undefined);
        onLost(error);
      });
      client.on('end', () => {
        if (isStopped) return;
        isStopped = true;
        onLost(new Error('listening connection ended'));
      });
      await client.connect();
      await client.query(`listen ${quoteIdentifier(channel)}`);
      const stop = async () => {
        if (isStopped) return;
        isStopped = true;
        await client.end().catch(() => undefined);
      };
      return Object.assign(stop, {
        async sync() {
          if (isStopped) throw new Error('not listening');
          await client.query('select 1');
        },
      });
    };
    return {
      db,
      kind: 'postgres',
      listen,
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  // One process per data folder: a second one stops here, naming the first (data-dir-lock.ts).
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null;
  const { PGlite } = await import('@electric-sql/pglite');
  // int8 as a JS number, as for node-postgres above.
  const parsers = { 20: (value: string) => Number(value) };
  // One options object: `new PGlite(undefined, options)` ignores its options (in-memory databases).
  const client = new PGlite({
    dataDir: options.dataDir,
    parsers,
    loadDataDir: options.loadDataDir,
  });
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  // One session for every listener: a channel is unlistened only when its last listener stops.
  const listeners = new Map<string, number>();
  const listen: Listen = async (channel, onPayload) => {
    const off = client.onNotification((name, payload) => {
      if (name === channel) onPayload(payload);
    });
    listeners.set(channel, (listeners.get(channel) ?? 0) + 1);
    // Through Kysely, so it waits for a running transaction instead of joining it.
    await sql.raw(`listen ${quoteIdentifier(channel)}`).execute(db);
    let isStopped = false;
    const stop = async () => {
      if (isStopped) return;
      isStopped = true;
      off();
      const left = (listeners.get(channel) ?? 1) - 1;
      if (left > 0) return void listeners.set(channel, left);
      listeners.delete(channel);
      if (!client.closed) await sql.raw(`unlisten ${quoteIdentifier(channel)}`).execute(db);
    };
    // One session: a commit's notifications reach onNotification before the commit resolves.
    return Object.assign(stop, { sync: () => Promise.resolve() });
  };
  return {
    db,
    kind: 'pglite',
    listen,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
