import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, cinemaShowsCall, FilmOrder, filmShowsCall } from '@marquee/contracts';
import type {
  ScheduleShow,
  scheduleWeekCall,
  showCancelCall,
  showCopyCall,
} from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from '../payment/payment-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
} from '../staff/staff-test-kit.js';

type Week = CallAnswer<typeof scheduleWeekCall>;
type Hall = Week['halls'][number];
const PASSWORD = '258036';

describeOnEachDatabase('the schedule in the staff console', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let hall: Hall;
  let otherHall: Hall;
  let filmId: string;
  let filmMinutes: number;
  const tokens = { owner: '', manager: '', cashier: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    hall = (await week(tokens.owner, site.firstCinemaId, today())).body.data.halls[0]!;
    otherHall = (await week(tokens.owner, site.otherCinemaId, today())).body.data.halls[0]!;
    const film = await t.db
      .selectFrom('films')
      .select(['id', 'duration_minutes'])
      .orderBy('title')
      .limit(1)
      .executeTakeFirstOrThrow();
    filmId = film.id;
    filmMinutes = film.duration_minutes;
  });
  afterAll(() => t?.close());

  const today = () => localDateOf(t.clock.now());
  // Demo shows fill the coming week; each test takes its own empty day further on.
  let dayCursor = 12;
  const freshDay = () => addDays(today(), (dayCursor += 1));
  const at = (date: string, hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return localInstant(date, h! * 60 + m!).toISOString();
  };
  const pricesOf = (target: Hall, priceFen = 6000) =>
    target.priceAreas.map((area) => ({
      areaId: area.id,
      priceFen,
      discountPriceFen: priceFen - 1000,
    }));
  const week = (token: string, cinemaId: string, from: string) =>
    consoleCall<Week>(t.app, {
      url: `/api/console/schedule/week?cinemaId=${cinemaId}&from=${from}`,
      staffToken: token,
    });
  const create = (token: string, body: Record<string, unknown>) =>
    consoleCall<ScheduleShow>(t.app, {
      url: '/api/console/shows/create',
      staffToken: token,
      body: {
        hallId: hall.id,
        filmId,
        language: '国语',
        format: '2D',
        prices: pricesOf(hall),
        ...body,
      },
    });
  const showCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('shows')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audits = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  it('creates a show ending after the film, shown in the week and to moviegoers', async () => {
    const day = freshDay();
    const answer = await create(tokens.manager, { startAt: at(day, '10:00') });
    expect(answer.body.code).toBe(0);
    const show = answer.body.data;
    expect(Date.parse(show.endAt) - Date.parse(show.startAt)).toBe(filmMinutes * 60_000);
    expect(show).toMatchObject({ showDate: day, isOnSale: true, ticketedSeats: 0 });
    const seen = await week(tokens.manager, site.firstCinemaId, day);
    const listed = seen.body.data.halls.find((h) => h.id === hall.id)!.shows;
    expect(listed.map((s) => s.showId)).toEqual([show.showId]);
    const moviegoer = await call<CallAnswer<typeof cinemaShowsCall>>(t.app, {
      url: `/api/cinema/shows?cinemaId=${site.firstCinemaId}&date=${day}`,
    });
    const shows = moviegoer.body.data.films.flatMap((f) => f.shows);
    expect(shows).toEqual([
      expect.objectContaining({ showId: show.showId, price: 60, discountPrice: 50 }),
    ]);
    expect((await audits('show.create')).map((row) => row.entity_id)).toContain(show.showId);
  });

  it('refuses an overlap, cleaning minutes included, naming the show it meets', async () => {
    const day = freshDay();
    const first = (await create(tokens.owner, { startAt: at(day, '10:00') })).body.data;
    const before = await showCount();
    // Starts 10 minutes after the first ends: inside the 15 cleaning minutes.
    const endLocal = new Date(Date.parse(first.endAt) + 10 * 60_000).toISOString();
    const refused = await create(tokens.owner, { startAt: endLocal });
    expect([refused.status, refused.body.code]).toEqual([409, 40930]);
    expect(refused.body.msg).toContain(first.filmTitle);
    expect(refused.body.msg).toContain(hall.name);
    expect(refused.body.data).toMatchObject({ showId: first.showId });
    expect(await showCount()).toBe(before);
    const fits = new Date(Date.parse(first.endAt) + 15 * 60_000).toISOString();
    expect((await create(tokens.owner, { startAt: fits })).body.code).toBe(0);
  });

  it('refuses bad input and other people’s cinemas, changing nothing', async () => {
    const day = freshDay();
    const before = await showCount();
    const cases: [string, Record<string, unknown>, number][] = [
      [tokens.cashier, { startAt: at(day, '10:00') }, 40301],
      [
        tokens.manager,
        { startAt: at(day, '10:00'), hallId: otherHall.id, prices: pricesOf(otherHall) },
        40301,
      ],
      [tokens.owner, { startAt: 'tomorrow' }, 40001],
      [tokens.owner, { startAt: at(day, '10:00'), format: '4D' }, 40001],
      [tokens.owner, { startAt: at(day, '10:00'), prices: pricesOf(hall).slice(1) }, 40001],
      [
        tokens.owner,
        {
          startAt: at(day, '10:00'),
          prices: pricesOf(hall).map((p) => ({ ...p, discountPriceFen: p.priceFen + 1 })),
        },
        40001,
      ],
      [tokens.owner, { startAt: new Date(t.clock.now().getTime() - 60_000).toISOString() }, 42270],
      [
        tokens.owner,
        { startAt: at(day, '10:00'), filmId: '00000000-0000-4000-8000-000000000000' },
        40401,
      ],
    ];
    for (const [token, body, code] of cases) {
      expect((await create(token, body)).body.code).toBe(code);
    }
    expect((await week(tokens.manager, site.otherCinemaId, day)).body.code).toBe(40301);
    expect(await showCount()).toBe(before);
  });

  it('answers 40401 for another site’s hall, show or cinema', async () => {
    const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
    const boss = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
    const show = (await create(tokens.owner, { startAt: at(freshDay(), '10:00') })).body.data;
    const asBoss = (url: string, body?: unknown) =>
      consoleCall(t.app, { url, site: other.code, staffToken: boss, body });
    const answers = [
      await asBoss('/api/console/shows/create', {
        hallId: hall.id,
        filmId,
        startAt: at(freshDay(), '10:00'),
        language: '国语',
        format: '2D',
        prices: pricesOf(hall),
      }),
      await asBoss('/api/console/shows/offSale', { showId: show.showId }),
      await asBoss('/api/console/shows/cancel', { showId: show.showId, reason: '设备故障' }),
      await asBoss(`/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${today()}`),
      await asBoss('/api/console/shows/copy', {
        cinemaId: site.firstCinemaId,
        fromDate: today(),
        toDate: freshDay(),
        days: 1,
      }),
    ];
    expect(answers.map((a) => a.body.code)).toEqual([40401, 40401, 40401, 40401, 40401]);
    const row = await t.db
      .selectFrom('shows')
      .select(['is_on_sale', 'cancelled_at'])
      .where('id', '=', show.showId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_on_sale: true, cancelled_at: null });
  });

  it('copies a day, skipping the shows that would overlap', async () => {
    const from = freshDay();
    const to = freshDay();
    const a = (await create(tokens.manager, { startAt: at(from, '10:00') })).body.data;
    const b = (await create(tokens.manager, { startAt: at(from, '15:00') })).body.data;
    const blocker = (await create(tokens.manager, { startAt: at(to, '15:30') })).body.data;
    const copy = await consoleCall<CallAnswer<typeof showCopyCall>>(t.app, {
      url: '/api/console/shows/copy',
      staffToken: tokens.manager,
      body: { cinemaId: site.firstCinemaId, fromDate: from, toDate: to, days: 1 },
    });
    expect(copy.body.code).toBe(0);
    expect(copy.body.data.copied.map((s) => s.startAt)).toEqual([at(to, '10:00')]);
    expect(copy.body.data.copied[0]!.prices).toEqual(a.prices);
    expect(copy.body.data.skipped).toEqual([
      expect.objectContaining({ fromShowId: b.showId, startAt: at(to, '15:00') }),
    ]);
    expect(copy.body.data.skipped[0]!.reason).toContain(blocker.filmTitle);
    const again = await consoleCall<CallAnswer<typeof showCopyCall>>(t.app, {
      url: '/api/console/shows/copy',
      staffToken: tokens.manager,
      body: { cinemaId: site.firstCinemaId, fromDate: from, toDate: to, days: 1 },
    });
    expect(again.body.data.copied).toEqual([]);
    expect(again.body.data.skipped).toHaveLength(2);
    expect((await audits('show.copy')).length).toBeGreaterThanOrEqual(2);
  });

  it('copies a day across a date range in one run, previewing first without creating', async () => {
    const from = freshDay();
    const first = freshDay();
    freshDay();
    const last = freshDay();
    await create(tokens.manager, { startAt: at(from, '10:00') });
    await create(tokens.manager, { startAt: at(from, '15:00') });
    const blocker = (await create(tokens.manager, { startAt: at(last, '15:30') })).body.data;
    const body = { cinemaId: site.firstCinemaId, fromDate: from, toDate: first, untilDate: last };
    const copyOf = (extra: object) =>
      consoleCall<CallAnswer<typeof showCopyCall>>(t.app, {
        url: '/api/console/shows/copy',
        staffToken: tokens.manager,
        body: { ...body, days: 1, ...extra },
      });
    const showsOn = async (date: string) =>
      (
        await t.db
          .selectFrom('shows')
          .select('id')
          .where('show_date', '=', date)
          .where('cinema_id', '=', site.firstCinemaId)
          .where('cancelled_at', 'is', null)
          .execute()
      ).length;
    const before = await audits('show.copy');

    const preview = await copyOf({ isPreview: true });
    expect(preview.body.data.isPreview).toBe(true);
    expect(preview.body.data.copied).toHaveLength(5);
    expect(preview.body.data.skipped).toEqual([
      expect.objectContaining({ startAt: at(last, '15:00') }),
    ]);
    expect(preview.body.data.skipped[0]!.reason).toContain(blocker.filmTitle);
    expect(await showsOn(first)).toBe(0);
    expect(await audits('show.copy')).toHaveLength(before.length);

    const done = await copyOf({});
    expect(done.body.data.isPreview).toBe(false);
    expect(done.body.data.copied.map((s) => s.startAt).sort()).toEqual(
      preview.body.data.copied.map((s) => s.startAt).sort(),
    );
    expect([await showsOn(first), await showsOn(last)]).toEqual([2, 2]);
    expect(await audits('show.copy')).toHaveLength(before.length + 1);
  });

  it('refuses a week copied onto itself and a range past the limit', async () => {
    const from = freshDay();
    const week = await consoleCall<CallAnswer<typeof showCopyCall>>(t.app, {
      url: '/api/console/shows/copy',
      staffToken: tokens.manager,
      body: { cinemaId: site.firstCinemaId, fromDate: from, toDate: addDays(from, 1), days: 7 },
    });
    expect(week.body.code).toBe(40001);
    expect(week.body.msg).toContain('7');
    const far = await consoleCall<CallAnswer<typeof showCopyCall>>(t.app, {
      url: '/api/console/shows/copy',
      staffToken: tokens.manager,
      body: {
        cinemaId: site.firstCinemaId,
        fromDate: from,
        toDate: addDays(from, 1),
        untilDate: addDays(from, 60),
        days: 1,
      },
    });
    expect(far.body.code).toBe(40001);
  });

  it('takes a show off sale: moviegoers no longer see it, nobody can hold seats', async () => {
    const day = freshDay();
    const show = (await create(tokens.manager, { startAt: at(day, '10:00') })).body.data;
    const user = await newUser(t);
    const held = await holdSeats(t, user.token, { showId: show.showId });
    const off = await consoleCall<ScheduleShow>(t.app, {
      url: '/api/console/shows/offSale',
      staffToken: tokens.manager,
      body: { showId: show.showId },
    });
    expect(off.body.data.isOnSale).toBe(false);
    const byCinema = await call<CallAnswer<typeof cinemaShowsCall>>(t.app, {
      url: `/api/cinema/shows?cinemaId=${site.firstCinemaId}&date=${day}`,
    });
    expect(byCinema.body.data.films).toEqual([]);
    const byFilm = await call<CallAnswer<typeof filmShowsCall>>(t.app, {
      url: `/api/film/shows?filmId=${filmId}&date=${day}`,
    });
    expect(byFilm.body.data.cinemas.flatMap((c) => c.shows)).toEqual([]);
    const other = await newUser(t);
    await expect(holdSeats(t, other.token, { showId: show.showId })).rejects.toThrow(/停止售票/);
    // The database refuses it too, whatever a caller checked before.
    const seat = await t.db
      .selectFrom('seats')
      .select('id')
      .where('hall_id', '=', hall.id)
      .where('kind', '=', 'normal')
      .orderBy('label', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('film_order_seats')
        .values({
          order_id: held.id,
          show_id: show.showId,
          seat_id: seat.id,
          price_fen: 100,
          discount_price_fen: 100,
          hold_expires_at: t.clock.now(),
        })
        .execute(),
    ).rejects.toThrow(/not on sale/);
    // The order made before stands.
    const order = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending_payment');
    expect((await audits('show.offSale')).map((row) => row.entity_id)).toContain(show.showId);
  });

  it('cancels a show: every buyer refunded to the fen, holds released, reason on the order', async () => {
    const show = (await create(tokens.manager, { startAt: at(freshDay(), '19:00') })).body.data;
    const buyers: { user: TestUser; order: FilmOrder }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const user = await newUser(t);
      await setTestPayPassword(t, user.token, PASSWORD);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
      const order = await holdSeats(t, user.token, { showId: show.showId });
      const paid = await payWithCards(t, user.token, {
        password: await encryptPassword(t, PASSWORD),
        param: filmParam(order.id),
        cardIdList: [card.id],
      });
      expect(paid.body.code).toBe(0);
      buyers.push({ user, order });
    }
    const wechatBuyer = await newUser(t);
    const wechatOrder = await holdSeats(t, wechatBuyer.token, { showId: show.showId });
    const pay = await payWithWechat(t, wechatBuyer.token, wechatOrder.id);
    await sandboxSheet(t, pay.body.data, 'success');
    buyers.push({ user: wechatBuyer, order: wechatOrder });
    // Card and WeChat together: 10 yuan from the card, the rest through WeChat.
    const both = await newUser(t);
    await setTestPayPassword(t, both.token, PASSWORD);
    const bothCard = await openTestCard(t, both, { types: ['general'], balanceFen: 1000 });
    const bothOrder = await holdSeats(t, both.token, { showId: show.showId });
    const combined = await payWithCards(t, both.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(bothOrder.id),
      cardIdList: [bothCard.id],
      payDetailParam: { wechatAmount: (Math.round(bothOrder.total * 100) - 1000) / 100 },
    });
    await sandboxSheet(t, combined.body.data.wechatPay!, 'success');
    buyers.push({ user: both, order: bothOrder });
    const holder = await newUser(t);
    const hold = await holdSeats(t, holder.token, { showId: show.showId });

    const seen = await week(tokens.manager, site.firstCinemaId, show.showDate);
    const listed = seen.body.data.halls
      .flatMap((h) => h.shows)
      .find((s) => s.showId === show.showId)!;
    expect([listed.ticketedOrders, listed.ticketedSeats]).toEqual([4, 8]);
    for (const { order } of buyers)
      expect((await moneyOf(t, order.id)).collectedFen).toBeGreaterThan(0);

    const cancel = () =>
      consoleCall<CallAnswer<typeof showCancelCall>>(t.app, {
        url: '/api/console/shows/cancel',
        staffToken: tokens.manager,
        body: { showId: show.showId, reason: '放映设备故障' },
      });
    const answer = await cancel();
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({
      refundedOrders: 4,
      refundedSeats: 8,
      releasedOrders: 1,
      pendingWechatRefunds: 0,
      show: { isOnSale: false, cancelReason: '放映设备故障', ticketedOrders: 0 },
    });
    for (const { order, user } of buyers) {
      const money = await moneyOf(t, order.id);
      expect(money).toMatchObject({ status: 'refunded', collectedFen: 0 });
      const detail = await call<{ refunds: { reason: string; status: string }[] }>(t.app, {
        url: `/api/order/detail?orderId=${order.id}`,
        token: user.token,
      });
      expect(detail.body.data.refunds.length).toBeGreaterThan(0);
      for (const refund of detail.body.data.refunds) {
        expect(refund).toMatchObject({ reason: '影院取消场次：放映设备故障', status: 'succeeded' });
      }
    }
    const released = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', hold.id)
      .executeTakeFirstOrThrow();
    expect(released.status).toBe('cancelled');
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    expect((await audits('show.cancel')).map((row) => row.entity_id)).toContain(show.showId);
    expect(
      (await audits('order.refund')).filter((row) =>
        buyers.some((b) => b.order.id === row.entity_id),
      ),
    ).toHaveLength(4);

    // Run again (as after an interruption): nothing left to do, nothing written twice.
    const again = await cancel();
    expect(again.body.data).toMatchObject({ refundedOrders: 0, releasedOrders: 0 });
    expect(
      (await audits('show.cancel')).filter((row) => row.entity_id === show.showId),
    ).toHaveLength(1);
  });

  it('finishes an interrupted cancellation when called again', async () => {
    const show = (await create(tokens.manager, { startAt: at(freshDay(), '19:00') })).body.data;
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 50_000 });
    const order = await holdSeats(t, user.token, { showId: show.showId });
    await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    // As if the process stopped right after marking the show cancelled.
    await t.db
      .updateTable('shows')
      .set({ is_on_sale: false, cancelled_at: t.clock.now(), cancel_reason: '临时停电' })
      .where('id', '=', show.showId)
      .execute();
    const answer = await consoleCall<CallAnswer<typeof showCancelCall>>(t.app, {
      url: '/api/console/shows/cancel',
      staffToken: tokens.owner,
      body: { showId: show.showId, reason: '另一个原因' },
    });
    expect(answer.body.data).toMatchObject({ refundedOrders: 1, refundedSeats: 2 });
    expect(await moneyOf(t, order.id)).toMatchObject({ status: 'refunded', collectedFen: 0 });
    const refund = await t.db
      .selectFrom('payment_refunds')
      .select('reason')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(refund.reason).toBe('影院取消场次：临时停电');
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });

  it('refuses a manager the shows of a cinema they do not cover, and a show that ended', async () => {
    const day = freshDay();
    const other = await consoleCall<ScheduleShow>(t.app, {
      url: '/api/console/shows/create',
      staffToken: tokens.owner,
      body: {
        hallId: otherHall.id,
        filmId,
        startAt: at(day, '10:00'),
        language: '国语',
        format: '2D',
        prices: pricesOf(otherHall),
      },
    });
    expect(other.body.code).toBe(0);
    const asManager = (url: string, body: unknown) =>
      consoleCall(t.app, { url, staffToken: tokens.manager, body });
    const answers = [
      await asManager('/api/console/shows/offSale', { showId: other.body.data.showId }),
      await asManager('/api/console/shows/cancel', {
        showId: other.body.data.showId,
        reason: '设备故障',
      }),
      await asManager('/api/console/shows/copy', {
        cinemaId: site.otherCinemaId,
        fromDate: day,
        toDate: freshDay(),
        days: 1,
      }),
    ];
    expect(answers.map((a) => a.body.code)).toEqual([40301, 40301, 40301]);
    const row = await t.db
      .selectFrom('shows')
      .select(['is_on_sale', 'cancelled_at'])
      .where('id', '=', other.body.data.showId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_on_sale: true, cancelled_at: null });

    // A show of yesterday (written directly: the console only schedules ahead).
    const yesterday = addDays(today(), -1);
    const ended = await t.db
      .insertInto('shows')
      .values({
        site_id: site.siteId,
        cinema_id: site.firstCinemaId,
        hall_id: hall.id,
        film_id: filmId,
        start_at: at(yesterday, '03:00'),
        end_at: at(yesterday, '05:00'),
        show_date: yesterday,
        language: '国语',
        format: '2D',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const late = await asManager('/api/console/shows/cancel', {
      showId: ended.id,
      reason: '设备故障',
    });
    expect(late.body.code).toBe(42270);
  });

  it.runIf(kind === 'postgres')(
    'leaves no live hold behind when holds race a cancellation',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const show = (await create(tokens.owner, { startAt: at(freshDay(), '19:00') })).body.data;
        const users = [await newUser(t), await newUser(t)];
        const [cancelled] = await Promise.all([
          consoleCall<CallAnswer<typeof showCancelCall>>(t.app, {
            url: '/api/console/shows/cancel',
            staffToken: tokens.owner,
            body: { showId: show.showId, reason: '放映设备故障' },
          }),
          ...users.map((user) =>
            holdSeats(t, user.token, { showId: show.showId }).catch(() => null),
          ),
        ]);
        expect(cancelled.body.code).toBe(0);
        const live = await t.db
          .selectFrom('film_order_seats')
          .innerJoin('orders', 'orders.id', 'film_order_seats.order_id')
          .select('orders.status')
          .where('film_order_seats.show_id', '=', show.showId)
          .where('orders.status', 'in', ['pending_payment', 'ticketed'])
          .execute();
        expect(live).toEqual([]);
      }
    },
  );

  it.runIf(kind === 'postgres')('lets exactly one of two overlapping creates win', async () => {
    const day = freshDay();
    const before = await showCount();
    const answers = await Promise.all([
      create(tokens.owner, { startAt: at(day, '10:00') }),
      create(tokens.manager, { startAt: at(day, '10:30') }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 40930]);
    expect(await showCount()).toBe(before + 1);
  });
});
