import {
  bestCoupon,
  couponStateOf,
  fenToYuan,
  normalizePromoCode,
  priceCoupon,
  type CallAnswer,
  type CallBody,
  type Coupon,
  type CouponOrderFacts,
  type CouponTerms,
  type OrderCouponPrice,
  type applyCouponCall,
  type orderCouponsCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { findOrder, lockOrder, setOrderDiscount, type OrderRow } from '../orders/index.js';
import * as couponsRepository from './coupons.repository.js';
import type { CouponWithTerms } from './coupons.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** GET /api/coupon/list: 我的 → 优惠券, newest first. */
export async function listCoupons(deps: Deps, user: SignedInUser): Promise<{ list: Coupon[] }> {
  const rows = await couponsRepository.listByUser(deps.db, user.id);
  const names = await namesFor(deps.db, rows);
  const now = deps.clock.now();
  return { list: rows.map((row) => toCoupon(row, names, now)) };
}

/**
 * POST /api/coupon/redeem: a promo code gives the user one coupon of its campaign, while the
 * campaign runs, has coupons left, and the user is under its per-user limit. One transaction: the
 * campaign's count is raised by a conditional update (which locks it), then the user's coupons
 * are counted and the new one numbered; the database refuses more than either limit.
 */
export async function redeemPromoCode(
  deps: Deps,
  user: SignedInUser,
  code: string,
): Promise<{ coupon: Coupon }> {
  const now = deps.clock.now();
  const couponId = await deps.db.transaction().execute(async (trx) => {
    const promoCode = normalizePromoCode(code);
    const campaign = await couponsRepository.findCampaignByCode(trx, user.siteId, promoCode);
    // A paused or ended campaign (decision 030) answers like an unknown code.
    if (!campaign || now >= campaign.valid_to || campaign.state !== 'active') {
      throw new AppError('COUPON_CODE_INVALID', {});
    }
    if (!(await couponsRepository.takeFromCampaign(trx, campaign.id))) {
      // Staff may have paused it while this waited for the row: read it again to say which.
      const latest = await couponsRepository.findCampaignByCode(trx, user.siteId, promoCode);
      if (latest?.state !== 'active') throw new AppError('COUPON_CODE_INVALID', {});
      throw new AppError('COUPON_SOLD_OUT', { campaignId: campaign.id });
    }
    const held = await couponsRepository.countOfUser(trx, campaign.id, user.id);
    if (held >= campaign.per_user_limit) {
      throw new AppError('COUPON_LIMIT_REACHED', { perUserLimit: campaign.per_user_limit });
    }
    const row = await couponsRepository.insertCoupon(trx, {
      campaign_id: campaign.id,
      user_id: user.id,
      seq: held + 1,
      created_at: now,
    });
    return row.id;
  });
  const row = await couponsRepository.findOfUser(deps.db, user.id, couponId);
  if (!row) throw notFound('The coupon', '优惠券');
  return { coupon: toCoupon(row, await namesFor(deps.db, [row]), now) };
}

/** GET /api/coupon/forOrder: the order's price, the user's coupons priced for it, the best one. */
export async function couponsForOrder(
  deps: Deps,
  user: SignedInUser,
  orderId: string,
): Promise<CallAnswer<typeof orderCouponsCall>> {
  const now = deps.clock.now();
  const order = ownOrder(await findOrder(deps.db, orderId), user);
  const facts = await factsOf(deps.db, order);
  const rows = (await couponsRepository.listByUser(deps.db, user.id)).filter(
    (row) => row.status === 'unused' || row.order_id === order.id,
  );
  const names = await namesFor(deps.db, rows);
  const priced = rows.map((row) => ({
    couponId: row.id,
    validTo: row.valid_to,
    price: priceCoupon(termsOf(row), facts, now),
    row,
  }));
  const applied = rows.find((row) => row.order_id === order.id);
  return {
    ...priceOf(order, applied?.id ?? null),
    bestCouponId: bestCoupon(priced)?.couponId ?? null,
    options: priced.map(({ row, price }) => ({
      ...toCoupon(row, names, now),
      isUsable: price.isUsable,
      discountAmount: price.isUsable ? fenToYuan(price.discountFen) : 0,
      reason: price.isUsable ? null : price.reason,
    })),
  };
}

/**
 * POST /api/coupon/apply: one transaction. The order is locked and must be unpaid with no payment
 * under way; its coupon (if any) goes back; the chosen one is priced on the server from the
 * order's price before any coupon, held by one conditional update (COUPON_TAKEN when another
 * order took it first), and the order re-priced. The paying calls then charge `amount_fen`.
 */
export async function applyCoupon(
  deps: Deps,
  user: SignedInUser,
  body: CallBody<typeof applyCouponCall>,
): Promise<OrderCouponPrice> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const order = ownOrder(await lockOrder(trx, body.orderId), user);
    if (order.status !== 'pending_payment' || order.pay_deadline_at <= now) {
      throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'paid' });
    }
    // Under the order lock, which every paying call takes before it writes a part: a payment
    // either committed its pending parts already (seen here) or will see this new price.
    if (await couponsRepository.hasPendingPayment(trx, order.id)) {
      throw new AppError('PAYMENT_IN_PROGRESS', { orderId: order.id, reason: 'couponWhilePaying' });
    }
    const totalFen = order.amount_fen + order.discount_fen;
    await couponsRepository.releaseHeld(trx, order.id);
    let discountFen = 0;
    let goodsDiscountFen = 0;
    if (body.couponId) {
      const coupon = await couponsRepository.findOfUser(trx, user.id, body.couponId);
      if (!coupon || coupon.site_id !== user.siteId) throw notFound('The coupon', '优惠券');
      const price = priceCoupon(termsOf(coupon), { ...(await factsOf(trx, order)), totalFen }, now);
      if (!price.isUsable) {
        throw new AppError('COUPON_NOT_APPLICABLE', { reason: price.reason });
      }
      discountFen = price.discountFen;
      goodsDiscountFen = price.goodsDiscountFen ?? 0;
      const isHeld = await couponsRepository.hold(trx, {
        couponId: coupon.id,
        userId: user.id,
        orderId: order.id,
        discountFen,
      });
      if (!isHeld) throw new AppError('COUPON_TAKEN', { couponId: coupon.id });
    }
    await setOrderDiscount(trx, order.id, totalFen - discountFen, discountFen, goodsDiscountFen);
    return priceOf(
      { ...order, amount_fen: totalFen - discountFen, discount_fen: discountFen },
      body.couponId,
    );
  });
}

