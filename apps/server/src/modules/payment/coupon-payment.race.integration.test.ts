import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CardPayAnswer } from '@marquee/contracts';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import { encryptPassword } from '../cards/cards-test-kit.js';
import {
  CHANGE_CODES,
  PASSWORD,
  PAY_CODES,
  ROUND_TIMEOUT_MS,
  TEN_OFF,
  openCouponRace,
  sleep,
  type Buyer,
  type CouponRace,
} from './coupon-race-test-kit.js';
import { filmParam, newKey, payWithCards, sandboxSheet } from './payment-test-kit.js';

/**
 * A card or combined payment and a coupon change (apply another coupon, or remove it) on the same
 * order at once, on the PostgreSQL server (PGlite runs one statement at a time): whichever takes
 * the order lock second sees the first (decision 045). The payment either wins (the order is paid
 * exactly the price it was priced at; the coupon change is refused with 40920 while a part is
 * pending, or 42203 once the order is paid) or loses (40901: the price changed under it; nothing
 * moved: card balance and ledger untouched, no part left pending, its idempotency key given back).
 * Never a 5xx, never a paid order whose money differs from its price. WeChat's side of the race:
 * coupon-settle.race.integration.test.ts.
 */

describeOnPostgres('a card payment racing a coupon change on the same order', () => {
  let t: TestApp;
  let r: CouponRace;

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000 });
    r = await openCouponRace(t);
  });
  afterAll(() => t?.close());

  /**
   * Hold the order's row lock until the paying call waits for it: it has checked the order and
   * spent its password try by then. The coupon is removed (as coupon/apply with `couponId: null`
   * does) before the paying call gets the row.
   */
  async function payWhileCouponRemoved<T>(b: Buyer, pay: () => Promise<T>): Promise<T> {
    let pid = 0;
    let reprice!: () => void;
    const repriced = new Promise<void>((resolve) => (reprice = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
      await trx.selectFrom('orders').select('id').where('id', '=', b.orderId).forUpdate().execute();
      await repriced;
      await trx
        .updateTable('coupons')
        .set({ status: 'unused', order_id: null, discount_fen: 0 })
        .where('order_id', '=', b.orderId)
        .execute();
      await trx
        .updateTable('orders')
        .set((eb) => ({
          amount_fen: eb('amount_fen', '+', eb.ref('discount_fen')),
          discount_fen: 0,
        }))
        .where('id', '=', b.orderId)
        .execute();
    });
    while (pid === 0) await sleep(5);
    const paying = pay();
    try {
      const giveUpAt = Date.now() + 60_000;
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where ${pid}::int = any(pg_blocking_pids(pid))`.execute(t.db);
        if (rows[0]!.waiting > 0) break;
        if (Date.now() > giveUpAt)
          throw new Error('the paying call never waited for the order lock');
        await sleep(5);
      }
    } finally {
      reprice();
      await holder;
    }
    return paying;
  }

  it(
    'refuses a payment whose order was re-priced while it waited for the lock (40901), spending nothing',
    async () => {
      for (const isCombined of [false, true]) {
        const b = await r.buyer();
        const key = newKey();
        const body = {
          password: await encryptPassword(t, PASSWORD),
          param: filmParam(b.orderId),
          cardIdList: [b.card.id],
          ...(isCombined ? { payDetailParam: { wechatAmount: 10 } } : {}),
        };
        const refused = await payWhileCouponRemoved(b, () =>
          payWithCards(t, b.user.token, body, key),
        );
        const context = `${isCombined ? 'combined' : 'card only'}: ${JSON.stringify(refused.body)}`;
        expect(refused.status, context).toBe(409);
        expect(refused.body.code, context).toBe(40901);
        expect(refused.body.data, context).toMatchObject({
          reason: 'priceChanged',
          orderId: b.orderId,
          pricedAmount: (b.fullFen - TEN_OFF) / 100,
          payAmount: b.fullFen / 100,
        });
        expect(refused.body.msg, context).toContain(`¥${(b.fullFen / 100).toFixed(2)}`);
        await r.expectNothingMoved(b, context);
        // Its key was given back: the same attempt, sent again, pays the new price.
        const again = await payWithCards(
          t,
          b.user.token,
          { ...body, password: await encryptPassword(t, PASSWORD) },
          key,
        );
        expect(again.body.code, context).toBe(0);
        if (isCombined) {
          const pay = (again.body.data as CardPayAnswer).wechatPay!;
          expect((await sandboxSheet(t, pay, 'success', 1)).status).toBe(200);
        }
        const money = await r.expectPaidWhole(b, isCombined ? 1000 : 0, context);
        expect(money.amountFen).toBe(b.fullFen);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'answers a card payment racing coupon/apply with a documented code, paid whole or untouched',
    async () => {
      const outcomes = { paid: 0, refused: 0, paidAfterChange: 0 };
      const delays = await r.delaysFor((b) => r.payCardOnly(b));
      for (let round = 0; round < 20; round += 1) {
        const b = await r.buyer();
        const change = r.changeOf(round, b);
        if (change.removeFirst) expect((await r.apply(b, null)).body.code).toBe(0);
        const before = await r.priceOf(b.orderId);
        const key = newKey();
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await r.race(
          () => r.payCardOnly(b, key),
          () => r.apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        expect(paid.status, context).toBeLessThan(500);
        expect(changed.status, context).toBeLessThan(500);
        const after = await r.priceOf(b.orderId);
        if (paid.body.code === 0) {
          const money = await r.expectPaidWhole(b, 0, context);
          expect((paid.body.data as CardPayAnswer).cardAmount * 100, context).toBeCloseTo(
            money.amountFen,
          );
          if (changed.body.code === 0) {
            // The change committed before the payment priced the order: it paid the new price.
            expect(after.amount_fen, context).toBe(change.payFen);
            outcomes.paidAfterChange += 1;
          } else {
            // The payment won: the order kept the price it was paid at.
            expect(changed.body.code, context).toBe(42203);
            expect(after.amount_fen, context).toBe(before.amount_fen);
            outcomes.paid += 1;
          }
        } else {
          expect(changed.body.code, context).toBe(0);
          expect(after.amount_fen, context).toBe(change.payFen);
          await r.expectNothingMoved(b, context);
          // The refused payment gave its key back: the same key pays the new price.
          const again = await r.payCardOnly(b, key);
          expect(again.body.code, context).toBe(0);
          await r.expectPaidWhole(b, 0, `${context}, paid again`);
          outcomes.refused += 1;
        }
      }
      // Both sides won some rounds (else the race was not run).
      expect(outcomes.paid + outcomes.paidAfterChange, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'answers a combined payment racing a coupon change so that its WeChat part pays the order whole',
    async () => {
      const outcomes = { pending: 0, refused: 0 };
      const delays = await r.delaysFor((b) => r.payCombined(b, 1000));
      for (let round = 0; round < 20; round += 1) {
        const b = await r.buyer();
        const change = r.changeOf(round, b);
        if (change.removeFirst) expect((await r.apply(b, null)).body.code).toBe(0);
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await r.race(
          () => r.payCombined(b, 1000),
          () => r.apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        if (paid.body.code === 0) {
          // The parts were priced from the order as it is now, and it cannot change while they are
          // pending: WeChat's success pays the order, never an automatic refund.
          const after = await r.priceOf(b.orderId);
          if (changed.body.code === 0) expect(after.amount_fen, context).toBe(change.payFen);
          else expect(changed.body.code, context).toBe(40920);
          const pay = (paid.body.data as CardPayAnswer).wechatPay!;
          expect(pay.amount, context).toBe(10);
          const removed = await r.apply(b, null);
          expect(removed.body.code, context).toBe(40920);
          expect(removed.body.data, context).toMatchObject({ reason: 'couponWhilePaying' });
          expect((await sandboxSheet(t, pay, 'success', 1)).status, context).toBe(200);
          await r.expectPaidWhole(b, 1000, context);
          expect((await r.priceOf(b.orderId)).amount_fen, context).toBe(after.amount_fen);
          outcomes.pending += 1;
        } else {
          expect(changed.body.code, context).toBe(0);
          expect((await r.priceOf(b.orderId)).amount_fen, context).toBe(change.payFen);
          await r.expectNothingMoved(b, context);
          outcomes.refused += 1;
        }
      }
      expect(outcomes.pending, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
    },
    ROUND_TIMEOUT_MS,
  );
});
