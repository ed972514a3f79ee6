import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, Coupon, OrderCouponPrice, orderCouponsCall } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  orderRow,
  payWithCards,
  sandboxSheet,
} from '../payment/payment-test-kit.js';
import { createCampaign, type NewCampaign } from './index.js';

const PASSWORD = '258036';
let codeCursor = 0;

describeOnEachDatabase('coupons: promo codes, applying at payment, giving back', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A campaign of the user's site, valid around both the test clock and the database's now(). */
  async function campaign(user: TestUser, over: Partial<NewCampaign> = {}) {
    const now = t.clock.now().getTime();
    const code = `T${Date.now().toString(36).toUpperCase()}${(codeCursor += 1)}`;
    await createCampaign(t.db, {
      siteId: user.siteId,
      title: '立减10元',
      promoCode: code,
      discountKind: 'amount',
      discountValue: 1000,
      capFen: null,
      minSpendFen: 0,
      scope: 'tickets',
      filmIds: [],
      cinemaIds: [],
      validFrom: new Date(now - 86_400_000),
      validTo: new Date(Math.max(now, Date.now()) + 30 * 86_400_000),
      totalQuantity: 100,
      perUserLimit: 1,
      ...over,
    });
    return code;
  }

  const redeem = (token: string, code: string) =>
    call<{ coupon: Coupon }>(t.app, {
      method: 'POST',
      url: '/api/coupon/redeem',
      token,
      body: { code },
    });
  const apply = (token: string, orderId: string, couponId: string | null) =>
    call<OrderCouponPrice>(t.app, {
      method: 'POST',
      url: '/api/coupon/apply',
      token,
      body: { orderId, couponId },
    });
  const optionsFor = (token: string, orderId: string) =>
    call<CallAnswer<typeof orderCouponsCall>>(t.app, {
      url: `/api/coupon/forOrder?orderId=${orderId}`,
      token,
    });
  const list = async (token: string) =>
    (await call<{ list: Coupon[] }>(t.app, { url: '/api/coupon/list', token })).body.data.list;
  const couponRow = (couponId: string) =>
    t.db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirstOrThrow();

  async function payer(balanceFen = 100_000) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen });
    return { user, card };
  }
  async function payByCard(token: string, orderId: string, cardId: string, wechatAmount?: number) {
    return payWithCards(t, token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(orderId),
      cardIdList: [cardId],
      ...(wechatAmount === undefined ? {} : { payDetailParam: { wechatAmount } }),
    });
  }

  it('gives a coupon for a promo code typed in any case, once per user', async () => {
    const user = await newUser(t);
    const code = await campaign(user);
    const first = await redeem(user.token, ` ${code.toLowerCase()} `);
    expect(first.body.code).toBe(0);
    expect(first.body.data.coupon).toMatchObject({
      title: '立减10元',
      discountKind: 'amount',
      discountValue: 10,
      scope: 'tickets',
      state: 'usable',
    });
    const again = await redeem(user.token, code);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe(42261);
    expect(await list(user.token)).toHaveLength(1);
  });

  it('refuses an unknown or ended promo code and changes nothing', async () => {
    const user = await newUser(t);
    const unknown = await redeem(user.token, 'NO-SUCH-CODE');
    expect(unknown.body.code).toBe(42260);
    const ended = await campaign(user, {
      validFrom: new Date(t.clock.now().getTime() - 3 * 86_400_000),
      validTo: new Date(t.clock.now().getTime() - 86_400_000),
    });
    expect((await redeem(user.token, ended)).body.code).toBe(42260);
    expect(await list(user.token)).toEqual([]);
  });

  it('gives out no more than the total quantity when many redeem at once', async () => {
    const owner = await newUser(t);
    const code = await campaign(owner, { totalQuantity: 3 });
    const users = await Promise.all(Array.from({ length: 7 }, () => newUser(t)));
    const answers = await Promise.all(users.map((user) => redeem(user.token, code)));
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual([0, 0, 0, 42262, 42262, 42262, 42262]);
    const row = await t.db
      .selectFrom('coupon_campaigns')
      .select('issued_count')
      .where('promo_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.issued_count).toBe(3);
  });

  it('keeps to the per-user limit when one user redeems many times at once', async () => {
    const user = await newUser(t);
    const code = await campaign(user, { perUserLimit: 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(user.token, code)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(2);
    expect(await list(user.token)).toHaveLength(2);
  });

  it('offers the best coupon for an order and charges exactly the discounted price', async () => {
    const { user, card } = await payer();
    await redeem(user.token, await campaign(user, { discountValue: 500 }));
    const big = await redeem(
      user.token,
      await campaign(user, { discountKind: 'percent', discountValue: 50, capFen: 1200 }),
    );
    await redeem(user.token, await campaign(user, { scope: 'goods', discountValue: 5000 }));
    const order = await holdSeats(t, user.token);
    const totalFen = Math.round(order.total * 100);
    const options = (await optionsFor(user.token, order.id)).body.data;
    expect(options.bestCouponId).toBe(big.body.data.coupon.couponId);
    expect(options.options.find((o) => o.scope === 'goods')).toMatchObject({
      isUsable: false,
      reason: 'wrongKind',
    });
    const discountFen = Math.min(Math.floor(totalFen / 2), 1200);
    const applied = await apply(user.token, order.id, options.bestCouponId);
    expect(applied.body.data).toEqual({
      orderId: order.id,
      totalAmount: totalFen / 100,
      discountAmount: discountFen / 100,
      payAmount: (totalFen - discountFen) / 100,
      appliedCouponId: options.bestCouponId,
    });
    // Changing it re-prices from the price before any coupon.
    const none = await apply(user.token, order.id, null);
    expect(none.body.data.payAmount).toBe(totalFen / 100);
    await apply(user.token, order.id, options.bestCouponId);

    const paid = await payByCard(user.token, order.id, card.id);
    expect(paid.body.code).toBe(0);
    expect(paid.body.data.cardAmount).toBe((totalFen - discountFen) / 100);
    expect(await balanceOf(t, card.id)).toBe(100_000 - (totalFen - discountFen));
    expect(await couponRow(options.bestCouponId!)).toMatchObject({
      status: 'used',
      order_id: order.id,
    });
    const mine = await list(user.token);
    expect(mine.find((c) => c.couponId === options.bestCouponId)?.state).toBe('used');
    // A paid order's price no longer changes.
    expect((await apply(user.token, order.id, null)).body.code).not.toBe(0);
  });

  it('lets one coupon onto one order only when two orders take it at once', async () => {
    const { user, card } = await payer();
    const { coupon } = (await redeem(user.token, await campaign(user))).body.data;
    const a = await holdSeats(t, user.token, { count: 1 });
    const b = await holdSeats(t, user.token, { count: 1 });
    const answers = await Promise.all([
      apply(user.token, a.id, coupon.couponId),
      apply(user.token, b.id, coupon.couponId),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 40970]);
    const winner = answers[0].body.code === 0 ? a : b;
    const loser = winner === a ? b : a;
    const [payWinner, payLoser] = await Promise.all([
      payByCard(user.token, winner.id, card.id),
      payByCard(user.token, loser.id, card.id),
    ]);
    expect(payWinner.body.code).toBe(0);
    expect(payLoser.body.code).toBe(0);
    expect((await orderRow(t, winner.id)).discount_fen).toBe(1000);
    expect((await orderRow(t, loser.id)).discount_fen).toBe(0);
    expect((await moneyOf(t, loser.id)).collectedFen).toBe(Math.round(loser.total * 100));
    const used = await t.db
      .selectFrom('coupons')
      .select('order_id')
      .where('id', '=', coupon.couponId)
      .where('status', '=', 'used')
      .execute();
    expect(used).toEqual([{ order_id: winner.id }]);
  });

  it('gives the coupon back when the unpaid order is cancelled', async () => {
    const user = await newUser(t);
    const { coupon } = (await redeem(user.token, await campaign(user))).body.data;
    const order = await holdSeats(t, user.token);
    await apply(user.token, order.id, coupon.couponId);
    expect((await couponRow(coupon.couponId)).status).toBe('held');
    const cancel = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(cancel.body.code).toBe(0);
    expect(await couponRow(coupon.couponId)).toMatchObject({ status: 'unused', order_id: null });
    expect((await list(user.token))[0]?.state).toBe('usable');
  });

  it('refunds card and WeChat parts of a discounted order, never more than was paid', async () => {
    const { user, card } = await payer(1000);
    const { coupon } = (await redeem(user.token, await campaign(user, { discountValue: 300 }))).body
      .data;
    const order = await holdSeats(t, user.token);
    const price = (await apply(user.token, order.id, coupon.couponId)).body.data;
    const payFen = Math.round(price.payAmount * 100);
    const paid = await payByCard(user.token, order.id, card.id, (payFen - 1000) / 100);
    await sandboxSheet(t, paid.body.data.wechatPay!, 'success');
    expect(await moneyOf(t, order.id)).toMatchObject({
      cardFen: 1000,
      wechatFen: payFen - 1000,
      collectedFen: payFen,
    });
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(refund.body.code).toBe(0);
    const refunds = await t.db
      .selectFrom('payment_refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['p.method', 'r.amount_fen'])
      .where('r.order_id', '=', order.id)
      .orderBy('p.method')
      .execute();
    expect(refunds).toEqual([
      { method: 'card', amount_fen: 1000 },
      { method: 'wechat', amount_fen: payFen - 1000 },
    ]);
    expect(await moneyOf(t, order.id)).toMatchObject({ cardFen: 0, wechatFen: 0, collectedFen: 0 });
    expect(await balanceOf(t, card.id)).toBe(1000);
    expect(await couponRow(coupon.couponId)).toMatchObject({ status: 'unused', order_id: null });
  });

  // Last: from here on, new users of this database get this campaign's coupon.
  it('gives each new user one coupon of a new-user campaign while its quantity lasts', async () => {
    const owner = await newUser(t);
    await campaign(owner, { promoCode: null, isForNewUsers: true, totalQuantity: 1 });
    const first = await newUser(t);
    const second = await newUser(t);
    expect((await list(first.token)).map((c) => c.state)).toEqual(['usable']);
    expect(await list(second.token)).toEqual([]);
    expect(await list(owner.token)).toEqual([]);
  });
});
