import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CardPayAnswer, WechatPay } from '@marquee/contracts';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import {
  CHANGE_CODES,
  PAY_CODES,
  ROUND_TIMEOUT_MS,
  TEN_OFF,
  openCouponRace,
  type CouponRace,
} from './coupon-race-test-kit.js';
import { payWithWechat, prepayIdOf, sandboxSheet, sweepPaymentsNow } from './payment-test-kit.js';

/**
 * WeChat's side of a payment racing a coupon change on the same order, on the PostgreSQL server
 * (decision 045): a WeChat prepay opens at the price the order has under the lock; WeChat's notice
 * and the payment sweep settle or give up a payment while the coupon changes, and the change is
 * refused (40920 while a part is pending, 42203 once the order is paid or past its deadline) or,
 * when no part is pending, goes through beside a refund of money that came too late. Never a 5xx,
 * never a paid order whose money differs from its price. The card side:
 * coupon-payment.race.integration.test.ts.
 */

describeOnPostgres('WeChat payments racing a coupon change on the same order', () => {
  let t: TestApp;
  let r: CouponRace;

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000 });
    r = await openCouponRace(t);
  });
  afterAll(() => t?.close());

  it(
    'prices a WeChat prepay racing a coupon change at the price that WeChat then collects',
    async () => {
      const delays = await r.delaysFor((b) => payWithWechat(t, b.user.token, b.orderId));
      for (let round = 0; round < 10; round += 1) {
        const b = await r.buyer();
        const change = r.changeOf(round, b);
        if (change.removeFirst) expect((await r.apply(b, null)).body.code).toBe(0);
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await r.race(
          () => payWithWechat(t, b.user.token, b.orderId),
          () => r.apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        expect(paid.body.code, context).toBe(0);
        const after = await r.priceOf(b.orderId);
        const pay = paid.body.data as WechatPay;
        expect(Math.round(pay.amount * 100), context).toBe(after.amount_fen);
        if (changed.body.code !== 0) expect(changed.body.code, context).toBe(40920);
        expect((await sandboxSheet(t, pay, 'success', 1)).status, context).toBe(200);
        const money = await r.expectPaidWhole(b, after.amount_fen, context);
        expect(money.amountFen, context).toBe(after.amount_fen);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'refuses a coupon change while WeChat notice settles the payment, and keeps the price paid',
    async () => {
      const delays = [0, 0, 2, 5, 10, 20, 40, 80];
      for (let round = 0; round < 8; round += 1) {
        const b = await r.buyer();
        const change = r.changeOf(round, b);
        if (change.removeFirst) expect((await r.apply(b, null)).body.code).toBe(0);
        const before = await r.priceOf(b.orderId);
        const started =
          round % 2 === 0
            ? await r.payCombined(b, 1000)
            : await payWithWechat(t, b.user.token, b.orderId);
        expect(started.body.code).toBe(0);
        const pay =
          round % 2 === 0
            ? (started.body.data as CardPayAnswer).wechatPay!
            : (started.body.data as WechatPay);
        const delay = delays[round % delays.length]!;
        const [settled, changed] = await r.race(
          () => sandboxSheet(t, pay, 'success', 2),
          () => r.apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): notice ${settled.status}, change ${changed.body.code}`;
        expect(settled.status, context).toBe(200);
        expect([40920, 42203], context).toContain(changed.body.code);
        expect((await r.priceOf(b.orderId)).amount_fen, context).toBe(before.amount_fen);
        await r.expectPaidWhole(b, round % 2 === 0 ? 1000 : before.amount_fen, context);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'refuses a coupon change while the payment sweep gives up an expired part, and moves no money',
    async () => {
      const delays = [0, 5, 20, 60];
      for (let round = 0; round < 4; round += 1) {
        const b = await r.buyer();
        const started = await r.payCombined(b, 1000);
        expect(started.body.code).toBe(0);
        const change = r.changeOf(round, b);
        // Past the hold's end: the sweep closes the WeChat part and releases the card part.
        t.clock.advance(16 * 60);
        try {
          const [, changed] = await r.race(
            () => sweepPaymentsNow(t),
            () => r.apply(b, change.couponId),
            delays[round % delays.length]!,
          );
          expect([40920, 42203], `round ${round}`).toContain(changed.body.code);
        } finally {
          t.clock.advance(-16 * 60);
        }
        expect((await r.priceOf(b.orderId)).amount_fen).toBe(b.fullFen - TEN_OFF);
        await r.expectNothingMoved(b, `round ${round}`);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'lets a coupon change and the sweep refunding a given-up payment both go through',
    async () => {
      const delays = [0, 5, 20, 60];
      for (let round = 0; round < 4; round += 1) {
        const b = await r.buyer();
        const started = await payWithWechat(t, b.user.token, b.orderId);
        expect(started.body.code).toBe(0);
        const pay = started.body.data as WechatPay;
        expect(
          (
            await call(t.app, {
              method: 'POST',
              url: '/api/payment/cancel',
              token: b.user.token,
              body: { paymentId: pay.paymentId },
            })
          ).body.code,
        ).toBe(0);
        // As if WeChat had not closed it after all and the user paid it without a notice reaching
        // us: the sweep finds the given-up payment paid and refunds it at once.
        await t.db
          .updateTable('sandbox_pay_transactions')
          .set({ state: 'NOTPAY' })
          .where('prepay_id', '=', prepayIdOf(pay))
          .execute();
        await t.db
          .updateTable('payments')
          .set({ provider_closed_at: null })
          .where('id', '=', pay.paymentId)
          .execute();
        expect((await sandboxSheet(t, pay, 'success', 0)).status).toBe(200);
        const change = r.changeOf(round, b);
        if (change.removeFirst) expect((await r.apply(b, null)).body.code).toBe(0);
        t.clock.advance(2 * 60);
        try {
          const [, changed] = await r.race(
            () => sweepPaymentsNow(t),
            () => r.apply(b, change.couponId),
            delays[round % delays.length]!,
          );
          expect(changed.body.code, `round ${round}`).toBe(0);
        } finally {
          t.clock.advance(-2 * 60);
        }
        expect((await r.priceOf(b.orderId)).amount_fen).toBe(change.payFen);
        await r.expectNothingMoved(b, `round ${round}`);
      }
    },
    ROUND_TIMEOUT_MS,
  );
});
