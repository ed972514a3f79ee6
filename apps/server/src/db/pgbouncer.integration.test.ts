import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { hold, showPicker } from '../modules/film-order/film-order-test-kit.js';
import {
  noBackgroundWork,
  signIn,
  TestClock,
  uniqueOpenid,
  type TestApp,
} from '../test-support/test-app.js';
import {
  describeOnPostgres,
  openTestDatabase,
  testDatabaseUrl,
} from '../test-support/test-database.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { DEMO_SITE_CODE, loadDemoDataOnce } from './demo-data.js';

/**
 * More instances than PostgreSQL has connections for: the pool goes through PgBouncer in
 * transaction mode (DATABASE_URL), and the seat feed's LISTEN, which needs a session of its own,
 * goes straight to the server (DATABASE_LISTEN_URL). Started here from the `pgbouncer` of the
 * machine (Debian's package); without one the suite is skipped, saying so.
 */
const pgbouncerBinary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer']
  .concat((process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'pgbouncer')))
  .find((candidate) => fs.existsSync(candidate));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PgBouncer in transaction mode in front of TEST_DATABASE_URL, the test's schema its search_path. */
async function startPgbouncer(binary: string, schema: string) {
  const target = new URL(testDatabaseUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    path.join(dir, 'users.txt'),
    `"${user}" "${decodeURIComponent(target.password)}"\n`,
  );
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      // The pooled connections of a test live in its schema (a production pooler needs none).
      `marquee = host=${target.hostname} port=${target.port || 5432} ` +
        `dbname=${target.pathname.slice(1)} user=${user} ` +
        `connect_query='set search_path to ${schema}'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 3',
      // node-postgres sends `options` (our search_path for tests) and PgBouncer refuses unknown
      // startup parameters; the database entry's connect_query sets the path instead.
      'ignore_startup_parameters = options,extra_float_digits',
      `admin_users = ${user}`,
      '',
    ].join('\n'),
  );
  fs.chmodSync(dir, 0o755);
  // PgBouncer will not run as root: as the database's own system user then.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(binary, [...asRoot, ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 10_000;
  while (!output.includes('process up')) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const base = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;
  return {
    url: `${base}/marquee`,
    /** Transactions PgBouncer has carried to the server for `marquee` so far. */
    async transactions(): Promise<number> {
      const admin = new pg.Client({ connectionString: `${base}/pgbouncer` });
      await admin.connect();
      try {
        const stats = await admin.query<{ database: string; total_xact_count: string }>(
          'show stats',
        );
        return Number(stats.rows.find((row) => row.database === 'marquee')?.total_xact_count);
      } finally {
        await admin.end();
      }
    },
    async stop(process: ChildProcess = child) {
      if (process.exitCode === null) {
        const exited = new Promise((resolve) => process.once('exit', resolve));
        process.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Server-Sent Events of a response body, as they arrive. */
async function* sseEvents(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) yield { event, data: JSON.parse(data) as Record<string, unknown> };
    }
  }
}

if (!pgbouncerBinary) {
  describe.skip('the seat feed behind PgBouncer (skipped: pgbouncer is not installed; apt-get install pgbouncer)', () => {
    it('holds seats through PgBouncer and hears them on a direct LISTEN', () => {});
  });
} else {
  const binary = pgbouncerBinary;
  describeOnPostgres('the seat feed behind PgBouncer in transaction mode', () => {
    let direct: DatabaseHandle;
    let bounced: DatabaseHandle;
    let pgbouncer: Awaited<ReturnType<typeof startPgbouncer>>;
    let t: TestApp;
    let schema: string;
    const freshShow = showPicker(() => t);

    beforeAll(async () => {
      direct = await openTestDatabase('postgres');
      await loadDemoDataOnce(direct.db);
      schema = (await sql<{ s: string }>`select current_schema() as s`.execute(direct.db)).rows[0]!
        .s;
      pgbouncer = await startPgbouncer(binary, schema);
      // As server.ts opens it with DATABASE_URL (the pooler) and DATABASE_LISTEN_URL (direct).
      bounced = await openDatabase({
        kind: 'postgres',
        url: pgbouncer.url,
        listenUrl: testDatabaseUrl,
        schema,
        poolSize: 4,
      });
      const clock = new TestClock();
      const app = await buildApp({
        database: bounced,
        logLevel: 'silent',
        webDist: null,
        clock,
        ...noBackgroundWork,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      t = { app, db: bounced.db, database: bounced, clock, close: async () => {} };
    });
    afterAll(async () => {
      await t?.app.close();
      await bounced?.close();
      await pgbouncer?.stop();
      await direct?.close();
    });

    it('holds seats through the pooler and hears them on the direct listening session', async () => {
      const token = await signIn(t.app, uniqueOpenid('bounced'));
      const showId = await freshShow('1号厅');
      const { port } = t.app.server.address() as AddressInfo;
      const controller = new AbortController();
      const response = await fetch(
        `http://127.0.0.1:${port}/api/show/availability/stream?showId=${showId}&site=${DEMO_SITE_CODE}`,
        { signal: controller.signal },
      );
      const events = sseEvents(response);
      try {
        expect((await events.next()).value).toMatchObject({ event: 'ready' });
        const before = await pgbouncer.transactions();
        expect((await hold(t, token, showId, ['C3', 'C4'])).body.code).toBe(0);
        const next = (
          await Promise.race([
            events.next(),
            new Promise<never>((_, reject) =>
              setTimeout(() => reject(new Error('the feed heard no hold in 5 s')), 5_000),
            ),
          ])
        ).value as {
          event: string;
          data: { changes?: { label: string; state: string }[] };
        };
        expect(next.event).toBe('seats');
        expect(next.data.changes?.map((seat) => `${seat.label} ${seat.state}`).sort()).toEqual([
          'C3 held',
          'C4 held',
        ]);
        // The hold went through PgBouncer, not around it.
        expect(await pgbouncer.transactions()).toBeGreaterThan(before);
      } finally {
        controller.abort();
      }
    });

    it('would hear nothing with LISTEN through the pooler: why DATABASE_LISTEN_URL exists', async () => {
      const throughPooler = await openDatabase({ kind: 'postgres', url: pgbouncer.url, schema });
      const channel = `pgbouncer_probe_${schema}`;
      const heardDirect: string[] = [];
      const heardPooled: string[] = [];
      const stopDirect = await direct.listen(
        channel,
        (payload) => heardDirect.push(payload),
        () => {},
      );
      const stopPooled = await throughPooler
        .listen(
          channel,
          (payload) => heardPooled.push(payload),
          () => {},
        )
        .catch(() => null);
      try {
        await sql`select pg_notify(${channel}, 'seat')`.execute(direct.db);
        await expect.poll(() => heardDirect).toEqual(['seat']);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(heardPooled).toEqual([]);
      } finally {
        await stopDirect();
        await stopPooled?.();
        await throughPooler.close();
      }
    });
  });
}
