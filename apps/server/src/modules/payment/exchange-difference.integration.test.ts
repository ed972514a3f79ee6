import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { balanceOf, encryptPassword, newUser } from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { hold, seatMap, stateOf } from '../film-order/film-order-test-kit.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { salesByFilm } from '../reports/reports.repository.js';
import {
  EXCHANGE_PASSWORD,
  activeSeatsOf,
  deliverNotice,
  detailOf,
  exchangeCall,
  labelsOf,
  sameSeats,
  ticketed,
  twinShow,
} from './exchange-test-kit.js';
import {
  filmParam,
  moneyOf,
  orderRow,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from './payment-test-kit.js';

/**
 * Dearer exchanges (decision 031): the new seats are held by an exchange order costing the
 * difference, paid through the normal payment flow; only its payment moves the ticket.
 */
describeOnEachDatabase('ticket exchange to dearer seats (改签补差价)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A ticketed order and a pending dearer exchange of it, ¥5 a seat more (¥10 for two). */
  async function dearerPending(pay: 'card' | 'wechat') {
    const bought = await ticketed(t, pay);
    const target = await twinShow(t, bought.order.showInfo.showId, { deltaFen: 500 });
    const before = await detailOf(t, bought.user.token, bought.order.id);
    const { body } = await exchangeCall(t, bought.user.token, {
      orderId: bought.order.id,
      showId: target,
      seatIds: sameSeats(bought.order),
    });
    expect(body.code).toBe(0);
    const pending = body.data.exchange!.pending!;
    expect(pending).toMatchObject({ extraAmount: 10, toSeats: labelsOf(bought.order) });
    return { ...bought, target, before, exchangeOrderId: pending.orderId };
  }

  type Pending = Awaited<ReturnType<typeof dearerPending>>;

  function payDifferenceByCard(p: Pending) {
    return encryptPassword(t, EXCHANGE_PASSWORD).then((password) =>
      payWithCards(t, p.user.token, {
        password,
        param: filmParam(p.exchangeOrderId),
        cardIdList: [p.card.id],
      }),
    );
  }

  /** The original ticket is as it was: old show, old code, its seats sold, no exchange. */
  async function expectUnchanged(p: Pending) {
    const detail = await detailOf(t, p.user.token, p.order.id);
    expect(detail.status).toBe('ticketed');
    expect(detail.ticket?.code).toBe(p.before.ticket?.code);
    expect(detail.film?.showInfo.showId).toBe(p.order.showInfo.showId);
    expect(detail.exchange?.history).toEqual([]);
    const seats = await activeSeatsOf(t, p.order.id);
    expect(seats.map((seat) => [seat.show_id, seat.state])).toEqual([
      [p.order.showInfo.showId, 'sold'],
      [p.order.showInfo.showId, 'sold'],
    ]);
    return detail;
  }

  async function expectExchanged(p: Pending) {
    const detail = await detailOf(t, p.user.token, p.order.id);
    expect(detail.status).toBe('ticketed');
    expect(detail.film?.showInfo.showId).toBe(p.target);
    expect(detail.ticket?.code).not.toBe(p.before.ticket?.code);
    expect(detail.amount).toBeCloseTo(p.before.amount + 10);
    expect(detail.exchange?.pending).toBeNull();
    expect(detail.exchange?.history).toEqual([
      expect.objectContaining({ refundAmount: 0, extraAmount: 10, toSeats: labelsOf(p.order) }),
    ]);
    const seats = await activeSeatsOf(t, p.order.id);
    expect(seats.map((seat) => [seat.show_id, seat.state])).toEqual([
      [p.target, 'sold'],
      [p.target, 'sold'],
    ]);
    return detail;
  }

  const outboxKinds = async (orderId: string) =>
    (
      await t.db
        .selectFrom('notice_outbox')
        .select('kind')
        .where('order_id', '=', orderId)
        .execute()
    )
      .map((row) => row.kind)
      .sort();

  it('holds dearer seats, keeps the ticket until the difference is paid by card, then exchanges', async () => {
    const p = await dearerPending('card');
    await expectUnchanged(p);
    const map = await seatMap(t, p.target);
    for (const label of labelsOf(p.order)) expect(stateOf(map, label)).not.toBe('available');
    // The exchange order is not a page or a list line of its own.
    const own = await call(t.app, {
      url: `/api/order/detail?orderId=${p.exchangeOrderId}`,
      token: p.user.token,
    });
    expect(own.body.code).toBe(40401);
    const balance = await balanceOf(t, p.card.id);

    const paid = await payDifferenceByCard(p);
    expect(paid.body.code).toBe(0);
    expect(paid.body.data).toMatchObject({ orderStatus: 'paid', cardAmount: 10 });
    const detail = await expectExchanged(p);
    expect(await balanceOf(t, p.card.id)).toBe(balance - 1000);
    expect(detail.payments.filter((payment) => payment.status === 'succeeded')).toHaveLength(2);
    const oldMap = await seatMap(t, p.order.showInfo.showId);
    for (const label of labelsOf(p.order)) expect(stateOf(oldMap, label)).toBe('available');
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('paid');
    expect(await outboxKinds(p.order.id)).toEqual(['exchanged', 'paid']);
    const list = await call<{ list: { orderId: string }[] }>(t.app, {
      url: '/api/order/list?kind=film',
      token: p.user.token,
    });
    expect(list.body.data.list.map((line) => line.orderId)).toEqual([p.order.id]);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);

    // Returning the ticket gives back the whole of what was paid, first payment and difference.
    const refund = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: p.user.token,
      body: { orderId: p.order.id },
    });
    expect(refund.body.code).toBe(0);
    expect(await balanceOf(t, p.card.id)).toBe(balance + p.amountFen);
    expect((await moneyOf(t, p.order.id)).collectedFen).toBe(0);
    expect((await moneyOf(t, p.exchangeOrderId)).collectedFen).toBe(0);
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('refunded');
    expect(await outboxKinds(p.order.id)).toEqual(['exchanged', 'paid', 'refunded']);
    const newMap = await seatMap(t, p.target);
    for (const label of labelsOf(p.order)) expect(stateOf(newMap, label)).toBe('available');
  });

  it('pays the difference by WeChat Pay; notices twice and late exchange once', async () => {
    const p = await dearerPending('wechat');
    const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
    expect(body.code).toBe(0);
    await sandboxSheet(t, body.data, 'success', 2);
    const detail = await expectExchanged(p);
    expect((await deliverNotice(t, body.data)).statusCode).toBe(200);
    expect((await detailOf(t, p.user.token, p.order.id)).ticket?.code).toBe(detail.ticket?.code);
    expect(await moneyOf(t, p.exchangeOrderId)).toMatchObject({ wechatFen: 1000 });
    expect(await outboxKinds(p.order.id)).toEqual(['exchanged', 'paid']);

    // A full refund sends back both WeChat payments, each what it took.
    const refund = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: p.user.token,
      body: { orderId: p.order.id },
    });
    expect(refund.body.code).toBe(0);
    expect(refund.body.data.refunds.map((r) => [r.method, r.amount, r.status]).sort()).toEqual(
      [
        ['wechat', p.amountFen / 100, 'succeeded'],
        ['wechat', 10, 'succeeded'],
      ].sort(),
    );
    expect((await moneyOf(t, p.order.id)).collectedFen).toBe(0);
    expect((await moneyOf(t, p.exchangeOrderId)).collectedFen).toBe(0);
  });

  it('lets the seats go when the difference is not paid, and refunds money that comes late', async () => {
    const p = await dearerPending('wechat');
    const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
    await sandboxSheet(t, body.data, 'success', 0); // WeChat took it; its notice is lost for now
    const seconds = 16 * 60;
    t.clock.advance(seconds);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect((await orderRow(t, p.exchangeOrderId)).status).toBe('expired');
      const detail = await expectUnchanged(p);
      expect(detail.exchange).toMatchObject({ isAllowed: true, pending: null });
      const map = await seatMap(t, p.target);
      for (const label of labelsOf(p.order)) expect(stateOf(map, label)).toBe('available');
      // Someone else takes the seats; the notice that finally arrives is refunded.
      const other = await newUser(t);
      expect((await hold(t, other.token, p.target, labelsOf(p.order))).body.code).toBe(0);
      expect((await deliverNotice(t, body.data)).statusCode).toBe(200);
      await expectUnchanged(p);
      expect(await moneyOf(t, p.exchangeOrderId)).toMatchObject({ collectedFen: 0 });
    } finally {
      t.clock.advance(-seconds);
    }
  });

  it('refuses a second exchange while one waits, and allows one after it is cancelled', async () => {
    const p = await dearerPending('card');
    const other = await twinShow(t, p.order.showInfo.showId, { deltaFen: 300 });
    const again = await exchangeCall(t, p.user.token, {
      orderId: p.order.id,
      showId: other,
      seatIds: sameSeats(p.order),
    });
    expect(again.body.code).toBe(40990);
    const cancelled = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: p.user.token,
      body: { orderId: p.exchangeOrderId },
    });
    expect(cancelled.body.code).toBe(0);
    await expectUnchanged(p);
    const retry = await exchangeCall(t, p.user.token, {
      orderId: p.order.id,
      showId: other,
      seatIds: sameSeats(p.order),
    });
    expect(retry.body.code).toBe(0);
    expect(retry.body.data.exchange?.pending).toMatchObject({ extraAmount: 6 });
  });

  it('takes no difference once the original was refunded meanwhile', async () => {
    const p = await dearerPending('card');
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: p.user.token,
      body: { orderId: p.order.id },
    });
    expect(refund.body.code).toBe(0);
    const balance = await balanceOf(t, p.card.id);
    const byCard = await payDifferenceByCard(p);
    expect(byCard.body.code).toBe(42345);
    expect(await balanceOf(t, p.card.id)).toBe(balance);

    const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
    expect(body.code).toBe(0);
    await sandboxSheet(t, body.data, 'success', 2);
    expect(await moneyOf(t, p.exchangeOrderId)).toMatchObject({ collectedFen: 0 });
    expect((await orderRow(t, p.order.id)).status).toBe('refunded');
    expect(await activeSeatsOf(t, p.order.id)).toEqual([]);
  });

  it('counts in the sales report only the seats an exchanged then refunded order last had', async () => {
    const p = await dearerPending('card');
    expect((await payDifferenceByCard(p)).body.code).toBe(0);
    const cinemaId = (await orderRow(t, p.order.id)).cinema_id!;
    const now = t.clock.now().getTime();
    const filmLine = async () =>
      (
        await salesByFilm(t.db, {
          siteId: p.user.siteId,
          cinemaIds: [cinemaId],
          fromAt: new Date(now - 86_400_000),
          toAt: new Date(now + 86_400_000),
        })
      ).find((line) => line.filmId === p.order.showInfo.filmId)!;
    const before = await filmLine();
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: p.user.token,
      body: { orderId: p.order.id },
    });
    expect(refund.body.code).toBe(0);
    // Two old seats released by the exchange, two new ones released by the refund.
    const rows = await t.db
      .selectFrom('film_order_seats')
      .select('state')
      .where('order_id', '=', p.order.id)
      .execute();
    expect(rows.map((row) => row.state)).toEqual(['released', 'released', 'released', 'released']);
    const after = await filmLine();
    expect(after.refundedTickets - before.refundedTickets).toBe(2);
    expect(after.ticketCount).toBe(before.ticketCount);
    expect(after.refundFen - before.refundFen).toBe(p.amountFen + 1000);
  });
});
