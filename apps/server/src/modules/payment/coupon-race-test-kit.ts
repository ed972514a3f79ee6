import { expect } from 'vitest';
import type { OrderCouponPrice } from '@marquee/contracts';
import { call, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { createCampaign } from '../coupons/index.js';
import {
  filmParam,
  holdSeats,
  moneyOf,
  newKey,
  payWithCards,
  paymentsOf,
} from './payment-test-kit.js';

/**
 * Helpers for the races of a paying call and a coupon change on one order (not shipped code
 * paths): buyers with a card and two coupons, the calls, the interleavings, and the two outcomes
 * a round may have (paid whole, or nothing moved).
 */

export const PASSWORD = '258036';
export const CARD_FEN = 100_000;
export const TEN_OFF = 1000;
export const FIVE_OFF = 500;
/** Rounds take a second or two each on a busy machine. */
export const ROUND_TIMEOUT_MS = 240_000;
/** Codes the paying calls may answer on this race, and those of the coupon change. */
export const PAY_CODES = [0, 40901, 40920];
export const CHANGE_CODES = [0, 40920, 42203];

let codeCursor = 0;

/** A buyer with a card, an order of one seat and two coupons (¥10 off applied at the start). */
export interface Buyer {
  user: TestUser;
  card: Awaited<ReturnType<typeof openTestCard>>;
  orderId: string;
  /** The order's price before any coupon. */
  fullFen: number;
  coupons: Record<'ten' | 'five', string>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two campaigns (10 and 5 yuan off tickets) on `t`'s site, and the helpers working with them. */
export async function openCouponRace(t: TestApp) {
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
  const campaignCodes = { ten: await campaign(TEN_OFF), five: await campaign(FIVE_OFF) };

  /** A new buyer (see `Buyer`). */
  async function buyer(): Promise<Buyer> {
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

  return {
    buyer,
    apply,
    changeOf,
    payCardOnly,
    payCombined,
    race,
    delaysFor,
    priceOf,
    expectNothingMoved,
    expectPaidWhole,
  };
}

export type CouponRace = Awaited<ReturnType<typeof openCouponRace>>;
