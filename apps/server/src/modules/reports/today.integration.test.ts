import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdvanceReport, SalesReport, Today } from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { TestClock } from '../../test-support/test-clock.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import {
  filmParam,
  holdSeats,
  orderRow,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from '../payment/payment-test-kit.js';
import { boxCall, newStaff, openShift } from '../box-office/box-office-test-kit.js';
import { consoleCall, DEMO_PASSWORDS, demoSite, staffToken } from '../staff/staff-test-kit.js';
import { newGoods } from '../store/store-test-kit.js';

const PASSWORD = '258036';
const COUNTER_FEN = 9000;

/**
 * Today at a glance, the sales split by channel and payment method, and advance sales, on known
 * sales: online film orders paid by card, by WeChat and by both, one for a show two days ahead,
 * and a counter sale written straight into the tables (channel `counter`, its cashier, no
 * payment row), as the box office records one. The clock stands at 07:00 tomorrow, before that
 * day's first show, so every show of "today" is still to come.
 */
describeOnEachDatabase('today at a glance and the sales split', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let today: string;
  const tokens = { owner: '', manager: '', cashier: '' };
  const made = {
    card: { fen: 0 },
    combined: { cardFen: 0, wechatFen: 0 },
    wechat: { fen: 0 },
    advance: { fen: 0, date: '' },
    firstShowId: '',
    otherShowId: '',
    lowVariantId: '',
    plentyVariantId: '',
  };

  beforeAll(async () => {
    const tomorrow = addDays(localDateOf(new Date()), 1);
    t = await createTestApp(kind, { clock: new TestClock(localInstant(tomorrow, 7 * 60)) });
    site = await demoSite(t.db);
    today = localDateOf(t.clock.now());
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    await makeSales();
  });
  afterAll(() => t?.close());

  async function buyer(): Promise<TestUser & { cardId: string }> {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    return { ...user, cardId: card.id };
  }

  const showOn = (cinemaId: string, date: string) =>
    t.db
      .selectFrom('shows')
      .select(['id', 'layout_id'])
      .where('cinema_id', '=', cinemaId)
      .where('show_date', '=', date)
      .where('cancelled_at', 'is', null)
      .orderBy('start_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();

  const payCards = async (user: TestUser & { cardId: string }, orderId: string, extra = {}) =>
    payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(orderId),
      cardIdList: [user.cardId],
      ...extra,
    });

  async function makeSales() {
    const firstShow = await showOn(site.firstCinemaId, today);
    const otherShow = await showOn(site.otherCinemaId, today);
    made.firstShowId = firstShow.id;
    made.otherShowId = otherShow.id;
    const user = await buyer();

    // By card: two seats of the first cinema's first show today.
    const byCard = await holdSeats(t, user.token, { count: 2, showId: firstShow.id });
    expect((await payCards(user, byCard.id)).body.code).toBe(0);
    made.card.fen = (await orderRow(t, byCard.id)).amount_fen;

    // Cards and WeChat together: one seat, 10 yuan on the card, the rest by WeChat.
    const combined = await holdSeats(t, user.token, { count: 1, showId: firstShow.id });
    const amountFen = (await orderRow(t, combined.id)).amount_fen;
    const answer = await payCards(user, combined.id, {
      payDetailParam: { wechatAmount: (amountFen - 1000) / 100 },
    });
    await sandboxSheet(t, answer.body.data.wechatPay!, 'success');
    expect((await orderRow(t, combined.id)).status).toBe('ticketed');
    made.combined = { cardFen: 1000, wechatFen: amountFen - 1000 };

    // By WeChat: one seat of the other cinema's first show today.
    const byWechat = await holdSeats(t, user.token, { count: 1, showId: otherShow.id });
    const pay = await payWithWechat(t, user.token, byWechat.id);
    await sandboxSheet(t, pay.body.data, 'success');
    expect((await orderRow(t, byWechat.id)).status).toBe('ticketed');
    made.wechat.fen = (await orderRow(t, byWechat.id)).amount_fen;

    // Sold today for a show two days ahead: an advance sale.
    made.advance.date = addDays(today, 2);
    const laterShow = await showOn(site.firstCinemaId, made.advance.date);
    const advance = await holdSeats(t, user.token, { count: 2, showId: laterShow.id });
    expect((await payCards(user, advance.id)).body.code).toBe(0);
    made.advance.fen = (await orderRow(t, advance.id)).amount_fen;

    await counterSale(user.userId, firstShow);

    const goods = await newGoods(t, {
      variants: [
        { priceFen: 800, stock: 3, value: '快卖完', reorderLevel: 10 },
        { priceFen: 800, stock: 500, value: '很多', reorderLevel: 10 },
      ],
    });
    made.lowVariantId = goods.variants[0]!.id;
    made.plentyVariantId = goods.variants[1]!.id;
  }

  /** A counter sale of two seats, as the box office writes one: sold by the demo cashier. */
  async function counterSale(userId: string, show: { id: string; layout_id: string }) {
    const cashier = await t.db
      .selectFrom('staff')
      .select('id')
      .where('site_id', '=', site.siteId)
      .where('username', '=', 'cashier')
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const order = await t.db
      .insertInto('orders')
      .values({
        site_id: site.siteId,
        user_id: userId,
        kind: 'film',
        order_no: `C${Date.now()}${Math.floor(Math.random() * 1000)}`,
        status: 'ticketed',
        cinema_id: site.firstCinemaId,
        amount_fen: COUNTER_FEN,
        pay_deadline_at: now,
        paid_at: now,
        channel: 'counter',
        sold_by_staff_id: cashier.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seats = await t.db
      .selectFrom('seats')
      .select('id')
      .where('layout_id', '=', show.layout_id)
      .where('kind', '=', 'normal')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('film_order_seats')
              .select('film_order_seats.id')
              .whereRef('film_order_seats.seat_id', '=', 'seats.id')
              .where('film_order_seats.show_id', '=', show.id),
          ),
        ),
      )
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    await t.db
      .insertInto('film_order_seats')
      .values(
        seats.map((seat) => ({
          order_id: order.id,
          show_id: show.id,
          seat_id: seat.id,
          price_fen: COUNTER_FEN / 2,
          discount_price_fen: COUNTER_FEN / 2,
          state: 'sold' as const,
          hold_expires_at: now,
        })),
      )
      .execute();
  }

  const glance = (token: string, cinemaId?: string) =>
    consoleCall<Today>(t.app, {
      url: `/api/console/today${cinemaId ? `?cinemaId=${cinemaId}` : ''}`,
      staffToken: token,
    });

  const onlineFen = () =>
    made.card.fen + made.combined.cardFen + made.combined.wechatFen + made.wechat.fen;

  it('shows the owner today’s sales by channel, the shows to come, advance sales and low stock', async () => {
    const { status, body } = await glance(tokens.owner);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.date).toBe(today);
    expect(data.sales.channels).toEqual([
      expect.objectContaining({
        channel: 'online',
        ticketCount: 6,
        ticketFen: onlineFen() + made.advance.fen,
        refundFen: 0,
      }),
      expect.objectContaining({
        channel: 'counter',
        ticketCount: 2,
        ticketFen: COUNTER_FEN,
        netFen: COUNTER_FEN,
      }),
    ]);
    expect(data.sales.ticketCount).toBe(8);
    expect(data.sales.netFen).toBe(onlineFen() + made.advance.fen + COUNTER_FEN);

    // Every show of today is still to come at 07:00; the counter's seats count as sold.
    const shows = new Map(data.upcoming.shows.map((show) => [show.showId, show]));
    expect(shows.get(made.firstShowId)?.seatsSold).toBe(5);
    expect(shows.get(made.otherShowId)?.seatsSold).toBe(1);
    expect(data.upcoming.seatsSold).toBe(6);
    const startTimes = data.upcoming.shows.map((show) => show.startAt);
    expect(startTimes).toEqual([...startTimes].sort());
    expect(data.upcoming.shows.every((show) => show.startAt > data.asOf)).toBe(true);

    expect(data.advance.map((day) => day.date)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((days) => addDays(today, days)),
    );
    const sold = data.advance.filter((day) => day.ticketCount > 0);
    expect(sold).toEqual([
      expect.objectContaining({
        date: made.advance.date,
        ticketCount: 2,
        ticketFen: made.advance.fen,
      }),
    ]);
    expect(data.advance[0]!.showCount).toBeGreaterThan(0);

    const low = data.lowStock.variants.map((variant) => variant.variantId);
    expect(low).toContain(made.lowVariantId);
    expect(low).not.toContain(made.plentyVariantId);
    expect(data.lowStock.variants.find((v) => v.variantId === made.lowVariantId)).toMatchObject({
      stock: 3,
      reorderLevel: 10,
      variantName: '快卖完',
    });
    // Stock is each cinema's (decision 050): the low variant is listed once per cinema shown.
    expect(low.filter((id) => id === made.lowVariantId)).toHaveLength(data.cinemas.length);
  });

  it('narrows to one cinema for the owner, and to their own for managers and cashiers', async () => {
    const other = (await glance(tokens.owner, site.otherCinemaId)).body.data;
    expect(other.cinemas.map((cinema) => cinema.id)).toEqual([site.otherCinemaId]);
    expect(other.sales.channels.map((channel) => channel.ticketFen)).toEqual([made.wechat.fen, 0]);
    expect(other.upcoming.shows.map((show) => show.showId)).not.toContain(made.firstShowId);

    const first = (await glance(tokens.owner, site.firstCinemaId)).body.data;
    for (const token of [tokens.manager, tokens.cashier]) {
      const own = (await glance(token)).body.data;
      expect(own.cinemas.map((cinema) => cinema.id)).toEqual([site.firstCinemaId]);
      expect(own.sales).toEqual(first.sales);
      expect(own.advance).toEqual(first.advance);
    }
    expect(first.sales.channels[1]).toMatchObject({ channel: 'counter', ticketCount: 2 });

    const refused = await glance(tokens.cashier, site.otherCinemaId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40301);
    const nobody = await consoleCall(t.app, { url: '/api/console/today' });
    expect(nobody.body.code).toBe(40101);
  });

  it('lists the shifts open now to owners and managers of their cinemas, not to cashiers', async () => {
    const first = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    const other = await newStaff(t, site.siteId, { cinemaIds: [site.otherCinemaId] });
    const closed = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    const firstShift = await openShift(t, first.token, 200);
    t.clock.advance(60);
    const otherShift = await openShift(t, other.token, 0);
    const closedShift = await openShift(t, closed.token, 0);
    const close = await boxCall(t, closed.token, '/shifts/close', {
      shiftId: closedShift.shiftId,
      countedCash: 0,
    });
    expect(close.body.code).toBe(0);

    const owners = (await glance(tokens.owner)).body.data.openShifts;
    expect(owners?.map((shift) => shift.shiftId)).toEqual([firstShift.shiftId, otherShift.shiftId]);
    expect(owners?.[0]).toEqual({
      shiftId: firstShift.shiftId,
      staffName: firstShift.staffName,
      cinemaName: firstShift.cinemaName,
      openedAt: firstShift.openedAt,
      businessDate: firstShift.businessDate,
    });
    const oneCinema = (await glance(tokens.owner, site.otherCinemaId)).body.data.openShifts;
    expect(oneCinema?.map((shift) => shift.shiftId)).toEqual([otherShift.shiftId]);
    const managers = (await glance(tokens.manager)).body.data.openShifts;
    expect(managers?.map((shift) => shift.shiftId)).toEqual([firstShift.shiftId]);
    expect((await glance(first.token)).body.data.openShifts).toBeNull();
    expect((await glance(tokens.cashier)).body.data.openShifts).toBeNull();
  });

  it('splits the sales report by channel and by payment method', async () => {
    const { body } = await consoleCall<SalesReport>(t.app, {
      url: `/api/console/reports/sales?from=${today}&to=${today}`,
      staffToken: tokens.owner,
    });
    const report = body.data;
    expect(report.channels.map((channel) => [channel.channel, channel.ticketFen])).toEqual([
      ['online', onlineFen() + made.advance.fen],
      ['counter', COUNTER_FEN],
    ]);
    expect(report.channels.reduce((total, channel) => total + channel.netFen, 0)).toBe(
      report.totals.netFen,
    );
    expect(report.paymentMethods).toEqual([
      {
        method: 'card',
        orderCount: 3,
        fen: made.card.fen + made.combined.cardFen + made.advance.fen,
        combinedFen: made.combined.cardFen,
      },
      {
        method: 'wechat',
        orderCount: 2,
        fen: made.combined.wechatFen + made.wechat.fen,
        combinedFen: made.combined.wechatFen,
      },
      { method: 'other', orderCount: 1, fen: COUNTER_FEN, combinedFen: 0 },
    ]);
    expect(report.combinedOrderCount).toBe(1);
    // A manager's report covers only their cinema: the WeChat-only order is the other's.
    const managers = await consoleCall<SalesReport>(t.app, {
      url: `/api/console/reports/sales?from=${today}&to=${today}`,
      staffToken: tokens.manager,
    });
    expect(managers.body.data.paymentMethods[1]).toMatchObject({
      method: 'wechat',
      orderCount: 1,
      fen: made.combined.wechatFen,
    });
  });

  it('reports advance sales per show date, as JSON and CSV', async () => {
    const to = addDays(today, 3);
    const { body } = await consoleCall<AdvanceReport>(t.app, {
      url: `/api/console/reports/advance?from=${today}&to=${to}&cinemaId=${site.firstCinemaId}`,
      staffToken: tokens.manager,
    });
    const report = body.data;
    expect(report.days.map((day) => day.date)).toEqual([0, 1, 2, 3].map((d) => addDays(today, d)));
    expect(report.days[0]!.ticketCount).toBe(5);
    expect(report.days[0]!.ticketFen).toBe(
      made.card.fen + made.combined.cardFen + made.combined.wechatFen + COUNTER_FEN,
    );
    expect(report.days[2]).toMatchObject({ ticketCount: 2, ticketFen: made.advance.fen });
    expect(report.totals.ticketCount).toBe(7);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/console/reports/advance.csv?from=${today}&to=${to}&cinemaId=${site.firstCinemaId}`,
      headers: { site: 'www-test', 'x-staff-token': tokens.owner },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF放映日期,场次,已售票数,已售票房(元),可售座位,上座率(%)');
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    expect(lines.find((line) => line.startsWith(made.advance.date))).toContain(
      `,2,${yuan(made.advance.fen)},`,
    );
  });
});
