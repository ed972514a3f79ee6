import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import type { SalesReport } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { balanceOf, newUser } from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { hold, seatMap, stateOf } from '../film-order/film-order-test-kit.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import {
  activeSeatsOf,
  dearerPending as dearerExchange,
  deliverNotice,
  detailOf,
  exchangeCall,
  labelsOf,
  payDifferenceByCard as payByCard,
  sameSeats,
  ticketed,
  twinShow,
  type PendingExchangeScene,
} from './exchange-test-kit.js';
import { moneyOf, orderRow, payWithWechat, sandboxSheet } from '../payment/payment-test-kit.js';

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

  const dearerPending = (pay: 'card' | 'wechat') => dearerExchange(t, pay);
  type Pending = PendingExchangeScene;
  const payDifferenceByCard = (p: Pending) => payByCard(t, p);

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
    // Nor does it take a coupon: the order's coupon stays with the order.
    const coupon = await call(t.app, {
      method: 'POST',
      url: '/api/coupon/apply',
      token: p.user.token,
      body: { orderId: p.exchangeOrderId, couponId: p.exchangeOrderId },
    });
    expect(coupon.body.code).toBe(40401);
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
    const notice = await t.db
      .selectFrom('notice_outbox')
      .select('payload')
      .where('order_id', '=', p.order.id)
      .where('kind', '=', 'exchanged')
      .executeTakeFirstOrThrow();
    expect(notice.payload).toMatchObject({
      code: detail.ticket?.code,
      seats: labelsOf(p.order).join(' '),
      startAt: detail.film?.showInfo.startAt,
    });
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

  it('refuses the buyer’s refund while a dearer exchange waits, and refunds once it is cancelled', async () => {
    const p = await dearerPending('card');
    const refund = () =>
      call<OrderDetail>(t.app, {
        method: 'POST',
        url: '/api/order/refund',
        token: p.user.token,
        body: { orderId: p.order.id },
      });
    // The detail says so: no refund while the exchange waits (the page offers it instead).
    expect((await detailOf(t, p.user.token, p.order.id)).refund.isAllowed).toBe(false);
    const refused = await refund();
    expect(refused.body.code).toBe(40990);
    expect(refused.body.msg).toContain('改签正在等待补差价');
    await expectUnchanged(p);
    expect((await orderRow(t, p.exchangeOrderId)).status).toBe('pending_payment');

    const cancelled = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: p.user.token,
      body: { orderId: p.exchangeOrderId },
    });
    expect(cancelled.body.code).toBe(0);
    expect((await detailOf(t, p.user.token, p.order.id)).refund.isAllowed).toBe(true);
    const done = await refund();
    expect(done.body.code).toBe(0);
    expect(done.body.data.status).toBe('refunded');
    expect(await activeSeatsOf(t, p.order.id)).toEqual([]);
    for (const label of labelsOf(p.order)) {
      expect(stateOf(await seatMap(t, p.target), label)).toBe('available');
    }
  });

  it('counts in the sales report only the seats an exchanged then refunded order last had', async () => {
    const p = await dearerPending('card');
    expect((await payDifferenceByCard(p)).body.code).toBe(0);
    const owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    // The console's sales report of today (China time), this film's line.
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const filmLine = async () =>
      (
        await consoleCall<SalesReport>(t.app, {
          url: `/api/console/reports/sales?from=${today}&to=${today}`,
          staffToken: owner,
        })
      ).body.data.films.find((line) => line.filmId === p.order.showInfo.filmId)!;
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

  /**
   * Neither both nor neither: the original holds exactly its two seats, sold, of one show, and
   * the money kept matches what happened (the difference kept only when the ticket moved).
   */
  async function expectOneTicket(p: Pending): Promise<'exchanged' | 'kept'> {
    const seats = await activeSeatsOf(t, p.order.id);
    expect(seats).toHaveLength(2);
    expect(seats.every((seat) => seat.state === 'sold')).toBe(true);
    expect(new Set(seats.map((seat) => seat.show_id)).size).toBe(1);
    const isExchanged = seats[0]!.show_id === p.target;
    if (isExchanged) await expectExchanged(p);
    else await expectUnchanged(p);
    expect((await moneyOf(t, p.exchangeOrderId)).collectedFen).toBe(isExchanged ? 1000 : 0);
    expect(await activeSeatsOf(t, p.exchangeOrderId)).toEqual([]);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    return isExchanged ? 'exchanged' : 'kept';
  }

  const cancelExchange = (p: Pending) =>
    call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: p.user.token,
      body: { orderId: p.exchangeOrderId },
    });

  it.runIf(kind === 'postgres')(
    'a late WeChat notice racing the sweep and a cancel moves the ticket or refunds, never half',
    async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const p = await dearerPending('wechat');
        const { body } = await payWithWechat(t, p.user.token, p.exchangeOrderId);
        await sandboxSheet(t, body.data, 'success', 0);
        // Rounds 0 and 1: past the deadline (the sweep may expire it); 2 and 3: while it runs.
        const seconds = round < 2 ? 16 * 60 : 0;
        t.clock.advance(seconds);
        try {
          const other = await newUser(t);
          const [notice] = await Promise.all([
            deliverNotice(t, body.data),
            sweepExpiredOrders({ db: t.db, clock: t.clock }),
            cancelExchange(p),
            hold(t, other.token, p.target, labelsOf(p.order)),
          ]);
          expect(notice.statusCode).toBe(200);
          // Replayed once everything settled: changes nothing.
          expect((await deliverNotice(t, body.data)).statusCode).toBe(200);
          outcomes.push(await expectOneTicket(p));
        } finally {
          t.clock.advance(-seconds);
        }
      }
      expect(outcomes).toHaveLength(4);
    },
  );

  it.runIf(kind === 'postgres')(
    'two dearer exchanges of one order at once: one waits for payment, the other is refused',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const { user, order } = await ticketed(t, 'card');
        const first = await twinShow(t, order.showInfo.showId, { deltaFen: 500 });
        const second = await twinShow(t, order.showInfo.showId, { deltaFen: 200 });
        const answers = await Promise.all(
          [first, second].map((showId) =>
            exchangeCall(t, user.token, { orderId: order.id, showId, seatIds: sameSeats(order) }),
          ),
        );
        expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 40990]);
        const waiting = await t.db
          .selectFrom('orders')
          .select(['id', 'status'])
          .where('exchange_of', '=', order.id)
          .execute();
        expect(waiting).toEqual([{ id: expect.any(String), status: 'pending_payment' }]);
        expect(await activeSeatsOf(t, waiting[0]!.id)).toHaveLength(2);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'a dearer exchange racing a hold on the same seats: exactly one gets them',
    async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const { user, order } = await ticketed(t, 'card');
        const target = await twinShow(t, order.showInfo.showId, { deltaFen: 500 });
        const other = await newUser(t);
        const [exchanged, held] = await Promise.all([
          exchangeCall(t, user.token, {
            orderId: order.id,
            showId: target,
            seatIds: sameSeats(order),
          }),
          hold(t, other.token, target, labelsOf(order)),
        ]);
        expect([exchanged.body.code, held.body.code].filter((code) => code === 0)).toHaveLength(1);
        const waiting = await t.db
          .selectFrom('orders')
          .select('id')
          .where('exchange_of', '=', order.id)
          .where('status', '=', 'pending_payment')
          .execute();
        expect(waiting).toHaveLength(exchanged.body.code === 0 ? 1 : 0);
        if (exchanged.body.code !== 0) expect(exchanged.body.code).toBe(40902);
        outcomes.push(exchanged.body.code === 0 ? 'exchange' : 'hold');
        const seats = await activeSeatsOf(t, order.id);
        expect(seats.map((seat) => seat.show_id)).toEqual([
          order.showInfo.showId,
          order.showInfo.showId,
        ]);
      }
      expect(outcomes).toHaveLength(4);
    },
  );
});
