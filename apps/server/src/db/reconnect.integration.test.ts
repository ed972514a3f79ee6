import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { describeOnPostgres, testDatabaseUrl } from '../test-support/test-database.js';

/**
 * PostgreSQL restarted under load, as the server sees it: every connection of its pool cut by the
 * server (pg_terminate_backend: what a restart does to them), again and again for a while. Calls
 * meanwhile answer an envelope, 503 SERVICE_UNAVAILABLE at worst (never 500); afterwards the
 * server works again without a restart of its own.
 */
describeOnPostgres('the database restarting under load', () => {
  let t: TestApp;
  let admin: pg.Client;
  let schema: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 6, rateLimitPerMinute: 1_000_000 });
    // Read once, before any cut: the pool's own connections are the ones being cut.
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** Cut every connection of this test's pool, as a restart of the server would. */
  async function cutConnections(): Promise<number> {
    const result = await admin.query<{ cut: boolean }>(
      `select pg_terminate_backend(pid) as cut from pg_stat_activity
       where application_name = $1 and pid <> pg_backend_pid()`,
      [`marquee:${schema}`],
    );
    return result.rowCount ?? 0;
  }

  it('answers 503 at worst while connections are cut, then works again by itself', async () => {
    const list = () => call(t.app, { url: '/api/cinema/list?pageSize=5' });
    expect((await list()).body.code).toBe(0);
    expect(await cutConnections()).toBeGreaterThan(0);

    const answers: { status: number; code: number }[] = [];
    const until = Date.now() + 1500;
    const load = Array.from({ length: 6 }, async () => {
      while (Date.now() < until) {
        const answer = await list();
        answers.push({ status: answer.status, code: answer.body.code });
      }
    });
    const cuts = (async () => {
      while (Date.now() < until) {
        await cutConnections();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all([...load, cuts]);

    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([0, 50301]).toContain(answer.code);
      expect(answer.status).not.toBe(500);
    }
    // Some calls met a cut connection and said so with the retryable answer.
    expect(answers.some((answer) => answer.code === 50301)).toBe(true);
    // The pool opened new connections by itself.
    await expect.poll(async () => (await list()).body.code, { timeout: 10_000 }).toBe(0);
  });
});
