import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { showSeatsCall, type FilmOrder, type ShowAvailability } from '@marquee/contracts';
import { buildApp } from '../../app.js';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  noBackgroundWork,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { recordWholePaymentForTest } from '../../test-support/paid-order.js';
import { seatIds, showPicker, stateOf, type SeatMap } from '../film-order/film-order-test-kit.js';
import { filmOrderSteps } from '../film-order/index.js';
import { createSeatChangeFeed } from './seat-change-feed.js';

const HOLD_SECONDS = 15 * 60;

/**
 * The full seat map and the availability are served from bytes kept per show, language and seat
 * states (decision 036). These tests change seats from outside the serving app (a second app
 * instance on the same database, or a transaction of the test's own) and check that the answer
 * follows as the seat change feed promises.
 */
describeOnEachDatabase('seat maps from prepared bytes', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  let alice: string;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: 6 });
    // Another server process on the same database: its holds reach `t.app` only through the feed.
    other = await buildApp({
      ...noBackgroundWork,
      database: t.database,
      clock: t.clock,
      logLevel: 'silent',
      webDist: null,
    });
    alice = await signIn(other, uniqueOpenid('alice'));
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  async function seats(showId: string, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      url: `/api/show/seats?showId=${showId}`,
      headers: { site: DEMO_SITE_CODE, ...headers },
    });
    return {
      status: response.statusCode,
      etag: response.headers.etag as string | undefined,
      headers: response.headers,
      raw: response.rawPayload,
      map:
        response.statusCode === 200
          ? (
              JSON.parse(
                response.headers['content-encoding'] === 'gzip'
                  ? gunzipSync(response.rawPayload).toString()
                  : response.body,
              ) as { data: SeatMap }
            ).data
          : undefined,
    };
  }

  it('follows a hold, a release and a sale made elsewhere, with a new ETag each time', async () => {
    const showId = await freshShow('1号厅');
    const first = await seats(showId);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(stateOf(first.map!, 'C3')).toBe('available');
    expect((await seats(showId)).etag).toBe(first.etag);
    expect((await seats(showId, { 'if-none-match': first.etag! })).status).toBe(304);

    // A hold on the other instance: announced by it after its commit, heard here from the feed.
    const held = await call<FilmOrder>(other, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: alice,
      body: { showId, seatIds: seatIds(first.map!, ['C3', 'C4']) },
    });
    expect(held.body.code).toBe(0);
    await expect
      .poll(async () => stateOf((await seats(showId)).map!, 'C3'), { timeout: 2_000 })
      .toBe('held');
    const afterHold = await seats(showId);
    expect(afterHold.etag).not.toBe(first.etag);
    const revalidated = await seats(showId, { 'if-none-match': first.etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.etag).toBe(afterHold.etag);

    // A release on the other instance, NOTIFYed inside its transaction: seen at once here (the
    // other instance says hello on the feed, so every read here first hears what is pending).
    await call(other, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: alice,
      body: { orderId: held.body.data.id },
    });
    const afterRelease = await seats(showId);
    expect(stateOf(afterRelease.map!, 'C3')).toBe('available');
    expect(afterRelease.etag).toBe(first.etag);

    // A sale in a transaction of its own (not through the serving app): seen at once too.
    const sold = await call<FilmOrder>(other, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: alice,
      body: { showId, seatIds: seatIds(first.map!, ['D5', 'D6']) },
    });
    expect(sold.body.code).toBe(0);
    await expect
      .poll(async () => stateOf((await seats(showId)).map!, 'D5'), { timeout: 2_000 })
      .toBe('held');
    await t.db.transaction().execute(async (trx) => {
      await recordWholePaymentForTest(trx, sold.body.data.id);
      await trx
        .updateTable('orders')
        .set({ status: 'paid' })
        .where('id', '=', sold.body.data.id)
        .execute();
      await filmOrderSteps.sell(trx, sold.body.data.id);
    });
    const afterSale = await seats(showId);
    expect(stateOf(afterSale.map!, 'D5')).toBe('sold');
    expect(new Set([first.etag, afterHold.etag, afterSale.etag]).size).toBe(3);
  });

  it("shows this instance's own hold in the next read, and a hold as free once it expires", async () => {
    const showId = await freshShow('1号厅');
    const bob = await signIn(t.app, uniqueOpenid('bob'));
    const before = await seats(showId);
    const held = await call<FilmOrder>(t.app, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: bob,
      body: { showId, seatIds: seatIds(before.map!, ['B7']) },
    });
    expect(held.body.code).toBe(0);
    const afterHold = await seats(showId);
    expect(stateOf(afterHold.map!, 'B7')).toBe('held');

    // No change is announced when a hold runs out: the kept answer must not outlive it.
    t.clock.advance(HOLD_SECONDS + 1);
    const expired = await seats(showId);
    expect(stateOf(expired.map!, 'B7')).toBe('available');
    expect(expired.etag).toBe(before.etag);
  });

  it('shows a release made through this instance in the very next read', async () => {
    const showId = await freshShow('1号厅');
    const carol = await signIn(t.app, uniqueOpenid('carol'));
    const before = await seats(showId);
    const held = await call<FilmOrder>(t.app, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: carol,
      body: { showId, seatIds: seatIds(before.map!, ['E5', 'E6']) },
    });
    expect(held.body.code).toBe(0);
    expect(stateOf((await seats(showId)).map!, 'E5')).toBe('held');
    // NOTIFYed inside the cancel's transaction; this instance answered a writing call, so its
    // next read first hears everything committed before it (decision 036).
    const cancelled = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: carol,
      body: { orderId: held.body.data.id },
    });
    expect(cancelled.body.code).toBe(0);
    expect(stateOf((await seats(showId)).map!, 'E5')).toBe('available');
  });

  it('answers seat maps, availability and layout again with no database query', async () => {
    const queries: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery({ node }) {
        // Not the instance's hello every 2 s (taken-seats-memory.ts): a NOTIFY, no read.
        const text = (node as { sqlFragments?: readonly string[] }).sqlFragments?.join('?') ?? '';
        if (!text.includes('pg_notify')) queries.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const counted = await buildApp({
      ...noBackgroundWork,
      database: { ...t.database, db: t.db.withPlugin(counter) },
      clock: t.clock,
      logLevel: 'silent',
      webDist: null,
    });
    try {
      const showId = await freshShow('IMAX巨幕厅');
      const urls = ['seats', 'availability', 'layout'].map(
        (name) => `/api/show/${name}?showId=${showId}`,
      );
      const read = async (url: string) =>
        (await counted.inject({ url, headers: { site: DEMO_SITE_CODE } })).statusCode;
      for (const url of urls) expect(await read(url)).toBe(200);
      queries.length = 0;
      for (let round = 0; round < 10; round += 1) {
        for (const url of urls) expect(await read(url)).toBe(200);
      }
      expect(queries).toEqual([]);
    } finally {
      await counted.close();
    }
  });

  it('keeps one answer per language, each with its own ETag', async () => {
    const showId = await freshShow('IMAX巨幕厅');
    const zh = await seats(showId);
    const en = await seats(showId, { 'accept-language': 'en' });
    expect(zh.map!.showInfo.hallName).toBe('IMAX巨幕厅');
    expect(en.map!.showInfo.hallName).not.toBe(zh.map!.showInfo.hallName);
    expect(en.etag).not.toBe(zh.etag);
    expect((await seats(showId, { 'accept-language': 'en' })).map!.showInfo.hallName).toBe(
      en.map!.showInfo.hallName,
    );
    expect((await seats(showId)).map!.showInfo.hallName).toBe('IMAX巨幕厅');
    // An ETag of one language does not revalidate the other.
    expect(
      (await seats(showId, { 'if-none-match': zh.etag!, 'accept-language': 'en' })).status,
    ).toBe(200);
  });

  it("answers the contract's shape, the same gzipped, with each request's server time", async () => {
    const showId = await freshShow('IMAX巨幕厅');
    const plain = await seats(showId);
    expect(showSeatsCall.answer.strict().parse(plain.map)).toEqual(plain.map);
    expect(plain.map!.serverTime).toBe(t.clock.now().toISOString());
    expect(plain.map!.rows.flatMap((row) => row.seats).length).toBeGreaterThanOrEqual(574);

    const zipped = await seats(showId, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.raw.length).toBeLessThanOrEqual(24 * 1024);
    expect(gunzipSync(zipped.raw).toString()).toBe(plain.raw.toString());

    t.clock.advance(7);
    const later = await seats(showId, { 'accept-encoding': 'gzip' });
    expect(later.etag).toBe(zipped.etag);
    const laterMap = JSON.parse(gunzipSync(later.raw).toString()) as { data: SeatMap };
    expect(laterMap.data.serverTime).toBe(t.clock.now().toISOString());
    expect({ ...laterMap.data, serverTime: '' }).toEqual({ ...plain.map, serverTime: '' });
  });

  it('sends the availability gzipped when asked, and follows a change made elsewhere', async () => {
    const showId = await freshShow('IMAX巨幕厅');
    const availability = async (headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `/api/show/availability?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE, ...headers },
      });
    const plain = await availability();
    const zipped = await availability({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const before = plain.json<{ data: ShowAvailability }>().data;

    const map = (await seats(showId)).map!;
    await call(other, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token: alice,
      body: { showId, seatIds: seatIds(map, ['K10']) },
    });
    await expect
      .poll(async () => (await availability()).json<{ data: ShowAvailability }>().data.version, {
        timeout: 2_000,
      })
      .toBeGreaterThan(before.version);
  });

  it("hears every change committed before the feed's sync() by the time it resolves", async () => {
    const feed = createSeatChangeFeed({ db: t.db, listen: t.database.listen });
    const heard: number[] = [];
    const stop = await feed.watchAll({
      onChange: (change) => heard.push(change.version),
      onEnd() {},
    });
    try {
      for (let version = 1; version <= 5; version += 1) {
        const payload = JSON.stringify({ showId: 'x', version, seats: null });
        await sql`select pg_notify('seat_changes_' || current_schema(), ${payload})`.execute(t.db);
        await feed.sync();
        expect(heard).toEqual(Array.from({ length: version }, (_, index) => index + 1));
      }
    } finally {
      stop();
      await feed.close();
    }
  });
});
