import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';

export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: testDatabaseUrl,
    connectionTimeoutMillis: 2000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let template: Blob | undefined;

/** The migrated dump made by global-setup.ts, when this run has one. */
function pgliteTemplate(): Blob | undefined {
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) return undefined;
  template ??= new Blob([fs.readFileSync(templatePath)]);
  return template;
}

/** Whether the PostgreSQL server of TEST_DATABASE_URL answers within about two seconds. */
async function isPostgresReachable(): Promise<boolean> {
  try {
    await withClient((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/**
 * A migrated, empty database of its own: an in-memory PGlite, or a fresh schema on the shared
 * PostgreSQL server (its connections' search_path points there; closing drops it).
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number | undefined } = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: pgliteTemplate() });
    // A no-op on the template; it still proves the migrations are all there.
    await migrateToLatest(database.db);
    return database;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return withSchemaLock(async (client) => {
    await client.query(`create schema ${schema}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: testDatabaseUrl,
      schema,
      poolSize: options.poolSize ?? 4,
    });
    try {
      await migrateToLatest(database.db);
    } catch (error) {
      await database.close();
      await client.query(`drop schema ${schema} cascade`);
      throw error;
    }
    return {
      ...database,
      async close() {
        await database.close();
        await withSchemaLock((other) => other.query(`drop schema if exists ${schema} cascade`));
      },
    };
  });
}

/**
 * Kysely's migrator looks at the tables of every schema on the server, and fails when a schema
 * disappears under it. Test files run side by side, so creating, migrating and dropping a test
 * schema take turns through one advisory lock; so does a test that runs something migrating in a
 * process of its own (the staff CLI).
 */
export function withSchemaLock<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(async (client) => {
    await client.query(`select pg_advisory_lock(hashtext('marquee test schemas'))`);
    try {
      return await run(client);
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('marquee test schemas'))`);
    }
  });
}

// Decided once per test file, before any describe() registers its tests.
const postgresReachable = await isPostgresReachable();
const isCi = process.env.CI === 'true';

/**
 * Register a suite once per database: embedded PGlite, then the PostgreSQL server (with the
 * policy of describeOnPostgres).
 */
export function describeOnEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  describe(`${name} (PGlite)`, () => suite('pglite'));
  describeOnPostgres(name, () => suite('postgres'));
}

/**
 * Register a suite that needs the PostgreSQL server (races: PGlite runs one statement at a time).
 * The one policy for every such suite: without a reachable server it is skipped locally, and with
 * CI=true it fails.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (postgresReachable) {
    describe(`${name} (PostgreSQL)`, suite);
  } else if (isCi) {
    describe(`${name} (PostgreSQL)`, () => {
      it('needs the PostgreSQL server', () => {
        throw new Error(
          `PostgreSQL at TEST_DATABASE_URL is unreachable and CI=true (tried ${redact(testDatabaseUrl)})`,
        );
      });
    });
  } else {
    describe.skip(`${name} (PostgreSQL: skipped, nothing answers at TEST_DATABASE_URL)`, suite);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
