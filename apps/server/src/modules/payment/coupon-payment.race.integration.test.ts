import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CardPayAnswer, OrderCouponPrice, WechatPay } from '@marquee/contracts';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { createCampaign } from '../coupons/index.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  newKey,
  payWithCards,
  payWithWechat,
  paymentsOf,
  prepayIdOf,
  sandboxSheet,
  sweepPaymentsNow,
} from './payment-test-kit.js';

/**
 * A paying call and a coupon change (apply another coupon, or remove it) on the same order at
 * once, on the PostgreSQL server (PGlite runs one statement at a time): whichever takes the order
 * lock second sees the first. The payment either wins (the order is paid exactly the price it was
 * priced at; the coupon change is refused with 40920 while a part is pending, or 42203 once the
 * order is paid) or loses (40901: the price changed under it, or 40920; nothing moved: card
 * balance and ledger untouched, no part left pending, its idempotency key given back). Never a
 * 5xx, never a paid order whose money differs from its price.
 */

const PASSWORD = '258036';
const CARD_FEN = 100_000;
const TEN_OFF = 1000;
const FIVE_OFF = 500;
let codeCursor = 0;
/** Rounds take a second or two each on a busy machine. */
const ROUND_TIMEOUT_MS = 240_000;

/** Codes the paying calls may answer on this race, and those of the coupon change. */
const PAY_CODES = [0, 40901, 40920];
const CHANGE_CODES = [0, 40920, 42203];

