import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ErrorCode,
  type CallAnswer,
  type FilmOrder,
  type OrderDetail,
  type orderListCall,
  type snackOffersCall,
} from '@marquee/contracts';
import type { CheckInView, GoodsReport, SalesReport } from '@marquee/contracts/console';
import { localDateOf } from '../../lib/local-date.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { chargeCards, rebuildBalanceCheck } from '../cards/index.js';
import { createCampaign } from '../coupons/index.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import { lineStates, newGoods, stockOf, type TestGoods } from '../store/store-test-kit.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  orderRow,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from './payment-test-kit.js';

const PASSWORD = '258036';
const COMBO_FEN = 3000;
const DRINK_FEN = 800;

describeOnEachDatabase('snacks in the ticket flow (decision 029)', (kind) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
  });
  afterAll(() => t?.close());

  async function buyer(cards: { types: string[]; balanceFen: number }[] = []) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const opened = [];
    for (const card of cards) opened.push(await openTestCard(t, user, card));
    const order = await holdSeats(t, user.token);
    const ticketsFen = Math.round(order.total * 100);
    return { user, cards: opened, order, ticketsFen };
  }

  async function snacks(stock = 10): Promise<TestGoods> {
    return newGoods(t, {
      name: `测试套餐-${Math.random().toString(36).slice(2, 8)}`,
      variants: [
        { priceFen: COMBO_FEN, stock, value: '双人' },
        { priceFen: DRINK_FEN, stock, value: '中杯' },
      ],
    });
  }

  const setGoods = (token: string, orderId: string, items: [string, number][]) =>
    call<FilmOrder>(t.app, {
      method: 'POST',
      url: '/api/filmOrder/goods',
      token,
      body: { orderId, items: items.map(([goodsInfoId, quantity]) => ({ goodsInfoId, quantity })) },
    });

  const payByCards = async (token: string, orderId: string, cardIds: string[], wechat?: number) =>
    payWithCards(t, token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(orderId),
      cardIdList: cardIds,
      ...(wechat ? { payDetailParam: { wechatAmount: wechat } } : {}),
    });

  const detailOf = async (token: string, orderId: string) =>
    (await call<OrderDetail>(t.app, { url: `/api/order/detail?orderId=${orderId}`, token })).body
      .data;

  const refundGoods = (token: string, orderId: string) =>
    call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refundGoods',
      token,
      body: { orderId },
    });

  it('offers combos first, then popular goods, each with its variants and live stock', async () => {
    const offers = await call<CallAnswer<typeof snackOffersCall>>(t.app, {
      url: '/api/goods/offers',
    });
    expect(offers.body.code).toBe(0);
    const list = offers.body.data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list[0]!.tags).toContain('套餐');
    const firstPopular = list.findIndex((goods) => !goods.tags.includes('套餐'));
    if (firstPopular >= 0) {
      expect(list.slice(firstPopular).every((goods) => !goods.tags.includes('套餐'))).toBe(true);
    }
    expect(list.every((goods) => goods.tags.some((tag) => ['套餐', '热卖'].includes(tag)))).toBe(
      true,
    );
    expect(list.every((goods) => goods.goodsInfoList.length > 0)).toBe(true);
  });

  it('adds snacks to a held order: stock reserved, the order charges seats + goods, changes move stock by the difference', async () => {
    const { user, order, ticketsFen } = await buyer();
    const goods = await snacks();
    const [combo, drink] = goods.variants;

    const added = await setGoods(user.token, order.id, [
      [combo!.id, 2],
      [drink!.id, 1],
    ]);
    expect(added.body.code).toBe(0);
    expect(added.body.data.goodsTotal).toBe((2 * COMBO_FEN + DRINK_FEN) / 100);
    expect(added.body.data.goods.map((line) => [line.goodsInfoId, line.quantity])).toEqual([
      [combo!.id, 2],
      [drink!.id, 1],
    ]);
    expect(await stockOf(t, combo!.id)).toBe(8);
    expect(await stockOf(t, drink!.id)).toBe(9);
    const row = await orderRow(t, order.id);
    expect(row.amount_fen).toBe(ticketsFen + 2 * COMBO_FEN + DRINK_FEN);
    expect(row.goods_fen).toBe(2 * COMBO_FEN + DRINK_FEN);

    const changed = await setGoods(user.token, order.id, [[combo!.id, 1]]);
    expect(changed.body.code).toBe(0);
    expect(await stockOf(t, combo!.id)).toBe(9);
    expect(await stockOf(t, drink!.id)).toBe(10);
    expect((await orderRow(t, order.id)).amount_fen).toBe(ticketsFen + COMBO_FEN);

    const tooMany = await setGoods(user.token, order.id, [[combo!.id, 11]]);
    expect(tooMany.body.code).toBe(ErrorCode.OUT_OF_STOCK);
    expect(await stockOf(t, combo!.id)).toBe(9);
    expect((await orderRow(t, order.id)).amount_fen).toBe(ticketsFen + COMBO_FEN);

    const skipped = await setGoods(user.token, order.id, []);
    expect(skipped.body.data.goods).toEqual([]);
    expect(await stockOf(t, combo!.id)).toBe(10);
    expect((await orderRow(t, order.id)).amount_fen).toBe(ticketsFen);

    const someoneElse = await newUser(t);
    expect((await setGoods(someoneElse.token, order.id, [[combo!.id, 1]])).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('pays tickets with a film card and goods with a goods card; one order shows the ticket QR and the pickup code', async () => {
    const { user, cards, order, ticketsFen } = await buyer([
      { types: ['film'], balanceFen: 100_000 },
      { types: ['goods'], balanceFen: 100_000 },
    ]);
    const [filmCard, goodsCard] = cards;
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);

    const paid = await payByCards(user.token, order.id, [filmCard!.id, goodsCard!.id]);
    expect(paid.body.code).toBe(0);
    expect(paid.body.data.orderStatus).toBe('ticketed');
    expect(await balanceOf(t, filmCard!.id)).toBe(100_000 - ticketsFen);
    expect(await balanceOf(t, goodsCard!.id)).toBe(100_000 - COMBO_FEN);
    expect(await lineStates(t, order.id)).toEqual(['sold']);

    const detail = await detailOf(user.token, order.id);
    expect(detail.status).toBe('ticketed');
    expect(detail.ticket?.code).toMatch(/^\d{10}$/);
    expect(detail.pickup?.code).toMatch(/^\d{8}$/);
    expect(detail.pickup?.qrContent).toContain(detail.pickup!.code);
    expect(detail.store?.items.map((item) => item.goodsInfoId)).toEqual([goods.variants[0]!.id]);
    expect(detail.goods).toMatchObject({
      total: COMBO_FEN / 100,
      amount: COMBO_FEN / 100,
      state: 'toPickUp',
      isRefundAllowed: true,
    });
    expect(detail.amount).toBe((ticketsFen + COMBO_FEN) / 100);

    const list = await call<CallAnswer<typeof orderListCall>>(t.app, {
      url: '/api/order/list?kind=film',
      token: user.token,
    });
    expect(list.body.data.list.find((o) => o.orderId === order.id)?.goodsNote).toBe(
      `${goods.name} ×1`,
    );
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });

  it('never lets a film card pay the goods: the cards are short and nothing is charged', async () => {
    const { user, cards, order } = await buyer([{ types: ['film'], balanceFen: 100_000 }]);
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);
    const paid = await payByCards(user.token, order.id, [cards[0]!.id]);
    expect(paid.body.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await balanceOf(t, cards[0]!.id)).toBe(100_000);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
  });

  it('refuses in SQL to pay an order whose film card was charged for its goods', async () => {
    const { user, cards, order, ticketsFen } = await buyer([
      { types: ['film'], balanceFen: 100_000 },
    ]);
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);
    const amountFen = ticketsFen + COMBO_FEN;
    // Bypass the per-part plan: charge the whole order to the film card, then try to pay it.
    const move = t.db.transaction().execute(async (trx) => {
      await chargeCards(trx, {
        siteId: user.siteId,
        userId: user.userId,
        orderId: order.id,
        cardType: 'film',
        cardIds: [cards[0]!.id],
        amountFen,
        mode: 'commit',
        clockNow: t.clock.now(),
      });
      await trx
        .insertInto('payments')
        .values({
          order_id: order.id,
          site_id: user.siteId,
          user_id: user.userId,
          method: 'card',
          amount_fen: amountFen,
          status: 'succeeded',
          out_trade_no: `T${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
          expires_at: t.clock.now(),
        })
        .execute();
      await trx.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    });
    await expect(move).rejects.toThrow(/beyond their part/);
    expect(await balanceOf(t, cards[0]!.id)).toBe(100_000);
  });

  it('refunds only the goods, in proportion to card and WeChat, once; a later refund gives back the rest', async () => {
    const { user, cards, order, ticketsFen } = await buyer([
      { types: ['general'], balanceFen: 2000 },
    ]);
    const goods = await snacks();
    const variant = goods.variants[0]!;
    await setGoods(user.token, order.id, [[variant.id, 1]]);
    const amountFen = ticketsFen + COMBO_FEN;
    const wechatFen = amountFen - 2000;
    const started = await payByCards(user.token, order.id, [cards[0]!.id], wechatFen / 100);
    expect(started.body.code).toBe(0);
    await sandboxSheet(t, started.body.data.wechatPay!, 'success');
    expect((await orderRow(t, order.id)).status).toBe('ticketed');
    expect(await stockOf(t, variant.id)).toBe(9);

    const refunded = await refundGoods(user.token, order.id);
    expect(refunded.body.code).toBe(0);
    const cardBackFen = COMBO_FEN - Math.round((COMBO_FEN * wechatFen) / amountFen);
    expect(await balanceOf(t, cards[0]!.id)).toBe(cardBackFen);
    expect(await stockOf(t, variant.id)).toBe(10);
    expect(await lineStates(t, order.id)).toEqual(['released']);
    expect(refunded.body.data.status).toBe('ticketed');
    expect(refunded.body.data.goods).toMatchObject({ state: 'refunded', isRefundAllowed: false });
    expect(refunded.body.data.pickup).toBeNull();
    expect(refunded.body.data.ticket).not.toBeNull();
    const goodsRefunds = refunded.body.data.refunds.map((r) => [r.method, r.amount]);
    expect(goodsRefunds.reduce((sum, [, yuan]) => sum + Math.round(Number(yuan) * 100), 0)).toBe(
      COMBO_FEN,
    );
    expect((await moneyOf(t, order.id)).collectedFen).toBe(ticketsFen);

    expect((await refundGoods(user.token, order.id)).body.code).toBe(
      ErrorCode.GOODS_ALREADY_REFUNDED,
    );
    expect(await stockOf(t, variant.id)).toBe(10);

    const all = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(all.body.code).toBe(0);
    expect(await balanceOf(t, cards[0]!.id)).toBe(2000);
    expect((await moneyOf(t, order.id)).collectedFen).toBe(0);
    expect(await stockOf(t, variant.id)).toBe(10);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });

  it('a full refund before the cutoff refunds tickets and goods and gives the units back', async () => {
    const { user, order } = await buyer();
    const goods = await snacks();
    const variant = goods.variants[1]!;
    await setGoods(user.token, order.id, [[variant.id, 3]]);
    const pay = await payWithWechat(t, user.token, order.id);
    await sandboxSheet(t, pay.body.data, 'success');
    expect(await stockOf(t, variant.id)).toBe(7);
    const refunded = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(refunded.body.code).toBe(0);
    expect(refunded.body.data.goods?.state).toBe('refunded');
    expect(await stockOf(t, variant.id)).toBe(10);
    expect((await moneyOf(t, order.id)).collectedFen).toBe(0);
  });

  it('gives the units back with the seats: cancel, expiry by the sweep, and a new hold replacing the order', async () => {
    const goods = await snacks();
    const variant = goods.variants[0]!;

    const cancelled = await buyer();
    await setGoods(cancelled.user.token, cancelled.order.id, [[variant.id, 2]]);
    await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/cancel',
      token: cancelled.user.token,
      body: { orderId: cancelled.order.id },
    });
    expect(await lineStates(t, cancelled.order.id)).toEqual(['released']);
    expect(await stockOf(t, variant.id)).toBe(10);

    const replaced = await buyer();
    await setGoods(replaced.user.token, replaced.order.id, [[variant.id, 2]]);
    const again = await holdSeats(t, replaced.user.token, {
      showId: replaced.order.showInfo.showId,
      count: 1,
    });
    expect(again.id).not.toBe(replaced.order.id);
    expect(await lineStates(t, replaced.order.id)).toEqual(['released']);
    expect(await stockOf(t, variant.id)).toBe(10);

    const expired = await buyer();
    await setGoods(expired.user.token, expired.order.id, [[variant.id, 4]]);
    expect(await stockOf(t, variant.id)).toBe(6);
    t.clock.advance(16 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
    } finally {
      t.clock.advance(-16 * 60);
    }
    expect((await orderRow(t, expired.order.id)).status).toBe('expired');
    expect(await lineStates(t, expired.order.id)).toEqual(['released']);
    expect(await stockOf(t, variant.id)).toBe(10);
    expect((await setGoods(expired.user.token, expired.order.id, [])).body.code).toBe(
      ErrorCode.SNACKS_NOT_CHANGEABLE,
    );
  });

  it('hands the snacks over at the counter once; then neither a goods refund nor an online ticket refund', async () => {
    const { user, cards, order } = await buyer([{ types: ['general'], balanceFen: 100_000 }]);
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);
    expect((await payByCards(user.token, order.id, [cards[0]!.id])).body.code).toBe(0);
    const code = (await detailOf(user.token, order.id)).pickup!.code;

    const use = (text: string) =>
      consoleCall<CheckInView>(t.app, {
        url: '/api/console/checkin/use',
        staffToken: owner,
        body: { code: text },
      });
    const handed = await use(code);
    expect(handed.body.code).toBe(0);
    expect(handed.body.data).toMatchObject({ kind: 'store', status: 'used', code });
    expect(handed.body.data.store?.items).toHaveLength(1);
    expect((await orderRow(t, order.id)).status).toBe('ticketed');

    const twice = await use(code);
    expect(twice.body.code).toBe(42250);
    expect(twice.body.data).toMatchObject({ problem: 'alreadyUsed' });

    expect((await refundGoods(user.token, order.id)).body.code).toBe(ErrorCode.GOODS_PICKED_UP);
    const tickets = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(tickets.body.code).toBe(ErrorCode.TICKETS_REFUND_AFTER_PICKUP);
    const detail = await detailOf(user.token, order.id);
    expect(detail.goods).toMatchObject({ state: 'pickedUp', isRefundAllowed: false });
    expect(detail.refund.isAllowed).toBe(false);
  });

  it('prices a goods coupon on the snacks only, and a goods refund gives back the goods less it', async () => {
    const { user, cards, order, ticketsFen } = await buyer([
      { types: ['general'], balanceFen: 100_000 },
    ]);
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);
    const now = t.clock.now().getTime();
    const code = `SNK${Date.now().toString(36).toUpperCase()}`;
    await createCampaign(t.db, {
      siteId: user.siteId,
      title: '卖品立减5元',
      promoCode: code,
      discountKind: 'amount',
      discountValue: 500,
      capFen: null,
      minSpendFen: 0,
      scope: 'goods',
      filmIds: [],
      cinemaIds: [],
      validFrom: new Date(now - 86_400_000),
      validTo: new Date(Math.max(now, Date.now()) + 30 * 86_400_000),
      totalQuantity: 10,
      perUserLimit: 1,
    });
    const redeemed = await call<{ coupon: { couponId: string } }>(t.app, {
      method: 'POST',
      url: '/api/coupon/redeem',
      token: user.token,
      body: { code },
    });
    const applied = await call(t.app, {
      method: 'POST',
      url: '/api/coupon/apply',
      token: user.token,
      body: { orderId: order.id, couponId: redeemed.body.data.coupon.couponId },
    });
    expect(applied.body.code).toBe(0);
    expect(await orderRow(t, order.id)).toMatchObject({
      amount_fen: ticketsFen + COMBO_FEN - 500,
      discount_fen: 500,
      goods_discount_fen: 500,
    });
    // Changing the snacks prices the held coupon again.
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 2]]);
    expect(await orderRow(t, order.id)).toMatchObject({
      amount_fen: ticketsFen + 2 * COMBO_FEN - 500,
      goods_discount_fen: 500,
    });
    expect((await payByCards(user.token, order.id, [cards[0]!.id])).body.code).toBe(0);
    const refunded = await refundGoods(user.token, order.id);
    expect(refunded.body.code).toBe(0);
    expect(await balanceOf(t, cards[0]!.id)).toBe(100_000 - ticketsFen);
    expect(refunded.body.data.goods?.refundedAmount).toBe((2 * COMBO_FEN - 500) / 100);
  });

  it('reports the snacks as goods, not tickets, and a goods-only refund once', async () => {
    const today = localDateOf(t.clock.now());
    const figures = async () => {
      const query = `from=${today}&to=${today}`;
      const sales = await consoleCall<SalesReport>(t.app, {
        url: `/api/console/reports/sales?${query}`,
        staffToken: owner,
      });
      const goods = await consoleCall<GoodsReport>(t.app, {
        url: `/api/console/reports/goods?${query}`,
        staffToken: owner,
      });
      return { sales: sales.body.data.totals, goods: goods.body.data.lines };
    };
    const change = (
      before: Awaited<ReturnType<typeof figures>>,
      after: Awaited<ReturnType<typeof figures>>,
      variantIds: string[],
    ) => ({
      ticketCount: after.sales.ticketCount - before.sales.ticketCount,
      ticketFen: after.sales.ticketFen - before.sales.ticketFen,
      goodsUnits: after.sales.goodsUnits - before.sales.goodsUnits,
      goodsFen: after.sales.goodsFen - before.sales.goodsFen,
      refundFen: after.sales.refundFen - before.sales.refundFen,
      variants: variantIds.map((id) => {
        const of = (lines: GoodsReport['lines']) =>
          lines.find((line) => line.variantId === id) ?? {
            units: 0,
            revenueFen: 0,
            refundedUnits: 0,
            refundFen: 0,
          };
        const [was, now] = [of(before.goods), of(after.goods)];
        return [
          now.units - was.units,
          now.revenueFen - was.revenueFen,
          now.refundedUnits - was.refundedUnits,
          now.refundFen - was.refundFen,
        ];
      }),
    });

    const { user, cards, order, ticketsFen } = await buyer([
      { types: ['general'], balanceFen: 100_000 },
    ]);
    const goods = await snacks();
    const [combo, drink] = goods.variants;
    const ids = [combo!.id, drink!.id];
    await setGoods(user.token, order.id, [
      [combo!.id, 1],
      [drink!.id, 2],
    ]);
    const goodsFen = COMBO_FEN + 2 * DRINK_FEN;
    const start = await figures();
    expect((await payByCards(user.token, order.id, [cards[0]!.id])).body.code).toBe(0);
    const paid = await figures();
    expect(change(start, paid, ids)).toEqual({
      ticketCount: 2,
      ticketFen: ticketsFen,
      goodsUnits: 3,
      goodsFen,
      refundFen: 0,
      variants: [
        [1, COMBO_FEN, 0, 0],
        [2, 2 * DRINK_FEN, 0, 0],
      ],
    });

    expect((await refundGoods(user.token, order.id)).body.code).toBe(0);
    const goodsBack = await figures();
    expect(change(paid, goodsBack, ids)).toMatchObject({
      ticketFen: 0,
      goodsFen: 0,
      refundFen: goodsFen,
      variants: [
        [0, 0, 1, COMBO_FEN],
        [0, 0, 2, 2 * DRINK_FEN],
      ],
    });

    const all = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token: user.token,
      body: { orderId: order.id },
    });
    expect(all.body.code).toBe(0);
    // The rest is the tickets: the snacks are not refunded a second time.
    expect(change(goodsBack, await figures(), ids)).toMatchObject({
      refundFen: ticketsFen,
      variants: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    });
  });

  it('refuses to change the snacks while a payment is under way', async () => {
    const { user, order } = await buyer();
    const goods = await snacks();
    await setGoods(user.token, order.id, [[goods.variants[0]!.id, 1]]);
    expect((await payWithWechat(t, user.token, order.id)).body.code).toBe(0);
    const changed = await setGoods(user.token, order.id, []);
    expect(changed.body.code).toBe(ErrorCode.SNACKS_CHANGE_WHILE_PAYING);
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(9);
  });
});
