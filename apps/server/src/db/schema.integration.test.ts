import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.js';
import { readSqlSources, splitStatements } from './current-sql.js';
import { routineDefinitions, schemaSnapshot, snapshotFileName } from './schema-snapshot.js';
import { describeOnEachDatabase, openTestDatabase } from '../test-support/test-database.js';

class RolledBack extends Error {}

describeOnEachDatabase('the schema of a freshly migrated database', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('has every function and trigger as db/sql has it', async () => {
    const migrated = await routineDefinitions(database.db);
    const sources = readSqlSources();

    // Each function has its file; each trigger is in the file of the function it runs.
    const missing = [
      ...Object.keys(migrated.functions)
        .filter((name) => !sources.has(name))
        .map((name) => `function ${name}: no db/sql/${name}.sql`),
      ...Object.entries(migrated.triggers)
        .filter(([name, trigger]) => {
          const triggerName = name.split('.')[1]!;
          const text = sources.get(trigger.functionName) ?? '';
          return !new RegExp(`TRIGGER\\s+${triggerName}\\s`, 'i').test(text);
        })
        .map(([name, trigger]) => `trigger ${name}: not in db/sql/${trigger.functionName}.sql`),
    ];
    expect(missing).toEqual([]);

    // Every file, run on the migrated database, changes nothing: PostgreSQL prints each
    // definition the same before and after (its own printing is the normal form).
    let rerun: Awaited<ReturnType<typeof routineDefinitions>> | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        for (const text of sources.values()) {
          for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
        }
        rerun = await routineDefinitions(trx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(
      rerun,
      'db/sql differs from what the migrations leave: a changed file needs a migration that loads it (currentSql)',
    ).toEqual(migrated);
  });

  it(`has the tables, columns, constraints and indexes of ${snapshotFileName}`, async () => {
    const expected = fs.readFileSync(path.join(import.meta.dirname, snapshotFileName), 'utf8');
    expect(
      await schemaSnapshot(database.db),
      `the migrations and ${snapshotFileName} differ: after a migration, run npm run db:schema (and keep schema.ts true)`,
    ).toEqual(expected);
  });
});
