import { expect } from 'vitest';
import type { Coupon, OrderCouponPrice, OrderDetail, WechatPay } from '@marquee/contracts';
import { call, type TestApp } from '../../test-support/test-app.js';
import {
  type TestUser,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { createCampaign } from '../coupons/index.js';
import { buildSandboxNotification } from '../payment/index.js';
import {
  filmParam,
  holdSeats,
  orderRow,
  payWithCards,
  payWithWechat,
  prepayIdOf,
  sandboxSheet,
} from '../payment/payment-test-kit.js';

/** Ticket exchange (改签) tests' scene: ticketed orders, twin shows, the exchange call. */

export const EXCHANGE_PASSWORD = '258036';
let dayOffset = 0;
let codeCursor = 0;

/** A ticketed order of two seats, paid by card or WeChat Pay, with a coupon of `couponFen` off. */
export async function ticketed(t: TestApp, pay: 'card' | 'wechat', hoursAhead = 6, couponFen = 0) {
  const user = await newUser(t);
  const order = await holdSeats(t, user.token, { hoursAhead });
  let amountFen = Math.round(order.total * 100);
  if (couponFen > 0) amountFen = await applyCoupon(t, user, order.id, couponFen);
  const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
  if (pay === 'card') {
    await setTestPayPassword(t, user.token, EXCHANGE_PASSWORD);
    const { body } = await payWithCards(t, user.token, {
      password: await encryptPassword(t, EXCHANGE_PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    expect(body.code).toBe(0);
  } else {
    const { body } = await payWithWechat(t, user.token, order.id);
    expect(body.code).toBe(0);
    await sandboxSheet(t, body.data, 'success');
  }
  expect((await orderRow(t, order.id)).status).toBe('ticketed');
  return { user, order, card, amountFen };
}

/** A campaign's coupon of `fen` off, redeemed and applied to the order: answers what it pays. */
async function applyCoupon(t: TestApp, user: TestUser, orderId: string, fen: number) {
  const now = t.clock.now().getTime();
  const code = `X${Date.now().toString(36).toUpperCase()}${(codeCursor += 1)}`;
  await createCampaign(t.db, {
    siteId: user.siteId,
    title: '改签测试券',
    promoCode: code,
    discountKind: 'amount',
    discountValue: fen,
    capFen: null,
    minSpendFen: 0,
    scope: 'tickets',
    filmIds: [],
    cinemaIds: [],
    validFrom: new Date(now - 86_400_000),
    validTo: new Date(Math.max(now, Date.now()) + 30 * 86_400_000),
    totalQuantity: 100,
    perUserLimit: 1,
  });
  const redeemed = await call<{ coupon: Coupon }>(t.app, {
    method: 'POST',
    url: '/api/coupon/redeem',
    token: user.token,
    body: { code },
  });
  const applied = await call<OrderCouponPrice>(t.app, {
    method: 'POST',
    url: '/api/coupon/apply',
    token: user.token,
    body: { orderId, couponId: redeemed.body.data.coupon.couponId },
  });
  expect(applied.body.code).toBe(0);
  return Math.round(applied.body.data.payAmount * 100);
}

/**
 * Another show of the same film in the same hall, days later (each call later still), its
 * member prices `deltaFen` off the original's (negative: cheaper), or of another film.
 */
export async function twinShow(
  t: TestApp,
  showId: string,
  options: { deltaFen?: number; filmId?: string } = {},
) {
  const show = await t.db
    .selectFrom('shows')
    .selectAll()
    .where('id', '=', showId)
    .executeTakeFirstOrThrow();
  dayOffset += 1;
  // Off the demo schedule's round times by a few seconds, so it never lands on a demo show of the
  // hall (\`shows_hall_start\`), and distinct for every call.
  const shift = (at: Date) =>
    new Date(at.getTime() + dayOffset * 86_400_000 + 3_600_000 + dayOffset * 60_000 + 7_000);
  const { id: _id, layout_id: _layout, ...columns } = show;
  const created = await t.db
    .insertInto('shows')
    .values({
      ...columns,
      film_id: options.filmId ?? show.film_id,
      start_at: shift(new Date(show.start_at)),
      end_at: shift(new Date(show.end_at)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prices = await t.db
    .selectFrom('show_prices')
    .selectAll()
    .where('show_id', '=', showId)
    .execute();
  await t.db
    .insertInto('show_prices')
    .values(
      prices.map((price) => ({
        ...price,
        show_id: created.id,
        discount_price_fen: price.discount_price_fen + (options.deltaFen ?? 0),
      })),
    )
    .execute();
  return created.id;
}

/** The order's seats by id: the twin show is in the same hall, so the same seats and prices. */
export const sameSeats = (order: { seats: { id: string }[] }) => order.seats.map((seat) => seat.id);
export const labelsOf = (order: { seats: { label: string }[] }) =>
  order.seats.map((seat) => seat.label);

export function exchangeCall(
  t: TestApp,
  token: string,
  body: { orderId: string; showId: string } & (
    { seatIds: string[] } | { seatLabels: string[] } | { seatIds: string[]; seatLabels: string[] }
  ),
) {
  return call<OrderDetail>(t.app, { method: 'POST', url: '/api/order/exchange', token, body });
}

export async function detailOf(t: TestApp, token: string, orderId: string) {
  const { body } = await call<OrderDetail>(t.app, {
    url: `/api/order/detail?orderId=${orderId}`,
    token,
  });
  // A refusal here is a fault of the test's setup, not the answer a test looks for: say which.
  if (body.code !== 0) throw new Error(`order detail answered ${body.code}: ${body.msg}`);
  return body.data;
}

export async function activeSeatsOf(t: TestApp, orderId: string) {
  return t.db
    .selectFrom('film_order_seats')
    .select(['show_id', 'seat_id', 'state'])
    .where('order_id', '=', orderId)
    .where('state', 'in', ['held', 'sold'])
    .execute();
}

/** WeChat's success notice of a sandbox transaction delivered (again) now, as WeChat would. */
export async function deliverNotice(t: TestApp, pay: Pick<WechatPay, 'packageValue'>) {
  const site = await t.db
    .selectFrom('sites')
    .selectAll()
    .where('code', '=', 'www-test')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .selectFrom('sandbox_pay_transactions')
    .selectAll()
    .where('prepay_id', '=', prepayIdOf(pay))
    .executeTakeFirstOrThrow();
  const notice = buildSandboxNotification(site, row, t.clock.now());
  return t.app.inject({
    method: 'POST',
    url: '/api/wxpay/notify/www-test',
    headers: notice.headers,
    payload: notice.body,
  });
}

/** A ticketed order (paid by `pay`) and a pending dearer exchange of it, ¥5 a seat more (¥10). */
export async function dearerPending(t: TestApp, pay: 'card' | 'wechat') {
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

export type PendingExchangeScene = Awaited<ReturnType<typeof dearerPending>>;

/** The buyer pays the waiting difference with the card they bought the ticket with. */
export async function payDifferenceByCard(t: TestApp, p: PendingExchangeScene) {
  return payWithCards(t, p.user.token, {
    password: await encryptPassword(t, EXCHANGE_PASSWORD),
    param: filmParam(p.exchangeOrderId),
    cardIdList: [p.card.id],
  });
}
