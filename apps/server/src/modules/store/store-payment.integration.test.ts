import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, OrderDetail, orderListCall, WechatPay } from '@marquee/contracts';
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
import { rebuildBalanceCheck } from '../cards/index.js';
import { buildSandboxNotification } from '../payment/index.js';
import {
  holdSeats,
  newKey,
  orderRow,
  paymentsOf,
  payWithCards,
  prepayIdOf,
  sandboxSheet,
} from '../payment/payment-test-kit.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { lineStates, newGoods, orderGoods, PHONE, stockOf, storeParam } from './store-test-kit.js';

const PASSWORD = '258036';

describeOnEachDatabase('paying, refunding and reading store orders', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A user with a pay password, a card of these types, and an unpaid order of 2 × ¥12 + 1 × ¥25. */
  async function buyer(types = ['goods'], balanceFen = 10_000) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types, balanceFen });
    const goods = await newGoods(t, {
      variants: [
        { priceFen: 1200, stock: 10, value: '中杯' },
        { priceFen: 2500, stock: 5, value: '中桶' },
      ],
    });
    const drink = goods.variants[0]!;
    const popcorn = goods.variants[1]!;
    const order = await orderGoods(t, user.token, [
      { variantId: drink.id, quantity: 2 },
      { variantId: popcorn.id, quantity: 1 },
    ]);
    return { user, card, goods, drink, popcorn, order };
  }

  async function payByCard(
    user: TestUser,
    orderId: string,
    cardIds: string[],
    extra: Record<string, unknown> = { phone: PHONE },
  ) {
    return payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: storeParam(orderId),
      cardIdList: cardIds,
      ...extra,
    });
  }

  const payByWechat = (
    token: string,
    orderId: string,
    extra: Record<string, unknown> = { phone: PHONE },
  ) =>
    call<WechatPay>(t.app, {
      method: 'POST',
      url: '/api/wxpay/wechatPay',
      token,
      body: { param: storeParam(orderId), ...extra },
      headers: { 'idempotency-key': newKey() },
    });

  const detailOf = async (token: string, orderId: string) =>
    (await call<OrderDetail>(t.app, { url: `/api/order/detail?orderId=${orderId}`, token })).body;

  const refund = (token: string, orderId: string) =>
    call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token,
      body: { orderId },
    });

  async function siteRow() {
    return t.db
      .selectFrom('sites')
      .selectAll()
      .where('code', '=', 'www-test')
      .executeTakeFirstOrThrow();
  }

  it('pays by a goods card: ready with a pickup code and QR, stock stays taken', async () => {
    const { user, card, drink, popcorn, order } = await buyer();
    const { status, body } = await payByCard(user, order.orderId, [card.id], {
      phone: '13700001111',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      orderId: order.orderId,
      orderStatus: 'ready',
      paymentStatus: 'succeeded',
      cardAmount: 49,
      wechatAmount: 0,
    });
    expect(await balanceOf(t, card.id)).toBe(10_000 - 4900);
    const row = await orderRow(t, order.orderId);
    expect(row).toMatchObject({ status: 'ready', phone: '13700001111' });
    expect(row.pickup_code).toMatch(/^\d{8}$/);
    expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([8, 4]);
    expect(await lineStates(t, order.orderId)).toEqual(['sold', 'sold']);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);

    const detail = await detailOf(user.token, order.orderId);
    expect(detail.data).toMatchObject({
      status: 'ready',
      ticket: null,
      film: null,
      pickup: {
        code: row.pickup_code,
        qrContent: `MARQUEE:PICKUP:www-test:${row.order_no}:${row.pickup_code}`,
      },
      refund: { isAllowed: true, allowedUntil: null },
    });
    expect(
      detail.data.store?.items.map((item) => [item.goodsInfoName, item.quantity, item.amount]),
    ).toEqual([
      ['中杯', 2, 24],
      ['中桶', 1, 25],
    ]);
    // The sweep leaves a paid order alone, even long after its deadline.
    t.clock.advance(60 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
    } finally {
      t.clock.advance(-60 * 60);
    }
    expect((await orderRow(t, order.orderId)).status).toBe('ready');
    expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([8, 4]);
  });

  it('pays by a general card too', async () => {
    const { user, card, order } = await buyer(['general']);
    const { body } = await payByCard(user, order.orderId, [card.id]);
    expect(body.data.orderStatus).toBe('ready');
  });

  it('refuses a film-only card with CARD_NOT_USABLE and changes nothing', async () => {
    const { user, card, drink, order } = await buyer(['film']);
    const { status, body } = await payByCard(user, order.orderId, [card.id]);
    expect(status).toBe(422);
    expect(body.code).toBe(42205);
    expect(await balanceOf(t, card.id)).toBe(10_000);
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'pending_payment',
      pickup_code: null,
    });
    expect(await stockOf(t, drink.id)).toBe(8);
    expect(await lineStates(t, order.orderId)).toEqual(['reserved', 'reserved']);
    expect(await paymentsOf(t, order.orderId)).toEqual([]);
  });

  it('refuses a missing or invalid phone on both paying calls before anything is spent', async () => {
    const { user, card, order } = await buyer();
    for (const extra of [{}, { phone: '' }, { phone: '12345' }, { phone: '10012345678' }]) {
      const byCard = await payByCard(user, order.orderId, [card.id], extra);
      expect(byCard.body.code, JSON.stringify(extra)).toBe(40001);
      expect(byCard.body.data).toMatchObject({ fields: ['body.phone'] });
      const byWechat = await payByWechat(user.token, order.orderId, extra);
      expect(byWechat.body.code).toBe(40001);
      expect(byWechat.body.data).toMatchObject({ fields: ['body.phone'] });
    }
    const missing = await payByCard(user, order.orderId, [card.id], {});
    expect(missing.body.msg).toBe('请填写正确的 11 位手机号，取货时柜台可能需要联系您');
    expect(await balanceOf(t, card.id)).toBe(10_000);
    expect(await paymentsOf(t, order.orderId)).toEqual([]);
    const tries = await t.db
      .selectFrom('users')
      .select('pay_password_failures')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(tries.pay_password_failures).toBe(0);
    // A film order still pays without a phone.
    const film = await holdSeats(t, user.token, { count: 1 });
    const filmPay = await call(t.app, {
      method: 'POST',
      url: '/api/wxpay/wechatPay',
      token: user.token,
      body: { param: { orderType: 'FILM_ORDER', orderId: film.id } },
      headers: { 'idempotency-key': newKey() },
    });
    expect(filmPay.body.code).toBe(0);
  });

  it('does not pay a store order named as a film order, nor the reverse', async () => {
    const { user, card, order } = await buyer(['general']);
    const asFilm = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: { orderType: 'FILM_ORDER', orderId: order.orderId },
      cardIdList: [card.id],
    });
    expect(asFilm.body.code).toBe(40401);
    const film = await holdSeats(t, user.token, { count: 1 });
    const asStore = await payByWechat(user.token, film.id);
    expect(asStore.body.code).toBe(40401);
  });

  it('refuses to pay an expired store order, saying its items were released', async () => {
    const { user, card, drink, order } = await buyer();
    t.clock.advance(16 * 60);
    try {
      const { body } = await payByCard(user, order.orderId, [card.id]);
      expect(body.code).toBe(42202);
      expect(body.msg).toBe('订单已超时，商品已释放，请重新下单');
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect((await payByCard(user, order.orderId, [card.id])).body.code).toBe(42202);
    } finally {
      t.clock.advance(-16 * 60);
    }
    expect(await balanceOf(t, card.id)).toBe(10_000);
    expect(await stockOf(t, drink.id)).toBe(10);
  });

  it('pays by WeChat Pay (sandbox): the notice makes it ready with a pickup code', async () => {
    const { user, drink, order } = await buyer();
    const pay = await payByWechat(user.token, order.orderId);
    expect(pay.body.code).toBe(0);
    expect(pay.body.data).toMatchObject({
      orderId: order.orderId,
      amount: 49,
      expiresAt: order.payDeadlineAt,
    });
    const sheet = await sandboxSheet(t, pay.body.data, 'success', 2);
    expect(sheet.body.data.deliveries).toEqual([200, 200]);
    const row = await orderRow(t, order.orderId);
    expect(row.status).toBe('ready');
    expect(row.pickup_code).toMatch(/^\d{8}$/);
    expect(await stockOf(t, drink.id)).toBe(8);
    const status = await call(t.app, {
      url: `/api/payment/status?paymentId=${pay.body.data.paymentId}`,
      token: user.token,
    });
    expect(status.body.data).toMatchObject({
      status: 'succeeded',
      orderStatus: 'ready',
      isSettled: true,
    });
    expect((await detailOf(user.token, order.orderId)).data.pickup?.code).toBe(row.pickup_code);
  });

  it('pays by cards and WeChat together (goods card first, the rest by WeChat)', async () => {
    const { user, card, order } = await buyer(['goods'], 1000);
    const { body } = await payByCard(user, order.orderId, [card.id], {
      phone: PHONE,
      payDetailParam: { wechatAmount: 39 },
    });
    expect(body.data).toMatchObject({
      orderStatus: 'pending_payment',
      cardAmount: 10,
      wechatAmount: 39,
    });
    await sandboxSheet(t, body.data.wechatPay!, 'success', 1);
    expect((await orderRow(t, order.orderId)).status).toBe('ready');
    expect(await balanceOf(t, card.id)).toBe(0);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });

  it('refunds WeChat money that arrives after the order expired; stock comes back once', async () => {
    const { user, drink, popcorn, order } = await buyer();
    const pay = await payByWechat(user.token, order.orderId);
    await sandboxSheet(t, pay.body.data, 'success', 0);
    t.clock.advance(16 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect((await orderRow(t, order.orderId)).status).toBe('expired');
      expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([10, 5]);
      const transaction = await t.db
        .selectFrom('sandbox_pay_transactions')
        .selectAll()
        .where('prepay_id', '=', prepayIdOf(pay.body.data))
        .executeTakeFirstOrThrow();
      const notice = buildSandboxNotification(await siteRow(), transaction, t.clock.now());
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/wxpay/notify/www-test',
        headers: notice.headers,
        payload: notice.body,
      });
      expect(late.statusCode).toBe(200);
      expect((await paymentsOf(t, order.orderId))[0]).toMatchObject({
        status: 'refunded',
        is_auto_refunded: true,
      });
      expect((await orderRow(t, order.orderId)).status).toBe('expired');
      expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([10, 5]);
      const detail = await detailOf(user.token, order.orderId);
      expect(detail.data.refunds).toEqual([
        expect.objectContaining({ isAutomatic: true, status: 'succeeded', amount: 49 }),
      ]);
      expect(detail.data.pickup).toBeNull();
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('expires the order and returns its stock when late money arrives before the sweep', async () => {
    const { user, drink, order } = await buyer();
    const pay = await payByWechat(user.token, order.orderId);
    await sandboxSheet(t, pay.body.data, 'success', 0);
    t.clock.advance(16 * 60);
    try {
      const transaction = await t.db
        .selectFrom('sandbox_pay_transactions')
        .selectAll()
        .where('prepay_id', '=', prepayIdOf(pay.body.data))
        .executeTakeFirstOrThrow();
      // WeChat says it was paid after the deadline.
      const notice = buildSandboxNotification(
        await siteRow(),
        { ...transaction, success_at: t.clock.now() },
        t.clock.now(),
      );
      await t.app.inject({
        method: 'POST',
        url: '/api/wxpay/notify/www-test',
        headers: notice.headers,
        payload: notice.body,
      });
      expect((await orderRow(t, order.orderId)).status).toBe('expired');
      expect(await stockOf(t, drink.id)).toBe(10);
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      expect(await stockOf(t, drink.id)).toBe(10);
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('refunds a ready order paid by card: money back, stock back, then refuses a second time', async () => {
    const { user, card, drink, popcorn, order } = await buyer();
    await payByCard(user, order.orderId, [card.id]);
    const { body } = await refund(user.token, order.orderId);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      status: 'refunded',
      pickup: null,
      refund: { isAllowed: false },
    });
    expect(body.data.refunds).toEqual([
      expect.objectContaining({
        method: 'card',
        status: 'succeeded',
        amount: 49,
        isAutomatic: false,
      }),
    ]);
    expect(await balanceOf(t, card.id)).toBe(10_000);
    expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([10, 5]);
    expect(await lineStates(t, order.orderId)).toEqual(['released', 'released']);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    expect((await refund(user.token, order.orderId)).body.code).toBe(42203);
    expect([await stockOf(t, drink.id), await stockOf(t, popcorn.id)]).toEqual([10, 5]);
  });

  it('refunds a ready order paid by WeChat through WeChat', async () => {
    const { user, drink, order } = await buyer();
    const pay = await payByWechat(user.token, order.orderId);
    await sandboxSheet(t, pay.body.data, 'success', 1);
    const { body } = await refund(user.token, order.orderId);
    expect(body.data.status).toBe('refunded');
    expect(body.data.payments[0]).toMatchObject({ method: 'wechat', status: 'refunded' });
    expect(body.data.refunds[0]).toMatchObject({ method: 'wechat', status: 'succeeded' });
    expect(await stockOf(t, drink.id)).toBe(10);
  });

  it('refuses to refund an unpaid or a picked-up store order', async () => {
    const { user, card, order } = await buyer();
    expect((await refund(user.token, order.orderId)).body.code).toBe(42203);
    await payByCard(user, order.orderId, [card.id]);
    // As check-in at the counter leaves it (a used order says when and by whom).
    await t.db
      .updateTable('orders')
      .set({ status: 'used', used_at: t.clock.now(), used_by_name: '收银员' })
      .where('id', '=', order.orderId)
      .execute();
    const used = await refund(user.token, order.orderId);
    expect(used.body.code).toBe(42203);
    expect((await detailOf(user.token, order.orderId)).data).toMatchObject({
      status: 'used',
      refund: { isAllowed: false },
    });
    expect(await balanceOf(t, card.id)).toBe(10_000 - 4900);
  });

  it('lists the user’s store orders with their first item and pickup cinema', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, {
      name: `测试可乐-${Date.now()}`,
      variants: [{ priceFen: 1200, stock: 10 }],
    });
    const single = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 1 },
    ]);
    t.clock.advance(1);
    const other = await newGoods(t, { variants: [{ priceFen: 800, stock: 10 }] });
    const multi = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 2 },
      { variantId: other.variants[0]!.id, quantity: 1 },
    ]);
    await holdSeats(t, user.token, { count: 1 });
    const { body } = await call<CallAnswer<typeof orderListCall>>(t.app, {
      url: '/api/order/list?kind=store&pageNum=1&pageSize=10',
      token: user.token,
    });
    expect(body.data).toMatchObject({ total: 2, hasMore: false });
    const cinemaName = multi.store!.cinemaInfo.name;
    expect(body.data.list).toEqual([
      expect.objectContaining({
        orderId: multi.orderId,
        kind: 'store',
        status: 'pending_payment',
        amount: 32,
        title: `${goods.name} 等 3 件`,
        subtitle: `${cinemaName} · 卖品柜台自取`,
        posterUrl: `/api/goods/image/${goods.id}.svg`,
        startAt: null,
      }),
      expect.objectContaining({ orderId: single.orderId, title: goods.name, amount: 12 }),
    ]);
    const films = await call<CallAnswer<typeof orderListCall>>(t.app, {
      url: '/api/order/list?kind=film',
      token: user.token,
    });
    expect(films.body.data.total).toBe(1);
  });

  it('answers film orders with store and pickup null', async () => {
    const user = await newUser(t);
    const film = await holdSeats(t, user.token, { count: 1 });
    const detail = await detailOf(user.token, film.id);
    expect(detail.data).toMatchObject({ kind: 'film', store: null, pickup: null });
    expect(detail.data.film?.seats).toHaveLength(1);
  });
});