/**
 * Inside the caller's transaction, after an unpaid order's price changed (its snacks, decision
 * 029; the order now has no discount): its held coupon is priced again for the new total and
 * keeps holding, or goes back when it no longer applies. The caller holds the order lock.
 */
export async function repriceHeldCoupon(trx: Executor, order: OrderRow, now: Date): Promise<void> {
  const held = await couponsRepository.findHeldOfOrder(trx, order.id);
  if (!held) return;
  const price = priceCoupon(termsOf(held), await factsOf(trx, order), now);
  if (!price.isUsable || price.discountFen <= 0) {
    await couponsRepository.releaseHeld(trx, order.id);
    return;
  }
  await couponsRepository.setHeldDiscount(trx, order.id, price.discountFen);
  await setOrderDiscount(
    trx,
    order.id,
    order.amount_fen - price.discountFen,
    price.discountFen,
    price.goodsDiscountFen ?? 0,
  );
}

/** A payment part of the order is pending (a paying call or WeChat's sheet is under way). */
export function orderHasPendingPayment(db: Executor, orderId: string): Promise<boolean> {
  return couponsRepository.hasPendingPayment(db, orderId);
}

function ownOrder(order: OrderRow | undefined, user: SignedInUser): OrderRow {
  // An exchange's difference takes no coupon: the order's coupon stays with it (decision 031).
  if (
    !order ||
    order.user_id !== user.id ||
    order.site_id !== user.siteId ||
    order.exchange_of !== null
  ) {
    throw notFound('The order', '订单');
  }
  return order;
}

function priceOf(order: OrderRow, couponId: string | null): OrderCouponPrice {
  return {
    orderId: order.id,
    totalAmount: fenToYuan(order.amount_fen + order.discount_fen),
    discountAmount: fenToYuan(order.discount_fen),
    payAmount: fenToYuan(order.amount_fen),
    appliedCouponId: couponId,
  };
}

async function factsOf(db: Executor, order: OrderRow): Promise<CouponOrderFacts> {
  return {
    kind: order.kind,
    totalFen: order.amount_fen + order.discount_fen,
    goodsFen: order.goods_fen,
    filmId: order.kind === 'film' ? await couponsRepository.filmOfOrder(db, order.id) : null,
    cinemaId: order.cinema_id,
  };
}

function termsOf(row: CouponWithTerms): CouponTerms {
  return {
    discountKind: row.discount_kind,
    discountValue: row.discount_value,
    capFen: row.cap_fen,
    minSpendFen: row.min_spend_fen,
    scope: row.scope,
    filmIds: row.film_ids,
    cinemaIds: row.cinema_ids,
    validFrom: row.valid_from,
    validTo: row.valid_to,
  };
}

function namesFor(db: Executor, rows: readonly CouponWithTerms[]) {
  return couponsRepository.namesOf(
    db,
    [...new Set(rows.flatMap((row) => row.film_ids))],
    [...new Set(rows.flatMap((row) => row.cinema_ids))],
  );
}

function toCoupon(row: CouponWithTerms, names: Map<string, string>, now: Date): Coupon {
  const nameOf = (id: string) => names.get(id) ?? id;
  return {
    couponId: row.id,
    title: row.title,
    discountKind: row.discount_kind,
    discountValue:
      row.discount_kind === 'amount' ? fenToYuan(row.discount_value) : row.discount_value,
    cap: row.cap_fen === null ? null : fenToYuan(row.cap_fen),
    minSpend: fenToYuan(row.min_spend_fen),
    scope: row.scope,
    filmNames: row.film_ids.map(nameOf),
    cinemaNames: row.cinema_ids.map(nameOf),
    validFrom: row.valid_from.toISOString(),
    validTo: row.valid_to.toISOString(),
    state: couponStateOf(row.status === 'used', row.valid_to, now),
    orderId: row.order_id,
  };
}
