/**
 * The server under benchmark, run as a child process of a bench script (never in the clients'
 * process, so the clients' CPU does not count against the server's).
 *
 * Env: DATABASE_URL and BENCH_SCHEMA (a migrated schema with the demo data, made by the parent),
 * BENCH_POOL (connections), BENCH_SIGN_IN (how many users to sign in through `app.inject` before
 * listening, so the login limit per address does not slow the start), BENCH_LOG_LEVEL (warn).
 * Prints one JSON line `{ "url": ..., "tokens": [...], "metricsToken": ... }` once listening (the
 * bearer of its /metrics); stops on SIGTERM.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Envelope } from '@marquee/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_SITE_CODE } from '../src/db/demo-data.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA;
const poolSize = Number(process.env.BENCH_POOL ?? 20);
const signInCount = Number(process.env.BENCH_SIGN_IN ?? 0);

async function main() {
  if (!schema) throw new Error('BENCH_SCHEMA is not set');
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, schema, poolSize });
  const metricsToken = randomBytes(12).toString('hex');
  const app = await buildApp({
    metricsToken,
    database,
    // BENCH_LOG_LEVEL=info: what production logs (two lines a request) cost; warn by default.
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    webDist: null,
    rateLimitPerMinute: 1_000_000_000,
    paymentSweepIntervalMs: null,
  });
  const tokens: string[] = [];
  for (let i = 0; i < signInCount; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/wx/redirect/login',
      headers: { site: DEMO_SITE_CODE },
      remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      payload: { code: `sandbox:bench-${randomBytes(6).toString('hex')}` },
    });
    tokens.push(response.json<Envelope<{ token: string }>>().data.token);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  process.stdout.write(`${JSON.stringify({ url, tokens, metricsToken })}\n`);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
