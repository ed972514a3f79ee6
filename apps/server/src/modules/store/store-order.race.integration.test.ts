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
 * Stock is each cinema's (decision 050): the buyers all pick up at one cinema while another has
 * plenty, and that other cinema's units never move. (PGlite runs one statement at a time, so the
 * race is only real on the server.)
 */
const BUYERS = 30;
const INITIAL = 10;
const ELSEWHERE = 50;

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

  /** Another cinema of the demo site than the one the buyers pick up at. */
  async function otherCinemaId() {
    const pickup = await demoCinemaId({ db: t.db });
    const other = await t.db
      .selectFrom('cinemas')
      .innerJoin('sites', 'sites.id', 'cinemas.site_id')
      .select('cinemas.id')
      .where('sites.code', '=', DEMO_SITE_CODE)
      .where('cinemas.id', '<>', pickup)
      .executeTakeFirstOrThrow();
    return other.id;
  }

  /**
   * Units per variant at a cinema: left in stock, and taken by lines still reserved or sold
   * there (the pickup cinema unless told).
   */
  async function ledger(variantId: string, cinemaId?: string) {
    const at = cinemaId ?? (await demoCinemaId({ db: t.db }));
    const row = await t.db
      .selectFrom('goods_stock')
      .select('stock')
      .where('variant_id', '=', variantId)
      .where('cinema_id', '=', at)
      .executeTakeFirstOrThrow();
    const taken = await t.db
      .selectFrom('store_order_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('units'))
      .where('variant_id', '=', variantId)
      .where('cinema_id', '=', at)
      .where('state', 'in', ['reserved', 'sold'])
      .executeTakeFirstOrThrow();
    return { stock: row.stock, taken: Number(taken.units) };
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

  it('two buyers for the last unit at one cinema: one gets it, though another cinema has more', async () => {
    const pickup = await demoCinemaId({ db: t.db });
    const other = await otherCinemaId();
    const goods = await newGoods(
      { db: t.db },
      { variants: [{ priceFen: 900, stock: 1, stockAt: { [other]: 5 } }] },
    );
    const variantId = goods.variants[0]!.id;
    const tokens = await Promise.all([1, 2].map(() => signIn(t.app, uniqueOpenid('last'))));
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const response = await fetch(`${baseUrl}/api/storeOrder/create`, {
          method: 'POST',
          headers: { site: DEMO_SITE_CODE, token, 'content-type': 'application/json' },
          body: JSON.stringify({
            cinemaId: pickup,
            phone: PHONE,
            items: [{ goodsInfoId: variantId, quantity: 1 }],
          }),
        });
        return (await response.json()) as Envelope<OrderDetail>;
      }),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.OUT_OF_STOCK]);
    expect(answers.find((answer) => answer.code !== 0)?.data).toMatchObject({ available: 0 });
    expect(await ledger(variantId)).toEqual({ stock: 0, taken: 1 });
    expect(await ledger(variantId, other)).toEqual({ stock: 5, taken: 0 });
  });

  it('never oversells the last units; every loser hears OUT_OF_STOCK', async () => {
    const other = await otherCinemaId();
    const goods = await newGoods(
      { db: t.db },
      {
        variants: [
          { priceFen: 1200, stock: INITIAL, value: 'A', stockAt: { [other]: ELSEWHERE } },
          { priceFen: 1500, stock: INITIAL, value: 'B', stockAt: { [other]: ELSEWHERE } },
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
      .selectFrom('store_order_lines')
      .select('order_id')
      .distinct()
      .where('variant_id', 'in', [a, b])
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
      expect(await ledger(variantId, other)).toEqual({ stock: ELSEWHERE, taken: 0 });
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
