import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilmOrder } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { hold, seatIds, seatMap, showPicker, stateOf } from './film-order-test-kit.js';
import { releaseOrders, sweepExpiredOrders } from '../orders/index.js';
import { filmOrderSteps } from './index.js';
import { recordWholePaymentForTest } from '../../test-support/paid-order.js';

const HOLD_SECONDS = 15 * 60;

describeOnEachDatabase('film orders: seat maps and seat holds', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t.app, uniqueOpenid('alice'));
    bob = await signIn(t.app, uniqueOpenid('bob'));
  });
  afterAll(() => t?.close());

  const countOrders = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('the seat map', () => {
    it('shows the layout, price areas, settings and every seat available', async () => {
      const showId = await freshShow('2号厅');
      const map = await seatMap(t, showId);
      expect(map.showInfo.showId).toBe(showId);
      expect(map.showInfo.hallName).toBe('2号厅');
      expect(map.cinemaInfo.name).toMatch(/星幕影城/);
      expect(map.maxSeatsPerOrder).toBe(6);
      expect(map.holdMinutes).toBe(15);
      expect(map.rows.map((row) => row.label)).toEqual('ABCDEFGHIJ'.split(''));
      expect(map.rows[0]!.seats.map((seat) => seat.x)).toEqual([
        0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17,
      ]);
      expect(stateOf(map, 'E8')).toBe('unavailable');
      expect(stateOf(map, 'J1')).toBe('available');
      expect(map.rows.flatMap((row) => row.seats).find((s) => s.label === 'J1')?.kind).toBe(
        'wheelchair',
      );
      const premium = map.priceAreas.find((area) => area.name === '黄金区')!;
      expect(premium.discountPrice).toBeLessThan(premium.price);
      expect(map.priceAreas.some((area) => area.name === '情侣座')).toBe(false);
    });

    it('answers 40401 for an unknown show and for an id that is not one', async () => {
      for (const showId of ['00000000-0000-4000-8000-000000000000', 'not-a-show']) {
        const { status, body } = await call(t.app, { url: `/api/show/seats?showId=${showId}` });
        expect(status).toBe(404);
        expect(body.code).toBe(40401);
      }
    });
  });

  describe('holding seats', () => {
    it('holds two seats as an unpaid order with the members’ total and a 15-minute deadline', async () => {
      const showId = await freshShow('1号厅');
      const { status, body } = await hold(t, alice, showId, ['C4', 'C5']);
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      const order = body.data;
      expect(order.status).toBe('pending_payment');
      expect(order.showInfo.showId).toBe(showId);
      expect(order.seats.map((seat) => seat.label)).toEqual(['C4', 'C5']);
      const sum = order.seats.reduce((total, seat) => total + seat.discountPrice * 100, 0) / 100;
      expect(order.total).toBe(sum);
      expect(order.total).toBe(90); // two premium 2D seats at 45.00
      expect(Date.parse(order.holdExpiresAt) - Date.parse(order.serverTime)).toBe(
        HOLD_SECONDS * 1000,
      );
      const map = await seatMap(t, showId);
      expect(stateOf(map, 'C4')).toBe('held');
      expect(stateOf(map, 'C6')).toBe('available');
      const row = await t.db
        .selectFrom('orders')
        .select(['kind', 'amount_fen', 'cinema_id'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ kind: 'film', amount_fen: 9000, cinema_id: order.cinemaInfo.cinemaId });
    });

    it('answers a hold as it is even to a phone that takes gzip (too small to gain), a seat map gzipped', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['C4', 'C5'], { 'accept-encoding': 'gzip' });
      expect(held.body.code).toBe(0);
      expect(held.headers['content-encoding']).toBeUndefined();
      const map = await t.app.inject({
        url: `/api/show/seats?showId=${showId}`,
        headers: { site: DEMO_SITE_CODE, 'accept-encoding': 'gzip' },
      });
      expect(map.headers['content-encoding']).toBe('gzip');
    });

    it('refuses a signed-out visitor with -1001', async () => {
      const showId = await freshShow('1号厅');
      const { status, body } = await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/create',
        body: { showId, seatIds: ['x'] },
      });
      expect(status).toBe(401);
      expect(body.code).toBe(-1001);
    });

    it('refuses an unknown show with 40401 and writes nothing', async () => {
      const before = await countOrders();
      const { body } = await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/create',
        token: alice,
        body: { showId: '00000000-0000-4000-8000-000000000000', seatIds: ['a'] },
      });
      expect(body.code).toBe(40401);
      expect(await countOrders()).toBe(before);
    });

    it('refuses more seats than the site allows, saying the limit', async () => {
      const showId = await freshShow('1号厅');
      const before = await countOrders();
      const { status, body } = await hold(
        t,
        alice,
        showId,
        ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7'],
        { 'accept-language': 'en' },
      );
      expect(status).toBe(422);
      expect(body.code).toBe(42201);
      expect(body.msg).toBe('You can choose at most 6 seats per order. Remove some seats.');
      expect(body.data).toMatchObject({ violations: [{ code: 'TOO_MANY_SEATS' }] });
      expect(await countOrders()).toBe(before);
    });

    it('refuses a broken seat', async () => {
      const showId = await freshShow('2号厅');
      const { body } = await hold(t, alice, showId, ['E8', 'E9']);
      expect(body.code).toBe(42201);
      expect(body.data).toMatchObject({
        violations: [expect.objectContaining({ code: 'SEAT_NOT_FOR_SALE', seatLabel: 'E8' })],
      });
    });

    it('refuses half a couple seat and accepts the pair', async () => {
      const showId = await freshShow('IMAX巨幕厅');
      const map = await seatMap(t, showId);
      const coupleRow = map.rows.find((row) => row.seats[0]?.kind === 'couple-left')!;
      const [left, right] = coupleRow.seats;
      const half = await hold(t, alice, showId, [left!.label]);
      expect(half.body.code).toBe(42201);
      expect(half.body.msg).toContain('情侣座');
      expect(half.body.data).toMatchObject({ violations: [{ code: 'COUPLE_SPLIT' }] });
      const pair = await hold(t, alice, showId, [left!.label, right!.label]);
      expect(pair.body.code).toBe(0);
      expect(pair.body.data.seats.map((seat) => seat.label)).toEqual([left!.label, right!.label]);
    });

    it('refuses leaving a single empty seat and says how to fix it', async () => {
      const showId = await freshShow('1号厅');
      const { status, body } = await hold(t, alice, showId, ['B2', 'B3'], {
        'accept-language': 'en',
      });
      expect(status).toBe(422);
      expect(body.code).toBe(42201);
      expect(body.msg).toBe(
        'Do not leave a single empty seat (Row B, Seat 1): move one seat left.',
      );
      expect(body.data).toMatchObject({
        hint: '请不要留下单个空座（B排1座），试试向左移一个座位',
        violations: [{ code: 'SINGLE_GAP', seatLabel: 'B1' }],
      });
    });

    it('refuses a wheelchair space that strands its companion seat, and holds the two together', async () => {
      const showId = await freshShow('1号厅');
      expect((await hold(t, bob, showId, ['F3', 'F4'])).body.code).toBe(0);
      const before = await countOrders();
      const alone = await hold(t, alice, showId, ['F1'], { 'accept-language': 'en' });
      expect(alone.status).toBe(422);
      expect(alone.body.msg).toContain('companion seat Row F, Seat 2');
      expect(alone.body.data).toMatchObject({
        violations: [{ code: 'COMPANION_STRANDED', seatLabel: 'F2' }],
      });
      expect(await countOrders()).toBe(before);
      const together = await hold(t, alice, showId, ['F1', 'F2']);
      expect(together.body.code).toBe(0);
    });

    it('refuses a seat someone else holds with 40902 naming it, and keeps the first hold', async () => {
      const showId = await freshShow('1号厅');
      expect((await hold(t, alice, showId, ['C5', 'C6'])).body.code).toBe(0);
      const { status, body } = await hold(t, bob, showId, ['C6', 'C7'], {
        'accept-language': 'en',
      });
      expect(status).toBe(409);
      expect(body.code).toBe(40902);
      expect(body.data).toMatchObject({ seats: ['C6'] });
      expect(body.msg).toBe('Just taken: Row C, Seat 6. Please pick another seat.');
      expect(stateOf(await seatMap(t, showId), 'C6')).toBe('held');
    });

    it('refuses a show that has started', async () => {
      const showId = await freshShow('1号厅');
      const map = await seatMap(t, showId);
      await t.db
        .updateTable('shows')
        .set({ start_at: new Date(t.clock.now().getTime() - 60_000) })
        .where('id', '=', showId)
        .execute();
      const { body } = await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/create',
        token: alice,
        body: { showId, seatIds: seatIds(map, ['A1', 'A2']) },
      });
      expect(body.code).toBe(42230);
    });

    it('frees an expired hold at once: the map shows it free and another user can hold it', async () => {
      const showId = await freshShow('1号厅');
      const first = await hold(t, alice, showId, ['F4', 'F5']);
      expect(first.body.code).toBe(0);
      t.clock.advance(HOLD_SECONDS - 1);
      expect(stateOf(await seatMap(t, showId), 'F4')).toBe('held');
      t.clock.advance(1);
      expect(stateOf(await seatMap(t, showId), 'F4')).toBe('available');
      const second = await hold(t, bob, showId, ['F4', 'F5']);
      expect(second.body.code).toBe(0);
      const before = await call<FilmOrder>(t.app, {
        url: `/api/filmOrder/detail?orderId=${first.body.data.id}`,
        token: alice,
      });
      expect(before.body.data.status).toBe('expired');
      const row = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', first.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');
    });

    it('keeps one unpaid order per user per show: a new hold cancels the previous one', async () => {
      const showId = await freshShow('1号厅');
      const first = await hold(t, alice, showId, ['A1', 'A2']);
      const second = await hold(t, alice, showId, ['A3', 'A4', 'A5']);
      expect(second.body.code).toBe(0);
      const old = await call<FilmOrder>(t.app, {
        url: `/api/filmOrder/detail?orderId=${first.body.data.id}`,
        token: alice,
      });
      expect(old.body.data.status).toBe('cancelled');
      const map = await seatMap(t, showId);
      expect(['A1', 'A2', 'A3', 'A5'].map((label) => stateOf(map, label))).toEqual([
        'available',
        'available',
        'held',
        'held',
      ]);
      const pending = await call<{ order: FilmOrder | null }>(t.app, {
        url: `/api/filmOrder/pending?showId=${showId}`,
        token: alice,
      });
      expect(pending.body.data.order?.id).toBe(second.body.data.id);
    });

    it('keeps the previous hold when the new one fails', async () => {
      const showId = await freshShow('1号厅');
      const mine = await hold(t, alice, showId, ['D1', 'D2']);
      expect((await hold(t, bob, showId, ['D5', 'D6'])).body.code).toBe(0);
      const failed = await hold(t, alice, showId, ['D6', 'D7']);
      expect(failed.body.code).toBe(40902);
      const pending = await call<{ order: FilmOrder | null }>(t.app, {
        url: `/api/filmOrder/pending?showId=${showId}`,
        token: alice,
      });
      expect(pending.body.data.order?.id).toBe(mine.body.data.id);
    });
  });

  describe('reading, cancelling and the pending order', () => {
    it('reads the user’s own order', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['E1', 'E2']);
      const { body } = await call<FilmOrder>(t.app, {
        url: `/api/filmOrder/detail?orderId=${held.body.data.id}`,
        token: alice,
      });
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ id: held.body.data.id, total: held.body.data.total });
    });

    it('answers 40401 for someone else’s order, an unknown one and a malformed id', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['E1', 'E2']);
      for (const orderId of [held.body.data.id, '00000000-0000-4000-8000-000000000000', 'x']) {
        const read = await call(t.app, {
          url: `/api/filmOrder/detail?orderId=${orderId}`,
          token: bob,
        });
        expect(read.body.code).toBe(40401);
        const cancel = await call(t.app, {
          method: 'POST',
          url: '/api/filmOrder/cancel',
          token: bob,
          body: { orderId },
        });
        expect(cancel.body.code).toBe(40401);
      }
      expect(stateOf(await seatMap(t, showId), 'E1')).toBe('held');
    });

    it('cancels: the seats are free at once, and cancelling again answers the same order', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['B9', 'B10']);
      const cancel = () =>
        call<FilmOrder>(t.app, {
          method: 'POST',
          url: '/api/filmOrder/cancel',
          token: alice,
          body: { orderId: held.body.data.id },
        });
      const first = await cancel();
      expect(first.body.data.status).toBe('cancelled');
      expect(stateOf(await seatMap(t, showId), 'B9')).toBe('available');
      const again = await cancel();
      expect(again.body.code).toBe(0);
      expect(again.body.data.status).toBe('cancelled');
      const pending = await call<{ order: FilmOrder | null }>(t.app, {
        url: `/api/filmOrder/pending?showId=${showId}`,
        token: alice,
      });
      expect(pending.body.data.order).toBeNull();
      expect((await hold(t, bob, showId, ['B9', 'B10'])).body.code).toBe(0);
    });

    it('refuses to cancel a paid order', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['A9', 'A10']);
      await t.db.transaction().execute(async (trx) => {
        await recordWholePaymentForTest(trx, held.body.data.id);
        await trx
          .updateTable('orders')
          .set({ status: 'paid' })
          .where('id', '=', held.body.data.id)
          .execute();
        await filmOrderSteps.sell(trx, held.body.data.id);
      });
      const { body } = await call(t.app, {
        method: 'POST',
        url: '/api/filmOrder/cancel',
        token: alice,
        body: { orderId: held.body.data.id },
      });
      expect(body.code).toBe(42203);
      expect(stateOf(await seatMap(t, showId), 'A9')).toBe('sold');
    });

    it('points to the paid order when the pending one was paid meanwhile, for its owner only', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['C3', 'C4']);
      const pendingFor = (token: string) =>
        call<{ order: FilmOrder | null; paidOrderId: string | null }>(t.app, {
          url: `/api/filmOrder/pending?showId=${showId}`,
          token,
        });
      expect((await pendingFor(alice)).body.data.paidOrderId).toBeNull();
      await t.db.transaction().execute(async (trx) => {
        await recordWholePaymentForTest(trx, held.body.data.id);
        await trx
          .updateTable('orders')
          .set({ status: 'paid' })
          .where('id', '=', held.body.data.id)
          .execute();
        await filmOrderSteps.sell(trx, held.body.data.id);
      });
      const paid = await pendingFor(alice);
      expect(paid.body.data).toEqual({ order: null, paidOrderId: held.body.data.id });
      expect((await pendingFor(bob)).body.data).toEqual({ order: null, paidOrderId: null });
    });

    it('answers no pending order for a show without one', async () => {
      const showId = await freshShow('1号厅');
      const { body } = await call<{ order: FilmOrder | null }>(t.app, {
        url: `/api/filmOrder/pending?showId=${showId}`,
        token: bob,
      });
      expect(body.code).toBe(0);
      expect(body.data.order).toBeNull();
    });
  });

  describe('the database itself', () => {
    it('refuses a second active row for the same seat of a show, whoever writes it', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, alice, showId, ['E5', 'E6']);
      const row = await t.db
        .selectFrom('film_order_seats')
        .selectAll()
        .where('order_id', '=', held.body.data.id)
        .executeTakeFirstOrThrow();
      const { id: _id, state: _state, ...copy } = row;
      await expect(
        t.db.insertInto('film_order_seats').values(copy).execute(),
      ).rejects.toMatchObject({ code: '23505' });
      // A released row does not count: the seat can be held again after a release.
      await t.db
        .updateTable('film_order_seats')
        .set({ state: 'released' })
        .where('id', '=', row.id)
        .execute();
      await t.db.insertInto('film_order_seats').values(copy).execute();
    });
  });

  describe('what payments use', () => {
    it('sells held seats, releases them again, and refuses to sell released seats', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, bob, showId, ['D9', 'D10']);
      const orderId = held.body.data.id;
      // Changed outside the app (as another instance would): the seat map follows its NOTIFY.
      await t.db.transaction().execute((trx) => filmOrderSteps.sell(trx, orderId));
      await expect.poll(async () => stateOf(await seatMap(t, showId), 'D9')).toBe('sold');
      await t.db
        .transaction()
        .execute((trx) => releaseOrders(trx, [{ id: orderId, kind: 'film' }]));
      await expect.poll(async () => stateOf(await seatMap(t, showId), 'D9')).toBe('available');
      await expect(
        t.db.transaction().execute((trx) => filmOrderSteps.sell(trx, orderId)),
      ).rejects.toMatchObject({ type: 'HOLD_EXPIRED' });
    });

    it('sweeps unpaid orders past their deadline to expired and frees their seats', async () => {
      const showId = await freshShow('1号厅');
      const held = await hold(t, bob, showId, ['C9', 'C10']);
      t.clock.advance(HOLD_SECONDS + 1);
      const swept = await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect(swept).toBeGreaterThanOrEqual(1);
      const order = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', held.body.data.id)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('expired');
      const seats = await t.db
        .selectFrom('film_order_seats')
        .select('state')
        .where('order_id', '=', held.body.data.id)
        .execute();
      expect(seats.map((seat) => seat.state)).toEqual(['released', 'released']);
      expect(await sweepExpiredOrders({ db: t.db, clock: t.clock })).toBe(0);
    });
  });
});
