import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { newUser } from '../cards/cards-test-kit.js';
import { holdSeats, orderRow } from '../payment/payment-test-kit.js';
import { releaseOrders, sweepExpiredOrders } from '../orders/index.js';
import {
  createStoreOrder,
  demoCinemaId,
  lineStates,
  newGoods,
  newSite,
  orderGoods,
  PHONE,
  stockOf,
} from './store-test-kit.js';
import { recordWholePaymentForTest } from '../../test-support/paid-order.js';

describeOnEachDatabase('store orders: reserving and giving back stock', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const cancel = (token: string, orderId: string) =>
    call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/storeOrder/cancel',
      token,
      body: { orderId },
    });
  const sweep = () => sweepExpiredOrders({ db: t.db, clock: t.clock });

  /** Run `body` with the clock `minutes` ahead, then put it back for the other tests. */
  async function later<T>(minutes: number, body: () => Promise<T>): Promise<T> {
    t.clock.advance(minutes * 60);
    try {
      return await body();
    } finally {
      t.clock.advance(-minutes * 60);
    }
  }

  it('reserves the stock of every line and answers the unpaid order', async () => {
    const user = await newUser(t);
    const popcorn = await newGoods(t, {
      name: `爆米花-${Date.now()}`,
      variants: [{ priceFen: 2500, stock: 10, value: '中桶' }],
    });
    const drink = await newGoods(t, {
      variants: [
        { priceFen: 1200, stock: 4 },
        { priceFen: 1500, stock: 4 },
      ],
    });
    const cinemaId = await demoCinemaId(t);
    const { status, body } = await createStoreOrder(t, user.token, {
      cinemaId,
      items: [
        { goodsInfoId: popcorn.variants[0]!.id, quantity: 2 },
        { goodsInfoId: drink.variants[1]!.id, quantity: 3 },
      ],
    });
    expect(status).toBe(200);
    const order = body.data;
    expect(order).toMatchObject({
      kind: 'store',
      status: 'pending_payment',
      amount: 95,
      phone: PHONE,
      film: null,
      ticket: null,
      pickup: null,
      payments: [],
      refund: { isAllowed: false, allowedUntil: null },
    });
    expect(new Date(order.payDeadlineAt).getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    expect(order.store?.cinemaInfo.cinemaId).toBe(cinemaId);
    expect(order.store?.items).toEqual([
      {
        goodsId: popcorn.id,
        goodsInfoId: popcorn.variants[0]!.id,
        goodsName: popcorn.name,
        goodsInfoName: '中桶',
        imageUrl: `/api/goods/image/${popcorn.id}.svg`,
        quantity: 2,
        price: 25,
        amount: 50,
      },
      expect.objectContaining({
        goodsInfoId: drink.variants[1]!.id,
        quantity: 3,
        price: 15,
        amount: 45,
      }),
    ]);
    expect(await stockOf(t, popcorn.variants[0]!.id)).toBe(8);
    expect(await stockOf(t, drink.variants[1]!.id)).toBe(1);
    expect(await stockOf(t, drink.variants[0]!.id)).toBe(4);
    expect((await orderRow(t, order.orderId)).amount_fen).toBe(9500);
    expect(await lineStates(t, order.orderId)).toEqual(['reserved', 'reserved']);
  });

  it('lets a user keep several unpaid store orders at once', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 5 }] });
    const first = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 1 },
    ]);
    const second = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 2 },
    ]);
    expect((await orderRow(t, first.orderId)).status).toBe('pending_payment');
    expect((await orderRow(t, second.orderId)).status).toBe('pending_payment');
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(2);
  });

  it('refuses more than the stock, names the goods and what is left, and takes nothing', async () => {
    const user = await newUser(t);
    const plenty = await newGoods(t, { variants: [{ priceFen: 1000, stock: 10 }] });
    const scarce = await newGoods(t, {
      name: `焦糖爆米花-${Date.now()}`,
      variants: [{ priceFen: 3500, stock: 3, value: '大桶' }],
    });
    const { status, body } = await createStoreOrder(t, user.token, {
      cinemaId: await demoCinemaId(t),
      items: [
        { goodsInfoId: plenty.variants[0]!.id, quantity: 2 },
        { goodsInfoId: scarce.variants[0]!.id, quantity: 4 },
      ],
    });
    expect(status).toBe(409);
    expect(body.code).toBe(42210);
    expect(body.data).toMatchObject({
      name: `${scarce.name}（大桶）`,
      goodsInfoId: scarce.variants[0]!.id,
      available: 3,
    });
    expect(body.msg).toBe(`${scarce.name}（大桶）仅剩 3 件，请减少数量`);
    // All or nothing: the line that fitted was given back with the rest.
    expect(await stockOf(t, plenty.variants[0]!.id)).toBe(10);
    expect(await stockOf(t, scarce.variants[0]!.id)).toBe(3);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(orders).toEqual([]);
  });

  it('says a sold-out variant is sold out', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 3000, stock: 0 }] });
    const { body } = await createStoreOrder(t, user.token, {
      cinemaId: await demoCinemaId(t),
      items: [{ goodsInfoId: goods.variants[0]!.id, quantity: 1 }],
    });
    expect(body.code).toBe(42210);
    expect(body.data).toMatchObject({ available: 0 });
    expect(body.msg).toContain('已售罄');
  });

  it('refuses an invalid phone, bad quantities, a variant twice and an empty order', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 50 }] });
    const cinemaId = await demoCinemaId(t);
    const item = { goodsInfoId: goods.variants[0]!.id, quantity: 1 };
    const refusals: [Record<string, unknown>, string][] = [
      [{ cinemaId, phone: '12345678901', items: [item] }, 'body.phone'],
      [{ cinemaId, phone: '1391234567', items: [item] }, 'body.phone'],
      [{ cinemaId, phone: '', items: [item] }, 'body.phone'],
      [{ cinemaId, phone: undefined, items: [item] }, 'body.phone'],
      [{ cinemaId, items: [{ ...item, quantity: 0 }] }, 'body.items.0.quantity'],
      [{ cinemaId, items: [{ ...item, quantity: 21 }] }, 'body.items.0.quantity'],
      [{ cinemaId, items: [{ ...item, quantity: 1.5 }] }, 'body.items.0.quantity'],
      [{ cinemaId, items: [item, { ...item, quantity: 2 }] }, 'body.items'],
      [{ cinemaId, items: [] }, 'body.items'],
    ];
    for (const [body, field] of refusals) {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/storeOrder/create',
        token: user.token,
        body: { phone: PHONE, ...body },
      });
      expect(answer.body.code, JSON.stringify(body)).toBe(40001);
      expect(answer.body.data.fields).toContain(field);
    }
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(50);
  });

  it('refuses an unknown cinema, another site’s cinema, and an unknown or withdrawn variant', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 5 }] });
    const withdrawn = await newGoods(t, { isOnSale: false });
    const item = { goodsInfoId: goods.variants[0]!.id, quantity: 1 };
    const cinemaId = await demoCinemaId(t);
    const unknownCinema = await createStoreOrder(t, user.token, {
      cinemaId: '00000000-0000-4000-8000-000000000000',
      items: [item],
    });
    expect(unknownCinema.body.code).toBe(40401);
    expect(unknownCinema.body.msg).toBe('影院不存在或已下架');
    const otherSite = await newSite(t);
    const foreignCinema = await t.db
      .insertInto('cinemas')
      .values({
        site_id: otherSite.id,
        name: '别家影城',
        address: '某路 1 号',
        phone: '021-1',
        latitude: 31,
        longitude: 121,
        tags: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await createStoreOrder(t, user.token, { cinemaId: foreignCinema.id, items: [item] })).body
        .code,
    ).toBe(40401);
    for (const goodsInfoId of [
      'nope',
      '00000000-0000-4000-8000-000000000000',
      withdrawn.variants[0]!.id,
    ]) {
      const answer = await createStoreOrder(t, user.token, {
        cinemaId,
        items: [item, { goodsInfoId, quantity: 1 }],
      });
      expect(answer.body.code).toBe(40401);
      // A malformed id is refused by the contract before any SQL; the others by the catalogue.
      expect(answer.body.data).toMatchObject(
        goodsInfoId === 'nope'
          ? { fields: ['body.items.1.goodsInfoId'] }
          : { goodsInfoIds: [goodsInfoId] },
      );
    }
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(5);
  });

  it('needs a signed-in user', async () => {
    const goods = await newGoods(t);
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/storeOrder/create',
      body: {
        cinemaId: await demoCinemaId(t),
        phone: PHONE,
        items: [{ goodsInfoId: goods.variants[0]!.id, quantity: 1 }],
      },
    });
    expect(answer.body.code).toBe(-1001);
  });

  it('cancels an unpaid order: its stock comes back once, a second cancel changes nothing', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 6 }] });
    const order = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 4 },
    ]);
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(2);
    const first = await cancel(user.token, order.orderId);
    expect(first.body.data).toMatchObject({ status: 'cancelled', orderId: order.orderId });
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(6);
    expect(await lineStates(t, order.orderId)).toEqual(['released']);
    const again = await cancel(user.token, order.orderId);
    expect(again.body.data.status).toBe('cancelled');
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(6);
  });

  it('does not cancel someone else’s order, a film order, or an unknown one', async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const goods = await newGoods(t);
    const order = await orderGoods(t, owner.token, [
      { variantId: goods.variants[0]!.id, quantity: 1 },
    ]);
    expect((await cancel(other.token, order.orderId)).body.code).toBe(40401);
    const film = await holdSeats(t, owner.token, { count: 1 });
    expect((await cancel(owner.token, film.id)).body.code).toBe(40401);
    expect((await cancel(owner.token, 'nope')).body.code).toBe(40401);
    expect((await orderRow(t, order.orderId)).status).toBe('pending_payment');
    expect((await orderRow(t, film.id)).status).toBe('pending_payment');
  });

  it('refuses to cancel a paid order', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t);
    const order = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 1 },
    ]);
    await recordWholePaymentForTest(t.db, order.orderId);
    await t.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', order.orderId)
      .execute();
    const answer = await cancel(user.token, order.orderId);
    expect(answer.body.code).toBe(42203);
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(9);
  });

  it('expires unpaid orders past their deadline and gives their stock back exactly once', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, {
      variants: [
        { priceFen: 1000, stock: 5 },
        { priceFen: 2000, stock: 5 },
      ],
    });
    const a = goods.variants[0]!;
    const b = goods.variants[1]!;
    const order = await orderGoods(t, user.token, [
      { variantId: a.id, quantity: 2 },
      { variantId: b.id, quantity: 5 },
    ]);
    expect(await sweep()).toBe(0);
    await later(16, async () => {
      expect(await sweep()).toBeGreaterThanOrEqual(1);
      expect((await orderRow(t, order.orderId)).status).toBe('expired');
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([5, 5]);
      // Sweeping again, cancelling, or a new order's take-over find nothing more to give back.
      await sweep();
      const cancelled = await cancel(user.token, order.orderId);
      expect(cancelled.body.data.status).toBe('expired');
      await orderGoods(t, user.token, [{ variantId: b.id, quantity: 5 }]);
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([5, 0]);
    });
    const events = await t.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', order.orderId)
      .execute();
    expect(events.map((event) => event.to_status)).toEqual(['pending_payment', 'expired']);
  });

  it('gives an order’s units back only once, however often it is asked', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 4 }] });
    const order = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 3 },
    ]);
    const release = () =>
      t.db
        .transaction()
        .execute((trx) => releaseOrders(trx, [{ id: order.orderId, kind: 'store' }]));
    await release();
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(4);
    await release();
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(4);
  });

  it('cancelling after the deadline expires the order instead', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 3 }] });
    const order = await orderGoods(t, user.token, [
      { variantId: goods.variants[0]!.id, quantity: 3 },
    ]);
    await later(16, async () => {
      const answer = await cancel(user.token, order.orderId);
      expect(answer.body.data.status).toBe('expired');
    });
    expect(await stockOf(t, goods.variants[0]!.id)).toBe(3);
  });

  it('takes over the stock of expired unpaid orders before the sweep, instead of refusing', async () => {
    const first = await newUser(t);
    const second = await newUser(t);
    const goods = await newGoods(t, {
      variants: [
        { priceFen: 1000, stock: 3 },
        { priceFen: 1000, stock: 9 },
      ],
    });
    const scarce = goods.variants[0]!;
    const other = goods.variants[1]!;
    const stale = await orderGoods(t, first.token, [
      { variantId: scarce.id, quantity: 3 },
      { variantId: other.id, quantity: 4 },
    ]);
    // Still within the deadline: nothing is left for the second buyer.
    const refused = await createStoreOrder(t, second.token, {
      cinemaId: await demoCinemaId(t),
      items: [{ goodsInfoId: scarce.id, quantity: 2 }],
    });
    expect(refused.body.code).toBe(42210);
    expect(refused.body.data).toMatchObject({ available: 0 });
    await later(16, async () => {
      const taken = await orderGoods(t, second.token, [{ variantId: scarce.id, quantity: 2 }]);
      expect(taken.status).toBe('pending_payment');
      // The stale order expired as a whole: every line of it went back, once.
      expect((await orderRow(t, stale.orderId)).status).toBe('expired');
      expect(await lineStates(t, stale.orderId)).toEqual(['released', 'released']);
      expect([await stockOf(t, scarce.id), await stockOf(t, other.id)]).toEqual([1, 9]);
      await sweep();
      expect([await stockOf(t, scarce.id), await stockOf(t, other.id)]).toEqual([1, 9]);
    });
  });
});
