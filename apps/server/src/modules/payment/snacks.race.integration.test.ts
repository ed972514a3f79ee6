import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type FilmOrder } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { newGoods } from '../store/store-test-kit.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  orderRow,
  payWithCards,
  payWithWechat,
  sandboxSheet,
} from './payment-test-kit.js';

/**
 * Snacks of film orders under concurrency (decision 029), over real HTTP against a listening
 * server with 20 database connections: stock never goes below zero when many held orders add the
 * last units at once (baskets naming two variants in opposite orders), and the units of orders
 * that a sweep, a cancel and a late WeChat notice all reach at once come back exactly once.
 * (PGlite runs one statement at a time, so the races are only real on the server.)
 */
const BUYERS = 16;

describeOnPostgres('snacks of film orders under a race', () => {
  const clock = new TestClock();
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000, clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  async function post<T>(token: string, path: string, body: unknown) {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  }

  async function heldOrders(count: number) {
    const buyers = [];
    for (let i = 0; i < count; i += 1) {
      const user = await newUser(t);
      buyers.push({ user, order: await holdSeats(t, user.token, { count: 1 }) });
    }
    return buyers;
  }

  /**
   * A variant's units at every cinema together: the held orders' shows may be at any demo cinema,
   * each with its own stock of the test's goods (decision 050), so the sums are what balance.
   */
  async function totalStock(variantId: string): Promise<number> {
    const row = await t.db
      .selectFrom('goods_stock')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('stock'), eb.lit(0)).as('units'))
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    return Number(row.units);
  }

  /** How many cinemas the demo site has: each got the test goods' units. */
  async function cinemaCount(): Promise<number> {
    const rows = await t.db
      .selectFrom('cinemas')
      .innerJoin('sites', 'sites.id', 'cinemas.site_id')
      .select('cinemas.id')
      .where('sites.code', '=', DEMO_SITE_CODE)
      .execute();
    return rows.length;
  }

  /** Units of the variants that lines still hold (reserved or sold). */
  async function activeUnits(variantIds: string[]): Promise<number> {
    const row = await t.db
      .selectFrom('store_order_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('quantity'), eb.lit(0)).as('units'))
      .where('variant_id', 'in', variantIds)
      .where('state', 'in', ['reserved', 'sold'])
      .executeTakeFirstOrThrow();
    return Number(row.units);
  }

  it('never sells more units than there are when held orders add the last ones at once', async () => {
    const goods = await newGoods(t, {
      variants: [
        { priceFen: 3000, stock: 5, value: 'A' },
        { priceFen: 800, stock: 4, value: 'B' },
      ],
    });
    const [a, b] = goods.variants.map((variant) => variant.id) as [string, string];
    const buyers = await heldOrders(BUYERS);
    const baskets = [
      [{ goodsInfoId: a, quantity: 1 }],
      [
        { goodsInfoId: a, quantity: 1 },
        { goodsInfoId: b, quantity: 1 },
      ],
      [
        { goodsInfoId: b, quantity: 2 },
        { goodsInfoId: a, quantity: 1 },
      ],
    ];
    const answers = await Promise.all(
      buyers.map(({ user, order }, index) =>
        post<FilmOrder>(user.token, '/filmOrder/goods', {
          orderId: order.id,
          items: baskets[index % baskets.length],
        }),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.every((code) => code === 0 || code === ErrorCode.OUT_OF_STOCK)).toBe(true);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0);
    const stockA = await totalStock(a);
    const stockB = await totalStock(b);
    const cinemas = await cinemaCount();
    expect(stockA).toBeGreaterThanOrEqual(0);
    expect(stockB).toBeGreaterThanOrEqual(0);
    expect(stockA + (await activeUnits([a]))).toBe(5 * cinemas);
    expect(stockB + (await activeUnits([b]))).toBe(4 * cinemas);
    // Each order that was answered 0 charges exactly its seats plus its lines.
    for (const [index, { order }] of buyers.entries()) {
      const row = await orderRow(t, order.id);
      const lines = answers[index]!.code === 0 ? baskets[index % baskets.length]! : [];
      const goodsFen = lines.reduce(
        (sum, line) => sum + line.quantity * (line.goodsInfoId === a ? 3000 : 800),
        0,
      );
      expect(row.goods_fen).toBe(goodsFen);
      expect(row.amount_fen).toBe(Math.round(order.total * 100) + goodsFen);
    }
  });

  it('gives the units back exactly once when the sweep, cancels and late WeChat notices meet', async () => {
    const goods = await newGoods(t, { variants: [{ priceFen: 1500, stock: 40 }] });
    const variantId = goods.variants[0]!.id;
    const buyers = await heldOrders(12);
    const pays: (Awaited<ReturnType<typeof payWithWechat>> | null)[] = [];
    for (const [index, { user, order }] of buyers.entries()) {
      const added = await post<FilmOrder>(user.token, '/filmOrder/goods', {
        orderId: order.id,
        items: [{ goodsInfoId: variantId, quantity: 2 }],
      });
      expect(added.code).toBe(0);
      // Every third order has a WeChat payment under way whose notice will arrive late.
      pays.push(index % 3 === 0 ? await payWithWechat(t, user.token, order.id) : null);
    }
    expect(await totalStock(variantId)).toBe(40 * (await cinemaCount()) - 24);

    clock.advance(16 * 60);
    try {
      await Promise.all([
        sweepExpiredOrders({ db: t.db, clock: t.clock }),
        sweepExpiredOrders({ db: t.db, clock: t.clock }),
        ...buyers.map(({ user, order }, index) =>
          index % 2 === 0
            ? post(user.token, '/filmOrder/cancel', { orderId: order.id })
            : Promise.resolve(null),
        ),
        ...pays.map((pay) => (pay ? sandboxSheet(t, pay.body.data, 'success') : null)),
      ]);
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
    } finally {
      clock.advance(-16 * 60);
    }
    for (const { order } of buyers) {
      expect(['expired', 'cancelled']).toContain((await orderRow(t, order.id)).status);
    }
    expect(await activeUnits([variantId])).toBe(0);
    expect(await totalStock(variantId)).toBe(40 * (await cinemaCount()));
  });

  it('refunds the snacks once and the rest once when goods-only and full refunds race', async () => {
    const goods = await newGoods(t, { variants: [{ priceFen: 2500, stock: 50 }] });
    const variantId = goods.variants[0]!.id;
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      const user = await newUser(t);
      await setTestPayPassword(t, user.token, '258036');
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 3000 });
      const order = await holdSeats(t, user.token, { count: 1 });
      await post(user.token, '/filmOrder/goods', {
        orderId: order.id,
        items: [{ goodsInfoId: variantId, quantity: 1 }],
      });
      const amountFen = Math.round(order.total * 100) + 2500;
      const started = await payWithCards(t, user.token, {
        password: await encryptPassword(t, '258036'),
        param: filmParam(order.id),
        cardIdList: [card.id],
        payDetailParam: { wechatAmount: (amountFen - 3000) / 100 },
      });
      await sandboxSheet(t, started.body.data.wechatPay!, 'success');
      expect((await orderRow(t, order.id)).status).toBe('ticketed');

      const answers = await Promise.all([
        post(user.token, '/order/refundGoods', { orderId: order.id }),
        post(user.token, '/order/refundGoods', { orderId: order.id }),
        // Every other round the whole order is refunded at the same moment.
        round % 2 === 0
          ? post(user.token, '/order/refund', { orderId: order.id })
          : post(user.token, '/order/refundGoods', { orderId: order.id }),
      ]);
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(1);
      const money = await moneyOf(t, order.id);
      const row = await orderRow(t, order.id);
      if (row.status === 'refunded') {
        expect(money.collectedFen).toBe(0);
      } else {
        expect(codes.filter((code) => code === 0)).toHaveLength(1);
        expect(money.collectedFen).toBe(amountFen - 2500);
      }
      expect(await activeUnits([variantId])).toBe(0);
    }
    expect(await totalStock(variantId)).toBe(50 * (await cinemaCount()));
  });
});
