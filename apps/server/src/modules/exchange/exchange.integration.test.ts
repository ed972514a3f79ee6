import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { balanceOf, newUser } from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import { hold, seatMap, stateOf } from '../film-order/film-order-test-kit.js';
import {
  activeSeatsOf as activeSeats,
  detailOf as detailOfOrder,
  exchangeCall,
  labelsOf,
  sameSeats,
  ticketed as ticketedOrder,
  twinShow as twinShowOf,
} from './exchange-test-kit.js';
import { moneyOf } from '../payment/payment-test-kit.js';

describeOnEachDatabase('ticket exchange (改签)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const exchange = (token: string, body: Parameters<typeof exchangeCall>[2]) =>
    exchangeCall(t, token, body);
  const detailOf = (token: string, orderId: string) => detailOfOrder(t, token, orderId);
  const ticketed = (pay: 'card' | 'wechat', hoursAhead = 6, couponFen = 0) =>
    ticketedOrder(t, pay, hoursAhead, couponFen);
  const twinShow = (showId: string, options: { deltaFen?: number; filmId?: string } = {}) =>
    twinShowOf(t, showId, options);
  const activeSeatsOf = (orderId: string) => activeSeats(t, orderId);

  it('moves the seats to a show of the same price and issues a new ticket code', async () => {
    const { user, order, card } = await ticketed('card');
    const before = await detailOf(user.token, order.id);
    expect(before.exchange).toMatchObject({ isAllowed: true, history: [] });
    const balance = await balanceOf(t, card.id);
    const target = await twinShow(order.showInfo.showId);
    const labels = labelsOf(order);

    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
    });
    expect(body.code).toBe(0);
    expect(body.data.status).toBe('ticketed');
    expect(body.data.film?.showInfo.showId).toBe(target);
    expect(body.data.film?.seats.map((seat) => seat.label)).toEqual(labels);
    expect(body.data.ticket?.code).toMatch(/^\d{10}$/);
    expect(body.data.ticket?.code).not.toBe(before.ticket?.code);
    expect(body.data.exchange).toMatchObject({ isAllowed: false });
    expect(body.data.exchange?.history).toEqual([
      expect.objectContaining({
        fromSeats: before.film?.seats.map((seat) => seat.label),
        toSeats: labels,
        fromTicketCode: before.ticket?.code,
        toTicketCode: body.data.ticket?.code,
        refundAmount: 0,
      }),
    ]);
    expect(body.data.refunds).toEqual([]);
    expect(await balanceOf(t, card.id)).toBe(balance);

    const oldMap = await seatMap(t, order.showInfo.showId);
    for (const seat of order.seats) expect(stateOf(oldMap, seat.label)).toBe('available');
    const newMap = await seatMap(t, target);
    for (const label of labels) expect(stateOf(newMap, label)).toBe('sold');
    // The old code no longer finds the order at the door; the list shows the new show.
    const byOldCode = await t.db
      .selectFrom('orders')
      .select('id')
      .where('pickup_code', '=', before.ticket!.code)
      .execute();
    expect(byOldCode).toEqual([]);
    const events = await t.db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'reason'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toEqual({
      from_status: 'ticketed',
      to_status: 'ticketed',
      reason: 'ticket exchanged for another show',
    });
  });

  it('takes the new seats by label, as /show/layout names them, and refuses an unknown one', async () => {
    const { user, order } = await ticketed('card');
    const target = await twinShow(order.showInfo.showId);
    const labels = labelsOf(order);

    const both = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
      seatLabels: labels,
    });
    expect(both.status).toBe(400);
    const unknown = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatLabels: [...labels.slice(1), 'Z99'],
    });
    expect(unknown.body.data).toMatchObject({
      violations: expect.arrayContaining([expect.objectContaining({ code: 'UNKNOWN_SEAT' })]),
    });
    for (const label of labels) expect(stateOf(await seatMap(t, target), label)).toBe('available');

    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatLabels: labels,
    });
    expect(body.code).toBe(0);
    expect(body.data.film?.showInfo.showId).toBe(target);
    expect(body.data.film?.seats.map((seat) => seat.label)).toEqual(labels);
    const newMap = await seatMap(t, target);
    for (const label of labels) expect(stateOf(newMap, label)).toBe('sold');
  });

  it('refuses a second exchange of the same order', async () => {
    const { user, order } = await ticketed('card');
    const first = await twinShow(order.showInfo.showId);
    const second = await twinShow(order.showInfo.showId);
    const once = await exchange(user.token, {
      orderId: order.id,
      showId: first,
      seatIds: sameSeats(order),
    });
    expect(once.body.code).toBe(0);
    const code = once.body.data.ticket?.code;
    const again = await exchange(user.token, {
      orderId: order.id,
      showId: second,
      seatIds: sameSeats(order),
    });
    expect(again.body.code).toBe(42222);
    expect(again.status).toBe(422);
    const after = await detailOf(user.token, order.id);
    expect(after.ticket?.code).toBe(code);
    expect(after.film?.showInfo.showId).toBe(first);
    expect(stateOf(await seatMap(t, second), labelsOf(order)[0]!)).toBe('available');
  });

  it('refunds the difference of a cheaper exchange to the cards, and only the rest later', async () => {
    const { user, order, card, amountFen } = await ticketed('card');
    const balance = await balanceOf(t, card.id);
    const target = await twinShow(order.showInfo.showId, { deltaFen: -500 });
    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
    });
    expect(body.code).toBe(0);
    expect(body.data.amount * 100).toBeCloseTo(amountFen - 1000);
    expect(body.data.exchange?.history[0]?.refundAmount).toBe(10);
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ method: 'card', amount: 10, status: 'succeeded' }),
    ]);
    expect(await balanceOf(t, card.id)).toBe(balance + 1000);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);

    // Returning the exchanged ticket gives back what is left, not the whole first payment.
    const refund = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(refund.body.code).toBe(0);
    expect(await balanceOf(t, card.id)).toBe(balance + amountFen);
    expect((await moneyOf(t, order.id)).collectedFen).toBe(0);
  });

  it('refunds the difference of a cheaper exchange through WeChat Pay', async () => {
    const { user, order, amountFen } = await ticketed('wechat');
    const target = await twinShow(order.showInfo.showId, { deltaFen: -300 });
    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
    });
    expect(body.code).toBe(0);
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ method: 'wechat', amount: 6, status: 'succeeded' }),
    ]);
    expect(body.data.payments).toEqual([
      expect.objectContaining({ method: 'wechat', status: 'succeeded' }),
    ]);
    expect(await moneyOf(t, order.id)).toMatchObject({
      wechatFen: amountFen - 600,
      amountFen: amountFen - 600,
    });
  });

  it('refuses a show of another film, changing nothing', async () => {
    const { user, order } = await ticketed('card');
    const otherFilm = await t.db
      .selectFrom('films')
      .select('id')
      .where('id', '<>', order.showInfo.filmId)
      .executeTakeFirstOrThrow();
    const other = await twinShow(order.showInfo.showId, { filmId: otherFilm.id });
    const wrong = await exchange(user.token, {
      orderId: order.id,
      showId: other,
      seatIds: sameSeats(order),
    });
    expect(wrong.body.code).toBe(42223);
    const after = await detailOf(user.token, order.id);
    expect(after.film?.showInfo.showId).toBe(order.showInfo.showId);
    expect(after.exchange?.isAllowed).toBe(true);
    expect((await activeSeatsOf(order.id)).map((seat) => seat.state)).toEqual(['sold', 'sold']);
  });

  it('refuses an exchange past the cutoff before the show', async () => {
    const { user, order } = await ticketed('card', 2);
    const target = await twinShow(order.showInfo.showId);
    const start = new Date(order.showInfo.startAt).getTime();
    // 29 minutes before the show: the default cutoff (30) has passed. The show may be days ahead
    // (the kit takes the next free show), past the session's day: the user signs in again.
    const seconds = (start - t.clock.now().getTime()) / 1000 - 29 * 60;
    t.clock.advance(seconds);
    try {
      const token = await signIn(t.app, user.openid);
      const detail = await detailOf(token, order.id);
      expect(detail.exchange?.isAllowed).toBe(false);
      const { body } = await exchange(token, {
        orderId: order.id,
        showId: target,
        seatIds: sameSeats(order),
      });
      expect(body.code).toBe(42221);
      expect(body.msg).toContain('改签截止时间');
      expect((await detailOf(token, order.id)).exchange?.history).toEqual([]);
    } finally {
      t.clock.advance(-seconds);
    }
  });

  it('refuses seats someone else holds and keeps the old ticket', async () => {
    const { user, order } = await ticketed('card');
    const target = await twinShow(order.showInfo.showId);
    const other = await newUser(t);
    expect((await hold(t, other.token, target, labelsOf(order))).body.code).toBe(0);
    const before = await detailOf(user.token, order.id);
    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
    });
    expect(body.code).toBe(40902);
    const after = await detailOf(user.token, order.id);
    expect(after.ticket?.code).toBe(before.ticket?.code);
    expect(after.film?.showInfo.showId).toBe(order.showInfo.showId);
  });

  it('never leaves both or neither when an exchange races a hold on the same seats', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { user, order } = await ticketed('card');
      const target = await twinShow(order.showInfo.showId);
      const other = await newUser(t);
      const ids = sameSeats(order);
      const [exchanged, held] = await Promise.all([
        exchange(user.token, { orderId: order.id, showId: target, seatIds: ids }),
        call(t.app, {
          method: 'POST',
          url: '/api/filmOrder/create',
          token: other.token,
          body: { showId: target, seatIds: ids },
        }),
      ]);
      // Exactly one of the two got the seats.
      expect([exchanged.body.code, held.body.code].filter((code) => code === 0)).toHaveLength(1);
      const seats = await activeSeatsOf(order.id);
      expect(seats).toHaveLength(2);
      expect(new Set(seats.map((seat) => seat.show_id)).size).toBe(1);
      expect(seats.every((seat) => seat.state === 'sold')).toBe(true);
      const detail = await detailOf(user.token, order.id);
      if (exchanged.body.code === 0) {
        expect(seats[0]!.show_id).toBe(target);
        expect(detail.exchange?.history).toHaveLength(1);
        outcomes.push('exchanged');
      } else {
        expect(exchanged.body.code).toBe(40902);
        expect(seats[0]!.show_id).toBe(order.showInfo.showId);
        expect(detail.exchange?.history).toEqual([]);
        outcomes.push('held');
      }
      const targetMap = await seatMap(t, target);
      expect(stateOf(targetMap, labelsOf(order)[0]!)).not.toBe('available');
    }
    expect(outcomes).toHaveLength(4);
  });

  it('leaves an order exchanged away alone when staff cancel the show it left', async () => {
    const { user, order } = await ticketed('card');
    const target = await twinShow(order.showInfo.showId);
    const moved = await exchange(user.token, {
      orderId: order.id,
      showId: target,
      seatIds: sameSeats(order),
    });
    expect(moved.body.code).toBe(0);
    const owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    const cancel = await consoleCall(t.app, {
      url: '/api/console/shows/cancel',
      staffToken: owner,
      body: { showId: order.showInfo.showId, reason: '放映设备故障' },
    });
    expect(cancel.body.code).toBe(0);
    const after = await detailOf(user.token, order.id);
    expect(after.status).toBe('ticketed');
    expect(after.ticket?.code).toBe(moved.body.data.ticket?.code);
    expect(after.refunds).toEqual([]);
  });

  it('keeps a coupon with the order: the seats’ difference comes off what was paid', async () => {
    const { user, order, card, amountFen } = await ticketed('card', 6, 500);
    const seatsFen = Math.round(order.total * 100);
    expect(amountFen).toBe(seatsFen - 500);
    const balance = await balanceOf(t, card.id);
    // ¥2 a seat cheaper: ¥4 back, the coupon's ¥5 stays with the order.
    const cheaper = await twinShow(order.showInfo.showId, { deltaFen: -200 });
    const { body } = await exchange(user.token, {
      orderId: order.id,
      showId: cheaper,
      seatIds: sameSeats(order),
    });
    expect(body.code).toBe(0);
    expect(Math.round(body.data.amount * 100)).toBe(amountFen - 400);
    expect(body.data.exchange?.history[0]).toMatchObject({ refundAmount: 4 });
    expect(await balanceOf(t, card.id)).toBe(balance + 400);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });
});
