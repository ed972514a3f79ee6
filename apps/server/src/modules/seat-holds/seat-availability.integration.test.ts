import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeAvailabilityRow,
  type FilmOrder,
  type SeatChangeEvent,
  type ShowAvailability,
  type ShowLayout,
} from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { recordWholePaymentForTest } from '../../test-support/paid-order.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { hold, seatIds, seatMap, showPicker } from '../film-order/film-order-test-kit.js';
import { filmOrderSteps } from '../film-order/index.js';

const HOLD_SECONDS = 15 * 60;

/** A seat-change notification as the trigger writes it (0013, 0035). */
type SeatChangePayload = { showId: string; version: number; seats: [string, string][] | null };

/** The state of a seat by label, from a layout and an availability answer. */
function stateIn(layout: ShowLayout, availability: ShowAvailability, label: string) {
  for (const [rowIndex, row] of layout.rows.entries()) {
    const index = row.seats.findIndex((seat) => (seat[4] ?? `${row.label}${seat[1]}`) === label);
    if (index >= 0) return decodeAvailabilityRow(availability.rows[rowIndex]!)[index];
  }
  throw new Error(`no seat ${label}`);
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
      if (event && data) yield { event, data: JSON.parse(data) as unknown };
    }
  }
}

describeOnEachDatabase('seat maps in two parts, and live seat changes', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let alice: string;
  let bob: string;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: 6 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await signIn(t.app, uniqueOpenid('alice'));
    bob = await signIn(t.app, uniqueOpenid('bob'));
  });
  afterAll(() => t?.close());

  const layoutOf = async (showId: string) =>
    (await call<ShowLayout>(t.app, { url: `/api/show/layout?showId=${showId}` })).body.data;
  const availabilityOf = async (showId: string) =>
    (await call<ShowAvailability>(t.app, { url: `/api/show/availability?showId=${showId}` })).body
      .data;

  describe('the layout', () => {
    it('answers the hall compactly, with an ETag, gzipped when asked, and 304 when unchanged', async () => {
      const showId = await freshShow('IMAX巨幕厅');
      const plain = await t.app.inject({
        url: `/api/show/layout?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE },
      });
      expect(plain.statusCode).toBe(200);
      const layout = plain.json<{ data: ShowLayout }>().data;
      const forSale = layout.rows.flatMap((row) => row.seats).filter((seat) => seat[2] !== 'u');
      expect(forSale.length).toBeGreaterThanOrEqual(574);
      expect(plain.headers.etag).toBe(layout.layoutVersion);

      const zipped = await t.app.inject({
        url: `/api/show/layout?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE, 'accept-encoding': 'gzip, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.length).toBeLessThanOrEqual(12 * 1024);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);

      const again = await t.app.inject({
        url: `/api/show/layout?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE, 'if-none-match': layout.layoutVersion },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const stale = await t.app.inject({
        url: `/api/show/layout?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE, 'if-none-match': '"something-else"' },
      });
      expect(stale.statusCode).toBe(200);
    });

    it('describes seats as the full seat map does', async () => {
      const showId = await freshShow('2号厅');
      const [layout, map] = await Promise.all([layoutOf(showId), seatMap(t, showId)]);
      expect(layout.rows.map((row) => row.label)).toEqual(map.rows.map((row) => row.label));
      const e8 = layout.rows[4]!.seats.find((seat) => seat[1] === 8)!;
      expect(e8[2]).toBe('u');
      expect(e8[3]).toBe(-1);
      const a1 = layout.rows[0]!.seats[0]!;
      const mapA1 = map.rows[0]!.seats[0]!;
      expect([a1[0], a1[1]]).toEqual([mapA1.x, mapA1.col]);
      expect(layout.priceAreas[a1[3]]!.id).toBe(mapA1.areaId);
    });

    it('answers 40401 for an unknown show', async () => {
      const { status, body } = await call(t.app, {
        url: '/api/show/layout?showId=00000000-0000-4000-8000-000000000000',
      });
      expect(status).toBe(404);
      expect(body.code).toBe(40401);
    });
  });

  describe('the availability', () => {
    it('is one short string per row; a hold, its expiry and a new version show in it', async () => {
      const showId = await freshShow('IMAX巨幕厅');
      const layout = await layoutOf(showId);
      const before = await availabilityOf(showId);
      expect(before.layoutVersion).toBe(layout.layoutVersion);
      expect(before.rows).toHaveLength(layout.rows.length);
      expect(before.rows.map((row) => row.length)).toEqual(
        layout.rows.map((row) => row.seats.length),
      );
      expect(JSON.stringify({ code: 0, msg: 'ok', data: before }).length).toBeLessThan(1024);
      expect(stateIn(layout, before, 'F5')).toBe('available');

      const held = await call<FilmOrder>(t.app, {
        method: 'POST',
        url: '/api/filmOrder/create',
        token: alice,
        body: { showId, seatLabels: ['F5', 'F6'] },
      });
      expect(held.body.code).toBe(0);
      expect(held.body.data.seats.map((seat) => seat.label)).toEqual(['F5', 'F6']);
      const after = await availabilityOf(showId);
      expect(after.version).toBeGreaterThan(before.version);
      expect(stateIn(layout, after, 'F5')).toBe('held');
      expect(stateIn(layout, after, 'F7')).toBe('available');

      t.clock.advance(HOLD_SECONDS);
      expect(stateIn(layout, await availabilityOf(showId), 'F5')).toBe('available');
    });

    it('refuses an unknown seat label as a rule violation', async () => {
      const showId = await freshShow('1号厅');
      const { body } = await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/create',
        token: alice,
        body: { showId, seatLabels: ['Z99'] },
      });
      expect(body.code).toBe(42201);
    });

    it('refuses a body with both seatIds and seatLabels, or neither', async () => {
      const showId = await freshShow('1号厅');
      for (const extra of [{}, { seatIds: ['x'], seatLabels: ['A1'] }]) {
        const { body } = await call(t.app, {
          method: 'POST',
          url: '/api/filmOrder/create',
          token: alice,
          body: { showId, ...extra },
        });
        expect(body.code).toBe(40001);
      }
    });
  });

  describe('the hold in one statement', () => {
    it('records the previous order as cancelled with its events and frees its seats', async () => {
      const showId = await freshShow('1号厅');
      const first = await hold(t, alice, showId, ['B3', 'B4']);
      const second = await hold(t, alice, showId, ['D3', 'D4']);
      expect(second.body.code).toBe(0);
      const events = await t.db
        .selectFrom('order_events')
        .select(['from_status', 'to_status', 'reason'])
        .where('order_id', '=', first.body.data.id)
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { from_status: null, to_status: 'pending_payment', reason: 'seats held' },
        {
          from_status: 'pending_payment',
          to_status: 'cancelled',
          reason: 'replaced by a new hold',
        },
      ]);
      const seats = await t.db
        .selectFrom('film_order_seats')
        .select('state')
        .where('order_id', '=', first.body.data.id)
        .execute();
      expect(seats.map((seat) => seat.state)).toEqual(['released', 'released']);
    });

    it('takes over an expired hold: that order expires as a whole, with its event', async () => {
      const showId = await freshShow('1号厅');
      const first = await hold(t, alice, showId, ['C3', 'C4']);
      t.clock.advance(HOLD_SECONDS + 1);
      const second = await hold(t, bob, showId, ['C4', 'C5']);
      expect(second.body.code).toBe(0);
      const order = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', first.body.data.id)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('expired');
      const last = await t.db
        .selectFrom('order_events')
        .select('reason')
        .where('order_id', '=', first.body.data.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.reason).toBe('hold expired (seats taken over)');
    });

    it('keeps the previous order when the new hold loses a seat', async () => {
      const showId = await freshShow('1号厅');
      const mine = await hold(t, alice, showId, ['E3', 'E4']);
      expect((await hold(t, bob, showId, ['A5', 'A6'])).body.code).toBe(0);
      const lost = await hold(t, alice, showId, ['A5', 'A6']);
      expect(lost.body.code).toBe(40902);
      const order = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', mine.body.data.id)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('pending_payment');
    });
    it('NOTIFYs nothing inside its transaction: it answers its seat changes for after the commit', async () => {
      const showId = await freshShow('1号厅');
      const map = await seatMap(t, showId);
      const { rows: schema } = await sql<{ name: string }>`select current_schema() as name`.execute(
        t.db,
      );
      const heard: string[] = [];
      const stop = await t.database.listen(
        `seat_changes_${schema[0]!.name}`,
        // Not the instances' hellos (taken-seats-memory.ts): only seat changes.
        (payload) => {
          if (!('peer' in (JSON.parse(payload) as object))) heard.push(payload);
        },
        () => {},
      );
      try {
        const openid = uniqueOpenid('deferred');
        await signIn(t.app, openid);
        const user = await t.db
          .selectFrom('users')
          .select(['id', 'site_id'])
          .where('openid', '=', openid)
          .executeTakeFirstOrThrow();
        const now = t.clock.now();
        const holdSql = (labels: string[], orderNo: string) =>
          sql<{ new_order_id: string | null; seat_changes: SeatChangePayload[] }>`
            select * from hold_film_seats(${user.site_id}, ${user.id}, ${showId},
              ${`{${seatIds(map, labels).join(',')}}`}::uuid[], ${orderNo}, ${now},
              ${new Date(now.getTime() + HOLD_SECONDS * 1000)})`.execute(t.db);
        const [f1, f2, g1] = seatIds(map, ['F1', 'F2', 'E1']);

        const first = (await holdSql(['F1', 'F2'], `DF${Date.now()}a`)).rows[0]!;
        expect(first.new_order_id).not.toBeNull();
        expect(first.seat_changes).toEqual([
          {
            showId,
            version: expect.any(Number),
            seats: [
              [f1, 'held'],
              [f2, 'held'],
            ].sort(),
          },
        ]);
        // The user's next hold answers the release of the first one too, in the order written.
        const second = (await holdSql(['E1'], `DF${Date.now()}b`)).rows[0]!;
        expect(second.seat_changes.map((change) => change.seats)).toEqual([
          [
            [f1, 'released'],
            [f2, 'released'],
          ].sort(),
          [[g1, 'held']],
        ]);
        // Each payload carries the highest version of the rows it reports, as the trigger's did.
        const versionOf = async (orderId: string) =>
          Number(
            (
              await t.db
                .selectFrom('film_order_seats')
                .select((eb) => eb.fn.max('version').as('version'))
                .where('order_id', '=', orderId)
                .executeTakeFirstOrThrow()
            ).version,
          );
        expect(second.seat_changes.map((change) => change.version)).toEqual([
          await versionOf(first.new_order_id!),
          await versionOf(second.new_order_id!),
        ]);
        // Another writer of seats still NOTIFYs in its own transaction (the trigger as before).
        await t.db
          .updateTable('film_order_seats')
          .set({ state: 'released' })
          .where('order_id', '=', second.new_order_id!)
          .execute();
        await expect.poll(() => heard.length).toBe(1);
        expect(JSON.parse(heard[0]!)).toMatchObject({ showId, seats: [[g1, 'released']] });
      } finally {
        await stop();
      }
    });
  });

  describe('the stream', () => {
    it("brings another user's hold to an open seat page within a second, and closes cleanly", async () => {
      const showId = await freshShow('1号厅');
      const controller = new AbortController();
      const response = await fetch(
        `${baseUrl}/api/show/availability/stream?showId=${showId}&site=${DEMO_SITE_CODE}`,
        { signal: controller.signal },
      );
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = sseEvents(response);
      const ready = await events.next();
      expect((t.app as unknown as { openSeatStreams(): number }).openSeatStreams()).toBe(1);
      expect(ready.value).toMatchObject({ event: 'ready', data: { showId } });
      const readyVersion = (ready.value as { data: { version: number } }).data.version;

      const started = Date.now();
      expect((await hold(t, bob, showId, ['A1', 'A2'])).body.code).toBe(0);
      const next = await events.next();
      expect(Date.now() - started).toBeLessThan(1000);
      const change = (next.value as { event: string; data: SeatChangeEvent }).data;
      expect((next.value as { event: string }).event).toBe('seats');
      expect(change.version).toBeGreaterThan(readyVersion);
      expect(change.changes?.map((seat) => [seat.label, seat.state]).sort()).toEqual([
        ['A1', 'held'],
        ['A2', 'held'],
      ]);

      controller.abort();
      const app = t.app as unknown as { openSeatStreams(): number };
      await expect.poll(() => app.openSeatStreams()).toBe(0);
    });

    it('tells of a cancel, an expiry sweep and a sale as they happen', async () => {
      const showId = await freshShow('1号厅');
      const controller = new AbortController();
      const response = await fetch(
        `${baseUrl}/api/show/availability/stream?showId=${showId}&site=${DEMO_SITE_CODE}`,
        { signal: controller.signal },
      );
      const events = sseEvents(response);
      expect((await events.next()).value).toMatchObject({ event: 'ready' });
      const nextChange = async () =>
        ((await events.next()).value as { data: SeatChangeEvent }).data.changes
          ?.map((seat) => `${seat.label} ${seat.state}`)
          .sort();

      const first = await hold(t, alice, showId, ['B1', 'B2']);
      expect(await nextChange()).toEqual(['B1 held', 'B2 held']);
      await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/cancel',
        token: alice,
        body: { orderId: first.body.data.id },
      });
      expect(await nextChange()).toEqual(['B1 available', 'B2 available']);

      await hold(t, bob, showId, ['C1', 'C2']);
      expect(await nextChange()).toEqual(['C1 held', 'C2 held']);
      t.clock.advance(HOLD_SECONDS + 1);
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect(await nextChange()).toEqual(['C1 available', 'C2 available']);

      const sold = await hold(t, bob, showId, ['D1', 'D2']);
      expect(await nextChange()).toEqual(['D1 held', 'D2 held']);
      await t.db.transaction().execute(async (trx) => {
        await recordWholePaymentForTest(trx, sold.body.data.id);
        await trx
          .updateTable('orders')
          .set({ status: 'paid' })
          .where('id', '=', sold.body.data.id)
          .execute();
        await filmOrderSteps.sell(trx, sold.body.data.id);
      });
      expect(await nextChange()).toEqual(['D1 sold', 'D2 sold']);
      controller.abort();
    });

    it('refuses a stream past the per-show cap with 42901', async () => {
      const capped = await createTestApp(kind, { seatStreamLimits: { perShow: 0 } });
      try {
        const showId = (await capped.db.selectFrom('shows').select('id').executeTakeFirstOrThrow())
          .id;
        const { status, body } = await call(capped.app, {
          url: `/api/show/availability/stream?showId=${showId}`,
        });
        expect(status).toBe(429);
        expect(body.code).toBe(42901);
      } finally {
        await capped.close();
      }
    });

    it('ends open streams when the app closes', async () => {
      const other = await createTestApp(kind);
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const showId = (await other.db.selectFrom('shows').select('id').executeTakeFirstOrThrow()).id;
      const response = await fetch(`${url}/api/show/availability/stream?showId=${showId}`, {
        headers: { site: DEMO_SITE_CODE },
      });
      const events = sseEvents(response);
      expect((await events.next()).value).toMatchObject({ event: 'ready' });
      await other.close();
      expect((await events.next()).done).toBe(true);
    });
  });
});
