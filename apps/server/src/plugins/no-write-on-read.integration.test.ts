import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { FastifyInstance } from 'fastify';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../test-support/test-app.js';
import { describeOnEachDatabase } from '../test-support/test-database.js';

/** Every statement that would change the database, as Kysely sends it: a read must write nothing. */
function writeRecorder() {
  const writes: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const kind = (node as RootOperationNode).kind;
      if (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode') {
        writes.push(kind);
      } else if (kind === 'RawNode') {
        const text = (node as { sqlFragments: readonly string[] }).sqlFragments.join('?');
        if (/^\s*(insert|update|delete|merge|create|alter|drop|truncate)\b/i.test(text)) {
          writes.push(text.slice(0, 60));
        }
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { plugin, writes };
}

describeOnEachDatabase('reads', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const recorder = writeRecorder();
  beforeAll(async () => {
    t = await createTestApp(kind);
    app = await buildApp({
      database: { ...t.database, db: t.db.withPlugin(recorder.plugin) },
      logLevel: 'silent',
      webDist: null,
      clock: t.clock,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('write nothing to the database: signed-in and anonymous browsing, counted by rate limits', async () => {
    const token = await signIn(app, uniqueOpenid());
    const show = await t.db
      .selectFrom('shows')
      .select('id')
      .where('start_at', '>', t.clock.now())
      .limit(1)
      .executeTakeFirstOrThrow();
    recorder.writes.length = 0;
    const reads = [
      '/api/health',
      '/api/health/ready',
      '/api/wx/authConfig',
      '/api/userInfo/getUserInfo',
      '/api/storeCard/getUserCareList',
      '/api/cinema/list',
      '/api/film/list',
      `/api/show/seats?showId=${show.id}`,
      '/api/goods/getCategoryList',
      '/api/order/list',
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const url of reads) {
        for (const withToken of [true, false]) {
          const answer = await call(app, { url, token: withToken ? token : undefined });
          if (withToken || answer.body.code !== -1001) {
            expect(answer.body.code, `${url}: ${answer.body.msg}`).toBe(0);
          }
        }
      }
    }
    expect(recorder.writes).toEqual([]);
  });

  it('notices a write, so the check above can fail', async () => {
    recorder.writes.length = 0;
    await signIn(app, uniqueOpenid());
    expect(recorder.writes.length).toBeGreaterThan(0);
  });
});