describeOnPostgres('a payment racing a coupon change on the same order', () => {
  let t: TestApp;
  let campaignCodes: { ten: string; five: string };

  beforeAll(async () => {
    t = await createTestApp('postgres', { poolSize: 20, rateLimitPerMinute: 100_000 });
    const owner = await newUser(t);
    const campaign = async (discountValue: number) => {
      const now = t.clock.now().getTime();
      const code = `RACE${Date.now().toString(36).toUpperCase()}${(codeCursor += 1)}`;
      await createCampaign(t.db, {
        siteId: owner.siteId,
        title: `立减${discountValue / 100}元`,
        promoCode: code,
        discountKind: 'amount',
        discountValue,
        capFen: null,
        minSpendFen: 0,
        scope: 'tickets',
        filmIds: [],
        cinemaIds: [],
        validFrom: new Date(now - 86_400_000),
        validTo: new Date(Math.max(now, Date.now()) + 30 * 86_400_000),
        totalQuantity: 10_000,
        perUserLimit: 1,
      });
      return code;
    };
    campaignCodes = { ten: await campaign(TEN_OFF), five: await campaign(FIVE_OFF) };
  });
  afterAll(() => t?.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A buyer with a card, an order of one seat and two coupons, ¥10 off already applied. */
  async function buyer() {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: CARD_FEN });
    const order = await holdSeats(t, user.token, { count: 1 });
    const coupons: Record<'ten' | 'five', string> = { ten: '', five: '' };
    for (const which of ['ten', 'five'] as const) {
      const redeemed = await call<{ coupon: { couponId: string } }>(t.app, {
        method: 'POST',
        url: '/api/coupon/redeem',
        token: user.token,
        body: { code: campaignCodes[which] },
      });
      expect(redeemed.body.code).toBe(0);
      coupons[which] = redeemed.body.data.coupon.couponId;
    }
    const fullFen = Math.round(order.total * 100);
    const b = { user, card, orderId: order.id, fullFen, coupons };
    expect((await apply(b, coupons.ten)).body.code).toBe(0);
    return b;
  }
  type Buyer = Awaited<ReturnType<typeof buyer>>;

  function apply(b: Buyer, couponId: string | null) {
    return call<OrderCouponPrice>(t.app, {
      method: 'POST',
      url: '/api/coupon/apply',
      token: b.user.token,
      body: { orderId: b.orderId, couponId },
    });
  }

  /** Round by round: swap to the ¥5 coupon, remove the coupon, or put ¥10 back after a remove. */
  function changeOf(round: number, b: Buyer) {
    const choice = round % 3;
    if (choice === 0) return { couponId: b.coupons.five, payFen: b.fullFen - FIVE_OFF };
    if (choice === 1) return { couponId: null, payFen: b.fullFen };
    return { couponId: b.coupons.ten, payFen: b.fullFen - TEN_OFF, removeFirst: true };
  }

  async function payCardOnly(b: Buyer, key = newKey()) {
    return payWithCards(
      t,
      b.user.token,
      {
        password: await encryptPassword(t, PASSWORD),
        param: filmParam(b.orderId),
        cardIdList: [b.card.id],
      },
      key,
    );
  }

  async function payCombined(b: Buyer, wechatFen: number) {
    return payWithCards(t, b.user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(b.orderId),
      cardIdList: [b.card.id],
      payDetailParam: { wechatAmount: wechatFen / 100 },
    });
  }

  /** Run `first` and `second` at once, `second` after `delayMs` (the round's interleaving). */
  async function race<A, B>(first: () => Promise<A>, second: () => Promise<B>, delayMs: number) {
    return Promise.all([first(), (async () => (await sleep(delayMs), second()))()]);
  }

  /**
   * Delays that put the coupon change before, inside and after the paying call's steps: fractions
   * of how long `pay` takes alone on this machine now (measured on a buyer of its own).
   */
  async function delaysFor(pay: (b: Buyer) => Promise<unknown>): Promise<number[]> {
    const b = await buyer();
    const started = performance.now();
    await pay(b);
    const ms = performance.now() - started;
    return [0, 0.1, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.3].map((share) => Math.round(share * ms));
  }

  /** The order's price as the database has it, and its coupon's part. */
  async function priceOf(orderId: string) {
    return t.db
      .selectFrom('orders')
      .select(['status', 'amount_fen', 'discount_fen'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  /** Nothing moved: no card money, no part left pending, the card's balance whole. */
  async function expectNothingMoved(b: Buyer, context: string) {
    const money = await moneyOf(t, b.orderId);
    expect(money.isPaid, context).toBe(false);
    expect(money.collectedFen, context).toBe(0);
    expect(await balanceOf(t, b.card.id), context).toBe(CARD_FEN);
    const pending = (await paymentsOf(t, b.orderId)).filter((p) => p.status === 'pending');
    expect(pending, context).toEqual([]);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  }

  /** Paid exactly its price, by this card (less `wechatFen` paid by WeChat). */
  async function expectPaidWhole(b: Buyer, wechatFen: number, context: string) {
    const money = await moneyOf(t, b.orderId);
    expect(money.isPaid, `${context}: ${JSON.stringify(money)}`).toBe(true);
    expect(money.collectedFen, context).toBe(money.amountFen);
    expect(money.wechatFen, context).toBe(wechatFen);
    expect(await balanceOf(t, b.card.id), context).toBe(CARD_FEN - (money.amountFen - wechatFen));
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    return money;
  }

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
        const b = await buyer();
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
        await expectNothingMoved(b, context);
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
        const money = await expectPaidWhole(b, isCombined ? 1000 : 0, context);
        expect(money.amountFen).toBe(b.fullFen);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'answers a card payment racing coupon/apply with a documented code, paid whole or untouched',
    async () => {
      const outcomes = { paid: 0, refused: 0, paidAfterChange: 0 };
      const delays = await delaysFor((b) => payCardOnly(b));
      for (let round = 0; round < 20; round += 1) {
        const b = await buyer();
        const change = changeOf(round, b);
        if (change.removeFirst) expect((await apply(b, null)).body.code).toBe(0);
        const before = await priceOf(b.orderId);
        const key = newKey();
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await race(
          () => payCardOnly(b, key),
          () => apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        expect(paid.status, context).toBeLessThan(500);
        expect(changed.status, context).toBeLessThan(500);
        const after = await priceOf(b.orderId);
        if (paid.body.code === 0) {
          const money = await expectPaidWhole(b, 0, context);
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
          await expectNothingMoved(b, context);
          // The refused payment gave its key back: the same key pays the new price.
          const again = await payCardOnly(b, key);
          expect(again.body.code, context).toBe(0);
          await expectPaidWhole(b, 0, `${context}, paid again`);
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
      const delays = await delaysFor((b) => payCombined(b, 1000));
      for (let round = 0; round < 20; round += 1) {
        const b = await buyer();
        const change = changeOf(round, b);
        if (change.removeFirst) expect((await apply(b, null)).body.code).toBe(0);
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await race(
          () => payCombined(b, 1000),
          () => apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        if (paid.body.code === 0) {
          // The parts were priced from the order as it is now, and it cannot change while they are
          // pending: WeChat's success pays the order, never an automatic refund.
          const after = await priceOf(b.orderId);
          if (changed.body.code === 0) expect(after.amount_fen, context).toBe(change.payFen);
          else expect(changed.body.code, context).toBe(40920);
          const pay = (paid.body.data as CardPayAnswer).wechatPay!;
          expect(pay.amount, context).toBe(10);
          const removed = await apply(b, null);
          expect(removed.body.code, context).toBe(40920);
          expect(removed.body.data, context).toMatchObject({ reason: 'couponWhilePaying' });
          expect((await sandboxSheet(t, pay, 'success', 1)).status, context).toBe(200);
          await expectPaidWhole(b, 1000, context);
          expect((await priceOf(b.orderId)).amount_fen, context).toBe(after.amount_fen);
          outcomes.pending += 1;
        } else {
          expect(changed.body.code, context).toBe(0);
          expect((await priceOf(b.orderId)).amount_fen, context).toBe(change.payFen);
          await expectNothingMoved(b, context);
          outcomes.refused += 1;
        }
      }
      expect(outcomes.pending, JSON.stringify(outcomes)).toBeGreaterThan(0);
      expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'prices a WeChat prepay racing a coupon change at the price that WeChat then collects',
    async () => {
      const delays = await delaysFor((b) => payWithWechat(t, b.user.token, b.orderId));
      for (let round = 0; round < 10; round += 1) {
        const b = await buyer();
        const change = changeOf(round, b);
        if (change.removeFirst) expect((await apply(b, null)).body.code).toBe(0);
        const delay = delays[round % delays.length]!;
        const [paid, changed] = await race(
          () => payWithWechat(t, b.user.token, b.orderId),
          () => apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): pay ${paid.body.code} ${paid.body.msg}, change ${changed.body.code}`;
        expect(PAY_CODES, context).toContain(paid.body.code);
        expect(CHANGE_CODES, context).toContain(changed.body.code);
        expect(paid.body.code, context).toBe(0);
        const after = await priceOf(b.orderId);
        const pay = paid.body.data as WechatPay;
        expect(Math.round(pay.amount * 100), context).toBe(after.amount_fen);
        if (changed.body.code !== 0) expect(changed.body.code, context).toBe(40920);
        expect((await sandboxSheet(t, pay, 'success', 1)).status, context).toBe(200);
        const money = await expectPaidWhole(b, after.amount_fen, context);
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
        const b = await buyer();
        const change = changeOf(round, b);
        if (change.removeFirst) expect((await apply(b, null)).body.code).toBe(0);
        const before = await priceOf(b.orderId);
        const started =
          round % 2 === 0
            ? await payCombined(b, 1000)
            : await payWithWechat(t, b.user.token, b.orderId);
        expect(started.body.code).toBe(0);
        const pay =
          round % 2 === 0
            ? (started.body.data as CardPayAnswer).wechatPay!
            : (started.body.data as WechatPay);
        const delay = delays[round % delays.length]!;
        const [settled, changed] = await race(
          () => sandboxSheet(t, pay, 'success', 2),
          () => apply(b, change.couponId),
          delay,
        );
        const context = `round ${round} (delay ${delay} ms): notice ${settled.status}, change ${changed.body.code}`;
        expect(settled.status, context).toBe(200);
        expect([40920, 42203], context).toContain(changed.body.code);
        expect((await priceOf(b.orderId)).amount_fen, context).toBe(before.amount_fen);
        await expectPaidWhole(b, round % 2 === 0 ? 1000 : before.amount_fen, context);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'refuses a coupon change while the payment sweep gives up an expired part, and moves no money',
    async () => {
      const delays = [0, 5, 20, 60];
      for (let round = 0; round < 4; round += 1) {
        const b = await buyer();
        const started = await payCombined(b, 1000);
        expect(started.body.code).toBe(0);
        const change = changeOf(round, b);
        // Past the hold's end: the sweep closes the WeChat part and releases the card part.
        t.clock.advance(16 * 60);
        try {
          const [, changed] = await race(
            () => sweepPaymentsNow(t),
            () => apply(b, change.couponId),
            delays[round % delays.length]!,
          );
          expect([40920, 42203], `round ${round}`).toContain(changed.body.code);
        } finally {
          t.clock.advance(-16 * 60);
        }
        expect((await priceOf(b.orderId)).amount_fen).toBe(b.fullFen - TEN_OFF);
        await expectNothingMoved(b, `round ${round}`);
      }
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'lets a coupon change and the sweep refunding a given-up payment both go through',
    async () => {
      const delays = [0, 5, 20, 60];
      for (let round = 0; round < 4; round += 1) {
        const b = await buyer();
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
        const change = changeOf(round, b);
        if (change.removeFirst) expect((await apply(b, null)).body.code).toBe(0);
        t.clock.advance(2 * 60);
        try {
          const [, changed] = await race(
            () => sweepPaymentsNow(t),
            () => apply(b, change.couponId),
            delays[round % delays.length]!,
          );
          expect(changed.body.code, `round ${round}`).toBe(0);
        } finally {
          t.clock.advance(-2 * 60);
        }
        expect((await priceOf(b.orderId)).amount_fen).toBe(change.payFen);
        await expectNothingMoved(b, `round ${round}`);
      }
    },
    ROUND_TIMEOUT_MS,
  );
});
