import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { loadDemoDataOnce } from './demo-data.js';
import {
  describeOnEachDatabase,
  openTestDatabase,
  withSchemaLock,
} from '../test-support/test-database.js';

describeOnEachDatabase('the database', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('runs the migrations again without changing anything', async () => {
    const before = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(database.db);
    // On the server the migrator reads every schema's tables; other test files create and drop
    // theirs meanwhile, so it takes its turn like they do (withSchemaLock).
    if (kind === 'postgres') await withSchemaLock(() => migrateToLatest(database.db));
    else await migrateToLatest(database.db);
    const after = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(database.db);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.length).toBeGreaterThan(0);
  });

  it('migrates a second database while the first one is already migrated', async () => {
    // On the server both live in schemas of one database: each must get its own bookkeeping.
    const second = await openTestDatabase(kind);
    try {
      const tables = await sql<{ count: number }>`
        select count(*) as count from information_schema.tables
        where table_schema = current_schema() and table_name in ('sites', 'kysely_migration')`.execute(
        second.db,
      );
      expect(tables.rows[0]?.count).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('reads int8 as a JS number, the same on both databases', async () => {
    const { rows } = await sql<{ big: unknown; count: unknown }>`
      select (2::int8 ^ 53)::int8 as big, count(*) as count from (values (1), (2)) as v`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({ big: 2 ** 53, count: 2 });
  });

  it('loads the demo data once and leaves it alone on the next start', async () => {
    expect(await loadDemoDataOnce(database.db)).toBe(true);
    expect(await loadDemoDataOnce(database.db)).toBe(false);
    const users = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(users.count).toBe(2);
  });
});
