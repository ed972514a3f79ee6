import { sql, type Kysely, type Migration } from 'kysely';

/** A migration is a list of SQL statements run in order inside the migration's transaction. */
export function defineMigration(statements: string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
