/**
 * The server of the crash tests (db/crash.integration.test.ts), run as a child process that the
 * test kills with SIGKILL and starts again on the same data. Sweeps run every half second, so a
 * restarted server finishes what the killed one left by itself.
 *
 * Env: CRASH_DATA_DIR (a PGlite data directory) or DATABASE_URL with CRASH_SCHEMA (a migrated
 * schema on the PostgreSQL server). Prints one JSON line `{ "url": ... }` once listening.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';

async function main() {
  const dataDir = process.env.CRASH_DATA_DIR;
  const schema = process.env.CRASH_SCHEMA;
  const database = dataDir
    ? await openDatabase({ kind: 'pglite', dataDir })
    : await openDatabase({
        kind: 'postgres',
        url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
        schema,
        poolSize: 10,
      });
  const app = await buildApp({
    database,
    logLevel: 'silent',
    webDist: null,
    rateLimitPerMinute: 1_000_000_000,
    paymentSweepIntervalMs: 500,
    holdSweepIntervalMs: 500,
    noticeWorkerIntervalMs: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
