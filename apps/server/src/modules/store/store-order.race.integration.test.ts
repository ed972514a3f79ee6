import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type OrderDetail } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import {
  createTestApp,
  signIn,
  TestClock,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { demoCinemaId, newGoods, PHONE } from './store-test-kit.js';

/**
 * 30 signed-in buyers at once try to take the last units of two variants, over real HTTP against a
 * listening server with 20 database connections; half of the multi-line orders name the variants
 * in the opposite order. PostgreSQL must never let stock go below zero nor sell a unit twice, and
 * every buyer who gets nothing must hear OUT_OF_STOCK. Then, past the deadline, 30 more buyers race
 * the expiry sweep for the units of the expired orders: they come back exactly once.
 * (PGlite runs one statement at a time, so the race is only real on the server.)
 */
const BUYERS = 30;
const INITIAL = 10;

describeOnPostgres('store stock under a race', () => {
  const clock = new TestClock();
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000, clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** Every buyer at once; buyer i wants one of three baskets, two of them in opposite orders. */
  async function rush(variantA: string, variantB: string) {
    const cinemaId = await demoCinemaId({ db: t.db });
    const tokens = await Promise.all(
      Array.from({ length: BUYERS }, () => signIn(t.app, uniqueOpenid('shopper'))),
    );
    const baskets = [
      [{ goodsInfoId: variantA, quantity: 1 }],
      [
        { goodsInfoId: variantA, quantity: 2 },
        { goodsInfoId: variantB, quantity: 1 },
      ],
      [
        { goodsInfoId: variantB, quantity: 2 },
        { goodsInfoId: variantA, quantity: 1 },
      ],
    ];
    return Promise.all(
      tokens.map(async (token, index) => {
        const items = baskets[index % baskets.length]!;
        const response = await fetch(`${baseUrl}/api/storeOrder/create`, {
          method: 'POST',
          headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
          body: JSON.stringify({ cinemaId, phone: PHONE, items }),
        });
        return { items, answer: (await response.json()) as Envelope<OrderDetail> };
      }),
    );
  }

  /** Units per variant: left in stock, and taken by lines still reserved or sold. */
  async function ledger(variantId: string) {
    const variant = await t.db
      .selectFrom('goods_variants')
      .select('stock')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    const taken = await t.db
      .selectFrom('store_order_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('units'))
      .where('variant_id', '=', variantId)
      .where('state', 'in', ['reserved', 'sold'])
      .executeTakeFirstOrThrow();
    return { stock: variant.stock, taken: Number(taken.units) };
  }

  function unitsWon(results: Awaited<ReturnType<typeof rush>>, variantId: string) {
    return results
      .filter((result) => result.answer.code === 0)
      .flatMap((result) => result.items)
      .filter((item) => item.goodsInfoId === variantId)
      .reduce((sum, item) => sum + item.quantity, 0);
  }

  function expectOnlyWinnersAndOutOfStock(results: Awaited<ReturnType<typeof rush>>) {
    const codes = results.map((result) => result.answer.code);
    expect(
      codes.every((code) => code === 0 || code === ErrorCode.OUT_OF_STOCK),
      JSON.stringify(codes),
    ).toBe(true);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === ErrorCode.OUT_OF_STOCK).length).toBeGreaterThan(0);
    for (const loser of results.filter((result) => result.answer.code !== 0)) {
      expect(loser.answer.data).toMatchObject({
        name: expect.any(String),
        available: expect.any(Number),
      });
    }
  }

  it('never oversells the last units; every loser hears OUT_OF_STOCK', async () => {
    const goods = await newGoods(
      { db: t.db },
      {
        variants: [
          { priceFen: 1200, stock: INITIAL, value: 'A' },
          { priceFen: 1500, stock: INITIAL, value: 'B' },
        ],
      },
    );
    const [a, b] = goods.variants.map((variant) => variant.id) as [string, string];

    const first = await rush(a, b);
    expectOnlyWinnersAndOutOfStock(first);
    for (const variantId of [a, b]) {
      const { stock, taken } = await ledger(variantId);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(taken).toBe(unitsWon(first, variantId));
      expect(stock + taken).toBe(INITIAL);
    }
    const winners = first.filter((result) => result.answer.code === 0);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('kind', '=', 'store')
      .execute();
    expect(orders.length).toBe(winners.length);

    // Past the deadline: new buyers take over expired reservations while the sweep runs too.
    clock.advance(16 * 60);
    const [second] = await Promise.all([
      rush(a, b),
      sweepExpiredOrders({ db: t.db, clock }),
      sweepExpiredOrders({ db: t.db, clock }),
    ]);
    await sweepExpiredOrders({ db: t.db, clock });
    expectOnlyWinnersAndOutOfStock(second);
    for (const variantId of [a, b]) {
      const { stock, taken } = await ledger(variantId);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(taken).toBe(unitsWon(second, variantId));
      expect(stock + taken).toBe(INITIAL);
    }
    const firstIds = winners.map((result) => result.answer.data.orderId);
    const expiries = await t.db
      .selectFrom('order_events')
      .select('order_id')
      .where('order_id', 'in', firstIds)
      .where('to_status', '=', 'expired')
      .execute();
    expect(expiries.length).toBe(firstIds.length);
    expect(new Set(expiries.map((row) => row.order_id)).size).toBe(firstIds.length);
  });
});
