import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { newUser } from '../cards/cards-test-kit.js';
import { DEMO_PASSWORDS, staffToken } from '../staff/staff-test-kit.js';
import { consoleGoodsWithStock, goodsConsole } from './goods-console-test-kit.js';
import { orderGoods, stockOf } from './store-test-kit.js';

describeOnEachDatabase('stock movements in the staff console', (kind) => {
  let t: TestApp;
  let g: ReturnType<typeof goodsConsole>;
  const tokens = { owner: '', manager: '' };
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: 8 });
    g = goodsConsole(t);
    tokens.owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    tokens.manager = await staffToken(t.app, 'manager', DEMO_PASSWORDS.manager);
  });
  afterAll(() => t?.close());

  const movementCount = async (variantId: string) =>
    Number(
      (
        await t.db
          .selectFrom('stock_movements')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('variant_id', '=', variantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('changes stock by each movement and lists them newest first with who did it', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 10);
    const variantId = goods.variants[0]!.id;
    const damaged = await g.move(tokens.owner, {
      variantId,
      delta: -3,
      reason: 'damaged',
      note: '搬运时摔坏',
    });
    expect(damaged.body.data.variants[0]!.stock).toBe(7);
    await g.move(tokens.manager, { variantId, delta: 2, reason: 'correction', note: '盘点多出' });
    expect(await stockOf(t, variantId)).toBe(9);
    const history = await g.movements(tokens.manager, goods.id);
    expect(
      history.body.data.list.map((m) => [m.delta, m.reason, m.note, m.stockAfter, m.staffName]),
    ).toEqual([
      [2, 'correction', '盘点多出', 9, expect.any(String)],
      [-3, 'damaged', '搬运时摔坏', 7, expect.any(String)],
      [10, 'received', '', 10, expect.any(String)],
    ]);
    expect(history.body.data.list[1]!.staffName).not.toBe(history.body.data.list[0]!.staffName);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'goods.stock')
      .where('entity_id', '=', variantId)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.before, (row.after as { stock: number }).stock])).toEqual([
      [{ stock: 0 }, 10],
      [{ stock: 10 }, 7],
      [{ stock: 7 }, 9],
    ]);
  });

  it('refuses a movement that would make stock negative, or does not fit its reason, changing nothing', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 4);
    const variantId = goods.variants[0]!.id;
    const short = await g.move(tokens.manager, { variantId, delta: -5, reason: 'lost' });
    expect([short.status, short.body.code]).toEqual([422, 42297]);
    expect(short.body.msg).toContain('现有库存 4 件');
    const cases = [
      { variantId, delta: -1, reason: 'received' },
      { variantId, delta: 1, reason: 'damaged' },
      { variantId, delta: 0, reason: 'correction' },
      { variantId, delta: 1.5, reason: 'received' },
      { variantId, delta: 1, reason: 'stolen' },
      { variantId, delta: 100001, reason: 'received' },
    ];
    for (const body of cases) {
      const answer = await g.move(tokens.manager, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(40001);
    }
    const unknown = await g.move(tokens.manager, {
      variantId: '00000000-0000-4000-8000-000000000000',
      delta: 1,
      reason: 'received',
    });
    expect(unknown.body.code).toBe(40401);
    expect(await stockOf(t, variantId)).toBe(4);
    expect(await movementCount(variantId)).toBe(1);
  });

  it('keeps open orders’ reserved units: order 3, damage 5, cancel the order, and stock ends right', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 10);
    const variantId = goods.variants[0]!.id;
    const user = await newUser(t);
    const order = await orderGoods(t, user.token, [{ variantId, quantity: 3 }]);
    const listed = (await g.list(tokens.manager)).body.data.goods.find((x) => x.id === goods.id)!;
    expect(listed.variants[0]).toMatchObject({ stock: 7, reservedCount: 3 });
    const damaged = await g.move(tokens.manager, { variantId, delta: -5, reason: 'damaged' });
    expect(damaged.body.data.variants[0]).toMatchObject({ stock: 2, reservedCount: 3 });
    // The 3 units promised to the unpaid order cannot be written off under it.
    const tooMany = await g.move(tokens.manager, { variantId, delta: -3, reason: 'damaged' });
    expect(tooMany.body.code).toBe(42297);
    expect(tooMany.body.msg).toContain('3 件');
    const cancelled = await call<OrderDetail>(t.app, {
      method: 'POST',
      url: '/api/storeOrder/cancel',
      token: user.token,
      body: { orderId: order.orderId },
    });
    expect(cancelled.body.code).toBe(0);
    expect(await stockOf(t, variantId)).toBe(10 - 5);
    const after = (await g.list(tokens.manager)).body.data.goods.find((x) => x.id === goods.id)!;
    expect(after.variants[0]).toMatchObject({ stock: 5, reservedCount: 0 });
  });

  it('loses no update when many movements of one variant arrive at once', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 5);
    const variantId = goods.variants[0]!.id;
    const moves = [
      ...Array.from({ length: 12 }, () => ({ delta: 2, reason: 'received' })),
      ...Array.from({ length: 10 }, () => ({ delta: -3, reason: 'damaged' })),
    ];
    const answers = await Promise.all(
      moves.map((move, i) => g.move(i % 2 ? tokens.owner : tokens.manager, { variantId, ...move })),
    );
    // 5 + 24 − 30 < 0: whatever the order, the counter never went below 0, and every accepted
    // movement counts exactly once.
    const accepted = moves.filter((_, i) => answers[i]!.body.code === 0);
    expect(answers.every((a) => a.body.code === 0 || a.body.code === 42297)).toBe(true);
    const expected = 5 + accepted.reduce((sum, move) => sum + move.delta, 0);
    expect(await stockOf(t, variantId)).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(0);
    expect(await movementCount(variantId)).toBe(1 + accepted.length);
    const rows = await t.db
      .selectFrom('stock_movements')
      .select(['delta', 'stock_after'])
      .where('variant_id', '=', variantId)
      .orderBy('id')
      .execute();
    // Replaying the movements in commit order gives each row's stock_after.
    let running = 0;
    for (const row of rows) {
      running += row.delta;
      expect(row.stock_after).toBe(running);
    }
  });

  it('keeps movements append-only', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 1);
    await expect(
      t.db
        .updateTable('stock_movements')
        .set({ delta: 100 })
        .where('goods_id', '=', goods.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.deleteFrom('stock_movements').where('goods_id', '=', goods.id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  /** The demo cinemas by name: the manager covers the first (人民广场店). */
  const cinemaIds = async () => {
    const rows = await t.db
      .selectFrom('cinemas')
      .innerJoin('sites', 'sites.id', 'cinemas.site_id')
      .select('cinemas.id')
      .where('sites.code', '=', DEMO_SITE_CODE)
      .orderBy('cinemas.name')
      .execute();
    return rows.map((row) => row.id);
  };

  it('transfers units between cinemas as one pair of movements, each cinema keeping its own', async () => {
    const [first, second] = (await cinemaIds()) as [string, string];
    const goods = await consoleGoodsWithStock(t, tokens.manager, 10);
    const variantId = goods.variants[0]!.id;
    const moved = await g.transfer(tokens.manager, {
      variantId,
      fromCinemaId: first,
      toCinemaId: second,
      quantity: 4,
      note: '周末调货',
    });
    expect(moved.body.code).toBe(0);
    const at = (id: string) => moved.body.data.variants[0]!.cinemas.find((c) => c.cinemaId === id);
    expect(at(first)).toMatchObject({ stock: 6 });
    expect(at(second)).toMatchObject({ stock: 4 });
    expect(moved.body.data.variants[0]!.stock).toBe(10);
    expect([await stockOf(t, variantId, first), await stockOf(t, variantId, second)]).toEqual([
      6, 4,
    ]);
    const pair = await t.db
      .selectFrom('stock_movements')
      .select(['cinema_id', 'delta', 'reason', 'stock_after', 'transfer_id'])
      .where('variant_id', '=', variantId)
      .where('transfer_id', 'is not', null)
      .orderBy('delta')
      .execute();
    expect(pair.map((row) => [row.cinema_id, row.delta, row.reason, row.stock_after])).toEqual([
      [first, -4, 'transfer_out', 6],
      [second, 4, 'transfer_in', 4],
    ]);
    expect(pair[0]!.transfer_id).toBe(pair[1]!.transfer_id);
    const history = await g.movements(tokens.manager, goods.id);
    expect(
      history.body.data.list
        .slice(0, 2)
        .map((m) => m.reason)
        .sort(),
    ).toEqual(['transfer_in', 'transfer_out']);

    // More than the source has: refused whole, nothing moved at either cinema.
    const short = await g.transfer(tokens.owner, {
      variantId,
      fromCinemaId: second,
      toCinemaId: first,
      quantity: 5,
    });
    expect(short.body.code).toBe(42297);
    expect(short.body.msg).toContain('4');
    expect([await stockOf(t, variantId, first), await stockOf(t, variantId, second)]).toEqual([
      6, 4,
    ]);
    expect(await movementCount(variantId)).toBe(3);
  });

  it('refuses movements and settings at a cinema the manager does not cover', async () => {
    const [, second] = (await cinemaIds()) as [string, string];
    const goods = await consoleGoodsWithStock(t, tokens.owner, 3);
    const variantId = goods.variants[0]!.id;
    const moved = await g.move(tokens.manager, {
      variantId,
      cinemaId: second,
      delta: 5,
      reason: 'received',
    });
    expect(moved.body.code).toBe(40301);
    const set = await g.settings(tokens.manager, {
      variantId,
      cinemaId: second,
      reorderLevel: 2,
      isOnSale: false,
      priceFen: null,
    });
    expect(set.body.code).toBe(40301);
    expect(await stockOf(t, variantId, second)).toBe(0);
  });

  it('flags low stock at or below each cinema’s reorder level, and the store follows a cinema’s price and sale', async () => {
    const [first, second] = (await cinemaIds()) as [string, string];
    const goods = await consoleGoodsWithStock(t, tokens.owner, 3);
    const variantId = goods.variants[0]!.id;
    await g.move(tokens.owner, { variantId, cinemaId: second, delta: 20, reason: 'received' });
    const set = await g.settings(tokens.owner, {
      variantId,
      cinemaId: first,
      reorderLevel: 3,
      isOnSale: true,
      priceFen: 2800,
    });
    expect(set.body.code).toBe(0);
    const rows = set.body.data.variants[0]!.cinemas;
    expect(rows.find((c) => c.cinemaId === first)).toMatchObject({
      stock: 3,
      reorderLevel: 3,
      isLow: true,
      priceFen: 2800,
    });
    expect(rows.find((c) => c.cinemaId === second)).toMatchObject({ stock: 20, isLow: false });

    const detail = (cinemaId: string) =>
      call<{ goodsInfoList: { id: string; price: number; stock: number }[] }>(t.app, {
        method: 'GET',
        url: `/api/goods/getGoodsDetail?id=${goods.id}&cinemaId=${cinemaId}`,
      });
    expect((await detail(first)).body.data.goodsInfoList[0]).toMatchObject({
      price: 28,
      stock: 3,
    });
    expect((await detail(second)).body.data.goodsInfoList[0]).toMatchObject({
      price: 25,
      stock: 20,
    });

    // Off sale at the first cinema only: its store no longer offers it, the second's does.
    await g.settings(tokens.owner, {
      variantId,
      cinemaId: first,
      reorderLevel: 3,
      isOnSale: false,
      priceFen: null,
    });
    expect((await detail(first)).body.code).toBe(40401);
    expect((await detail(second)).body.code).toBe(0);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', variantId)
      .where('action', '=', 'goods.cinemaStock')
      .execute();
    expect(audit).toHaveLength(2);
  });
});
