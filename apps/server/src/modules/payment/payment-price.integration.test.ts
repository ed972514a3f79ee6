import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import {
  filmParam,
  holdSeats,
  newKey,
  orderRow,
  payWithCards,
  paymentsOf,
} from './payment-test-kit.js';
import { newOutTradeNo } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';

/**
 * The price a payment is made at (decision 045), in the database: an unpaid order's price stays
 * while a part of its payment is pending, and an attempt whose parts do not add up to the order's
 * price is refused at commit. The races and the paying calls' answers to them:
 * coupon-payment.race.integration.test.ts.
 */

const PASSWORD = '258036';

describeOnEachDatabase('the price a payment is made at', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function buyer() {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    const order = await holdSeats(t, user.token, { count: 1 });
    return { user, card, orderId: order.id, amountFen: Math.round(order.total * 100) };
  }

  it('keeps the price of an unpaid order whose payment part is pending, in the database', async () => {
    const b = await buyer();
    const started = await payWithCards(t, b.user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(b.orderId),
      cardIdList: [b.card.id],
      payDetailParam: { wechatAmount: 10 },
    });
    expect(started.body.code).toBe(0);
    // As a service that forgot to look for a pending part would do.
    await expect(
      t.db
        .updateTable('orders')
        .set({ amount_fen: b.amountFen - 500, discount_fen: 500 })
        .where('id', '=', b.orderId)
        .execute(),
    ).rejects.toThrow(/has a payment pending/);
    expect((await orderRow(t, b.orderId)).amount_fen).toBe(b.amountFen);
    // Changes that keep the price (a phone number) are still fine.
    await t.db
      .updateTable('orders')
      .set({ phone: '13912345678' })
      .where('id', '=', b.orderId)
      .execute();
  });

  it('refuses an attempt whose parts do not add up to the order price, at commit', async () => {
    const b = await buyer();
    const now = t.clock.now();
    const write = (fen: number) =>
      t.db.transaction().execute(async (trx) => {
        const attemptId = await paymentRepository.claimAttempt(trx, {
          siteId: b.user.siteId,
          userId: b.user.userId,
          key: newKey(),
          call: 'wechat',
          orderId: b.orderId,
          requestHash: 'h',
          createdAt: now,
        });
        await paymentRepository.insertPayment(trx, {
          order_id: b.orderId,
          site_id: b.user.siteId,
          user_id: b.user.userId,
          attempt_id: attemptId,
          method: 'wechat',
          amount_fen: fen,
          out_trade_no: newOutTradeNo(now),
          created_at: now,
          updated_at: now,
          expires_at: new Date(now.getTime() + 600_000),
        });
      });
    // A WeChat part priced before a ¥5 coupon came off.
    await expect(write(b.amountFen + 500)).rejects.toThrow(/adds up to/);
    expect(await paymentsOf(t, b.orderId)).toEqual([]);
    await write(b.amountFen);
    expect((await paymentsOf(t, b.orderId)).map((p) => p.amount_fen)).toEqual([b.amountFen]);
  });
});
