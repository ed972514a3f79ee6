import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@marquee/contracts';
import type { CounterSale, PrintJob, Shift } from '@marquee/contracts/console';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { demoSite } from '../staff/staff-test-kit.js';
import { newGoods, stockOf } from '../store/store-test-kit.js';
import { boxCall, newStaff, openShift, payCash } from './box-office-test-kit.js';

/** Snacks only at the counter: no ticket, a basket of goods sold, printed and refunded. */
describeOnEachDatabase('a snacks-only sale at the counter', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
  });
  afterAll(() => t?.close());

  it('sells a drink and popcorn for cash, prints a receipt with the pickup code, refunds them', async () => {
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    await openShift(t, till.token, 50);
    const drink = await newGoods(t, { variants: [{ priceFen: 1_200, stock: 5 }] });
    const popcorn = await newGoods(t, { variants: [{ priceFen: 2_500, stock: 2 }] });
    const items = [
      { goodsInfoId: drink.variants[0]!.id, quantity: 2 },
      { goodsInfoId: popcorn.variants[0]!.id, quantity: 1 },
    ];

    const tooMany = await boxCall(t, till.token, '/sale/snacks', {
      items: [{ goodsInfoId: popcorn.variants[0]!.id, quantity: 3 }],
    });
    expect(tooMany.body.code).toBe(ErrorCode.OUT_OF_STOCK);
    expect(await stockOf(t, popcorn.variants[0]!.id)).toBe(2);

    const sale = await boxCall<CounterSale>(t, till.token, '/sale/snacks', { items });
    expect(sale.body.code, sale.body.msg).toBe(0);
    expect(sale.body.data).toMatchObject({
      status: 'pending_payment',
      show: null,
      seats: [],
      ticketsAmount: 0,
      goodsAmount: 49,
      amount: 49,
    });
    expect(sale.body.data.goods.map((line) => line.quantity)).toEqual(
      expect.arrayContaining([2, 1]),
    );
    expect(await stockOf(t, drink.variants[0]!.id)).toBe(3);
    const row = await t.db
      .selectFrom('orders')
      .select(['kind', 'channel', 'sold_by_staff_id', 'cinema_id'])
      .where('id', '=', sale.body.data.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kind: 'store',
      channel: 'counter',
      sold_by_staff_id: till.id,
      cinema_id: site.firstCinemaId,
    });

    const paid = await payCash(t, till.token, sale.body.data.orderId, 50);
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.change).toBe(1);
    expect(paid.body.data.sale.ticketCode).toBeNull();
    const goodsCode = paid.body.data.sale.goodsCode;
    expect(goodsCode).toMatch(/^\d+$/);

    const print = await boxCall<PrintJob>(t, till.token, '/print', {
      orderId: sale.body.data.orderId,
    });
    expect(print.body.code, print.body.msg).toBe(0);
    expect(print.body.data.tickets).toEqual([]);
    expect(print.body.data.receipt).toMatchObject({
      amount: 49,
      tendered: 50,
      change: 1,
      goodsCode,
    });
    expect(print.body.data.receipt.lines).toHaveLength(2);
    expect(print.body.data.receipt.goodsQrText).toContain(goodsCode!);

    const refund = await boxCall<{ cashBack: number; status: string }>(t, till.token, '/refund', {
      orderId: sale.body.data.orderId,
      reason: '顾客不要了',
    });
    expect(refund.body.code, refund.body.msg).toBe(0);
    expect(refund.body.data).toMatchObject({ cashBack: 49, status: 'refunded' });
    expect(await stockOf(t, drink.variants[0]!.id)).toBe(5);
    expect(await stockOf(t, popcorn.variants[0]!.id)).toBe(2);
    const shift = await boxCall<{ shift: Shift }>(t, till.token, '/shifts/current');
    expect(shift.body.data.shift.expectedCash).toBe(50);
  });

  it('gives the snacks back to stock when the customer walks away', async () => {
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    const drink = await newGoods(t, { variants: [{ priceFen: 800, stock: 4 }] });
    const sale = await boxCall<CounterSale>(t, till.token, '/sale/snacks', {
      items: [{ goodsInfoId: drink.variants[0]!.id, quantity: 4 }],
    });
    expect(await stockOf(t, drink.variants[0]!.id)).toBe(0);
    const cancelled = await boxCall<CounterSale>(t, till.token, '/sale/cancel', {
      orderId: sale.body.data.orderId,
    });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockOf(t, drink.variants[0]!.id)).toBe(4);
  });
});
