import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** One round trip to the database: the health check's proof that it answers. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
