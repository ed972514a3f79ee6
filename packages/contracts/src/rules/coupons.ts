/**
 * Coupons (decision 024): the pure pricing rules the server prices with and the pay page shows.
 * A coupon takes an amount off, or a percentage off with a cap, from one order whose total reaches
 * the minimum spend, on tickets, goods or both, optionally only some films or cinemas, between
 * its valid times. An order always pays at least 1 fen: payment parts are positive amounts.
 */
export const couponDiscountKinds = ['amount', 'percent'] as const;
export type CouponDiscountKind = (typeof couponDiscountKinds)[number];
export const couponScopes = ['tickets', 'goods', 'both'] as const;
export type CouponScope = (typeof couponScopes)[number];
/** A user's coupon as the 优惠券 list groups it. */
export const couponStates = ['usable', 'used', 'expired'] as const;
export type CouponState = (typeof couponStates)[number];

export const MIN_PAYABLE_FEN = 1;

export interface CouponTerms {
  discountKind: CouponDiscountKind;
  /** amount: fen off; percent: 1–99 (% off). */
  discountValue: number;
  /** percent only: at most this many fen off (null: no cap). */
  capFen: number | null;
  minSpendFen: number;
  scope: CouponScope;
  /** Empty: every film / cinema. */
  filmIds: readonly string[];
  cinemaIds: readonly string[];
  validFrom: Date;
  validTo: Date;
}

export interface CouponOrderFacts {
  kind: 'film' | 'store';
  /** The order's price before any coupon. */
  totalFen: number;
  /** Of `totalFen`, the snacks added to a film order (decision 029); 0 or absent: none. */
  goodsFen?: number;
  filmId: string | null;
  cinemaId: string | null;
}

export type CouponRefusal =
  'notYetValid' | 'expired' | 'wrongKind' | 'wrongFilm' | 'wrongCinema' | 'belowMinSpend';

export type CouponPrice =
  | {
      isUsable: true;
      discountFen: number;
      /** Of `discountFen`, what comes off a film order's snacks (decision 029); absent: 0. */
      goodsDiscountFen?: number;
    }
  | { isUsable: false; reason: CouponRefusal };

/** The tickets' and the goods' part of an order's price before the coupon. */
export function orderPartsOf(order: Pick<CouponOrderFacts, 'kind' | 'totalFen' | 'goodsFen'>) {
  if (order.kind === 'store') return { ticketsFen: 0, goodsFen: order.totalFen };
  const goodsFen = order.goodsFen ?? 0;
  return { ticketsFen: order.totalFen - goodsFen, goodsFen };
}

/** The discount a coupon's terms give an order now, or why it cannot be used on it. */
export function priceCoupon(terms: CouponTerms, order: CouponOrderFacts, now: Date): CouponPrice {
  if (now.getTime() < terms.validFrom.getTime()) return { isUsable: false, reason: 'notYetValid' };
  if (now.getTime() >= terms.validTo.getTime()) return { isUsable: false, reason: 'expired' };
  const parts = orderPartsOf(order);
  // The coupon prices the part(s) of its scope: a goods coupon on a film order's snacks only.
  const baseFen =
    terms.scope === 'both'
      ? order.totalFen
      : terms.scope === 'tickets'
        ? parts.ticketsFen
        : parts.goodsFen;
  if (baseFen <= 0) return { isUsable: false, reason: 'wrongKind' };
  if (terms.filmIds.length > 0 && (!order.filmId || !terms.filmIds.includes(order.filmId))) {
    return { isUsable: false, reason: 'wrongFilm' };
  }
  if (
    terms.cinemaIds.length > 0 &&
    (!order.cinemaId || !terms.cinemaIds.includes(order.cinemaId))
  ) {
    return { isUsable: false, reason: 'wrongCinema' };
  }
  if (baseFen < terms.minSpendFen) return { isUsable: false, reason: 'belowMinSpend' };
  const raw =
    terms.discountKind === 'amount'
      ? terms.discountValue
      : Math.min(
          Math.floor((baseFen * terms.discountValue) / 100),
          terms.capFen ?? Number.MAX_SAFE_INTEGER,
        );
  const discountFen = Math.max(0, Math.min(raw, baseFen, order.totalFen - MIN_PAYABLE_FEN));
  const goodsDiscountFen =
    order.kind === 'store' || parts.goodsFen === 0
      ? 0
      : terms.scope === 'goods'
        ? discountFen
        : terms.scope === 'tickets'
          ? 0
          : Math.floor((discountFen * parts.goodsFen) / order.totalFen);
  return { isUsable: true, discountFen, goodsDiscountFen };
}

export interface CouponCandidate {
  couponId: string;
  validTo: Date;
  price: CouponPrice;
}

/**
 * The coupon chosen for the user at payment: the largest discount; on a tie the one that expires
 * first (use it before it is lost), then the smaller id (stable). Null when none is usable.
 */
export function bestCoupon<T extends CouponCandidate>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  let bestFen = 0;
  for (const candidate of candidates) {
    if (!candidate.price.isUsable || candidate.price.discountFen <= 0) continue;
    const fen = candidate.price.discountFen;
    const isBetter =
      !best ||
      fen > bestFen ||
      (fen === bestFen &&
        (candidate.validTo.getTime() < best.validTo.getTime() ||
          (candidate.validTo.getTime() === best.validTo.getTime() &&
            candidate.couponId < best.couponId)));
    if (isBetter) {
      best = candidate;
      bestFen = fen;
    }
  }
  return best;
}

/** Where a coupon belongs in the 优惠券 list: used (on a paid order), else expired, else usable. */
export function couponStateOf(isUsed: boolean, validTo: Date, now: Date): CouponState {
  if (isUsed) return 'used';
  return now.getTime() >= validTo.getTime() ? 'expired' : 'usable';
}

/** Promo codes are typed by hand: compared trimmed and upper-case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
