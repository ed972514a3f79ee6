import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  CallAnswer,
  getCardListCall,
  OrderDetail,
  orderListCall,
  PaymentStatusAnswer,
} from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import {
  filmParam,
  holdSeats,
  orderRow,
  paymentsOf,
  payWithCards,
  payWithWechat,
  sandboxSheet,
  seatStates,
} from './payment-test-kit.js';

const PASSWORD = '258036';

describeOnEachDatabase('combined payments, refunds and the order pages', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function buyer(balanceFen: number, hoursAhead = 6) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen });
    const order = await holdSeats(t, user.token, { hoursAhead });
    return { user, card, order, amountFen: Math.round(order.total * 100) };
  }

  async function payCombined(token: string, orderId: string, cardId: string, wechatAmount: number) {
    return payWithCards(t, token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(orderId),
      cardIdList: [cardId],
      payDetailParam: { wechatAmount },
    });
  }

  const cardHistory = async (token: string) =>
    (
      await call<CallAnswer<typeof getCardListCall>>(t.app, {
        url: '/api/useCardRecord/getCardList?pageNum=1&pageSize=20',
        token,
      })
    ).body.data.list;

  const detailOf = async (token: string, orderId: string) =>
    (await call<OrderDetail>(t.app, { url: `/api/order/detail?orderId=${orderId}`, token })).body;

  it('holds the card part, then commits it when WeChat pays the rest', async () => {
    const { user, card, order, amountFen } = await buyer(1000);
    const wechatAmount = (amountFen - 1000) / 100;
    const { body } = await payCombined(user.token, order.id, card.id, wechatAmount);
    expect(body.data).toMatchObject({
      paymentStatus: 'pending',
      orderStatus: 'pending_payment',
      cardAmount: 10,
      wechatAmount,
    });
    expect(body.data.wechatPay?.amount).toBe(wechatAmount);
    expect(await balanceOf(t, card.id)).toBe(0);

    await sandboxSheet(t, body.data.wechatPay!, 'success');
    expect((await orderRow(t, order.id)).status).toBe('ticketed');
    expect((await paymentsOf(t, order.id)).map((p) => [p.method, p.status])).toEqual([
      ['card', 'succeeded'],
      ['wechat', 'succeeded'],
    ]);
    expect(await balanceOf(t, card.id)).toBe(0);
    const kinds = await t.db
      .selectFrom('card_ledger')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['hold', 'hold_commit']);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    // The card history reads the committed hold as a payment for the order, once.
    const history = await cardHistory(user.token);
    expect(history.filter((row) => row.orderId === order.id)).toEqual([
      expect.objectContaining({ kind: 'payment', amount: -10, orderNo: expect.any(String) }),
    ]);
    // The order's card payment names the card it charged.
    const detail = await detailOf(user.token, order.id);
    expect(detail.data.payments.map((payment) => [payment.method, payment.cards])).toEqual([
      ['card', [{ name: '测试卡', cardNoTail: card.cardNo.slice(-4) }]],
      ['wechat', []],
    ]);
  });

  it('releases the held card part when the WeChat part is cancelled', async () => {
    const { user, card, order, amountFen } = await buyer(1000);
    const { body } = await payCombined(user.token, order.id, card.id, (amountFen - 1000) / 100);
    const cancelled = await call<PaymentStatusAnswer>(t.app, {
      method: 'POST',
      url: '/api/payment/cancel',
      token: user.token,
      body: { paymentId: body.data.wechatPay!.paymentId },
    });
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      orderStatus: 'pending_payment',
    });
    expect(await balanceOf(t, card.id)).toBe(1000);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await seatStates(t, order.id)).toEqual(['held', 'held']);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    // A released hold stays a hold, given back.
    const history = await cardHistory(user.token);
    expect(
      history.filter((row) => row.orderId === order.id).map((row) => [row.kind, row.amount]),
    ).toEqual([
      ['hold_release', 10],
      ['hold', -10],
    ]);
  });

  it('releases the held card part when the WeChat part fails', async () => {
    const { user, card, order, amountFen } = await buyer(1000);
    const { body } = await payCombined(user.token, order.id, card.id, (amountFen - 1000) / 100);
    await sandboxSheet(t, body.data.wechatPay!, 'fail');
    t.clock.advance(5);
    const status = await call<PaymentStatusAnswer>(t.app, {
      url: `/api/payment/status?orderId=${order.id}`,
      token: user.token,
    });
    expect(status.body.data).toMatchObject({
      method: 'wechat',
      status: 'failed',
      orderStatus: 'pending_payment',
    });
    expect(await balanceOf(t, card.id)).toBe(1000);
  });

  it('refuses a split that leaves nothing to the cards', async () => {
    const { user, card, order, amountFen } = await buyer(100_000);
    const { status, body } = await payCombined(user.token, order.id, card.id, amountFen / 100);
    expect(status).toBe(400);
    expect(body.code).toBe(40001);
    expect(await balanceOf(t, card.id)).toBe(100_000);
  });

  it('refunds a card-paid ticket before the cutoff: cards credited, seats released', async () => {
    const { user, card, order } = await buyer(100_000);
    await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    const { body } = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      status: 'refunded',
      ticket: null,
      refund: { isAllowed: false },
    });
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ method: 'card', status: 'succeeded', isAutomatic: false }),
    ]);
    expect(await balanceOf(t, card.id)).toBe(100_000);
    expect(await seatStates(t, order.id)).toEqual(['released', 'released']);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    const twice = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(twice.body.code).toBe(42203);
  });

  it('refunds a WeChat-paid ticket through WeChat', async () => {
    const user = await newUser(t);
    const order = await holdSeats(t, user.token);
    const pay = await payWithWechat(t, user.token, order.id);
    await sandboxSheet(t, pay.body.data, 'success');
    const { body } = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(body.data.status).toBe('refunded');
    expect(body.data.payments[0]).toMatchObject({ method: 'wechat', status: 'refunded' });
    expect(body.data.refunds[0]).toMatchObject({ method: 'wechat', status: 'succeeded' });
  });

  it('refuses a refund after the cutoff and says until when it was allowed', async () => {
    const { user, card, order } = await buyer(100_000, 2);
    await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    const before = await detailOf(user.token, order.id);
    const allowedUntil = new Date(before.data.refund.allowedUntil!);
    expect(allowedUntil.getTime()).toBe(new Date(order.showInfo.startAt).getTime() - 60 * 60_000);
    const seconds = (allowedUntil.getTime() - t.clock.now().getTime()) / 1000 + 1;
    t.clock.advance(seconds);
    try {
      // The show may be days ahead, past the session's 24 hours: sign in again at the new time.
      const token = await signIn(t.app, user.openid);
      const { status, body } = await call(t.app, {
        method: 'POST',
        url: '/api/order/refund',
        token,
        body: { orderId: order.id },
      });
      expect(status).toBe(422);
      expect(body.code).toBe(42220);
      expect(body.msg).toMatch(/^已过退票截止时间 \d{2}-\d{2} \d{2}:\d{2}，不能退票$/);
      expect((await orderRow(t, order.id)).status).toBe('ticketed');
      expect((await detailOf(token, order.id)).data.refund).toEqual({
        isAllowed: false,
        allowedUntil: before.data.refund.allowedUntil,
      });
    } finally {
      t.clock.advance(-seconds);
    }
  });

  it('lists the user’s film orders newest first, page by page', async () => {
    const user = await newUser(t);
    const first = await holdSeats(t, user.token);
    t.clock.advance(1);
    const second = await holdSeats(t, user.token);
    const list = (pageNum: number) =>
      call<CallAnswer<typeof orderListCall>>(t.app, {
        url: `/api/order/list?kind=film&pageNum=${pageNum}&pageSize=1`,
        token: user.token,
      });
    const page1 = (await list(1)).body.data;
    const page2 = (await list(2)).body.data;
    expect(page1).toMatchObject({ total: 2, hasMore: true, pageNum: 1 });
    expect(page1.list[0]).toMatchObject({
      orderId: second.id,
      status: 'pending_payment',
      title: second.showInfo.filmTitle,
    });
    expect(page2.list.map((o) => o.orderId)).toEqual([first.id]);
    expect(page2.hasMore).toBe(false);
    const store = await call<CallAnswer<typeof orderListCall>>(t.app, {
      url: '/api/order/list?kind=store',
      token: user.token,
    });
    expect(store.body.data.list).toEqual([]);
    const stranger = await newUser(t);
    expect((await detailOf(stranger.token, first.id)).code).toBe(40401);
  });
});
