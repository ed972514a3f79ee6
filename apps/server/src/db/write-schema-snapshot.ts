import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.js';
import { migrateToLatest } from './migrate.js';
import { schemaSnapshot, snapshotFileName } from './schema-snapshot.js';

/** `npm run db:schema`: migrate an empty in-memory PGlite and write what it holds. */
const database = await openDatabase({ kind: 'pglite' });
try {
  await migrateToLatest(database.db);
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), snapshotFileName);
  fs.writeFileSync(file, await schemaSnapshot(database.db));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
} finally {
  await database.close();
}
