import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../db/migrate.js';
import { PGliteDialect } from '../db/pglite-dialect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite that test databases start from. */
    pgliteTemplatePath: string;
  }
}

/**
 * Starting an empty PGlite runs initdb, two to three seconds each time. Do that and the migrations
 * once per run; every test database then starts from the dump in a fraction of the time.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pglite-'));
  const templatePath = path.join(dir, 'migrated.tar');
  const client = new PGlite();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplatePath', templatePath);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
