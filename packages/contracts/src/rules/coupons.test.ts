import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  couponStateOf,
  normalizePromoCode,
  priceCoupon,
  type CouponOrderFacts,
  type CouponTerms,
} from './coupons.js';

const now = new Date('2026-11-24T10:00:00Z');
const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  discountKind: 'amount',
  discountValue: 1000,
  capFen: null,
  minSpendFen: 0,
  scope: 'both',
  filmIds: [],
  cinemaIds: [],
  validFrom: new Date('2026-11-01T00:00:00Z'),
  validTo: new Date('2026-12-01T00:00:00Z'),
  ...over,
});
const film: CouponOrderFacts = { kind: 'film', totalFen: 8000, filmId: 'f1', cinemaId: 'c1' };
const store: CouponOrderFacts = { kind: 'store', totalFen: 3000, filmId: null, cinemaId: 'c1' };

describe('pricing a coupon', () => {
  it('takes a fixed amount off', () => {
    expect(priceCoupon(terms(), film, now)).toEqual({
      isUsable: true,
      discountFen: 1000,
      goodsDiscountFen: 0,
    });
  });
  it('takes a percentage off, rounded down to the fen, and keeps to the cap', () => {
    const pct = terms({ discountKind: 'percent', discountValue: 15, capFen: null });
    expect(priceCoupon(pct, { ...film, totalFen: 3333 }, now)).toEqual({
      isUsable: true,
      discountFen: 499,
      goodsDiscountFen: 0,
    });
    expect(priceCoupon({ ...pct, capFen: 500 }, film, now)).toEqual({
      isUsable: true,
      discountFen: 500,
      goodsDiscountFen: 0,
    });
  });
  it('always leaves at least 1 fen to pay', () => {
    expect(priceCoupon(terms({ discountValue: 99999 }), film, now)).toEqual({
      isUsable: true,
      discountFen: 7999,
      goodsDiscountFen: 0,
    });
  });
  it('refuses an order below the minimum spend, and accepts one exactly at it', () => {
    expect(priceCoupon(terms({ minSpendFen: 8001 }), film, now)).toEqual({
      isUsable: false,
      reason: 'belowMinSpend',
    });
    expect(priceCoupon(terms({ minSpendFen: 8000 }), film, now).isUsable).toBe(true);
  });
  it('keeps to tickets or goods', () => {
    expect(priceCoupon(terms({ scope: 'tickets' }), store, now)).toEqual({
      isUsable: false,
      reason: 'wrongKind',
    });
    expect(priceCoupon(terms({ scope: 'goods' }), store, now).isUsable).toBe(true);
    expect(priceCoupon(terms({ scope: 'goods' }), film, now).isUsable).toBe(false);
  });
  it('keeps to the films and cinemas named', () => {
    expect(priceCoupon(terms({ filmIds: ['f2'] }), film, now)).toEqual({
      isUsable: false,
      reason: 'wrongFilm',
    });
    expect(priceCoupon(terms({ filmIds: ['f1'] }), film, now).isUsable).toBe(true);
    expect(priceCoupon(terms({ filmIds: ['f1'] }), store, now).isUsable).toBe(false);
    expect(priceCoupon(terms({ cinemaIds: ['c2'] }), film, now)).toEqual({
      isUsable: false,
      reason: 'wrongCinema',
    });
  });
  it('is usable from validFrom up to, not including, validTo', () => {
    expect(priceCoupon(terms({ validFrom: new Date(now.getTime() + 1) }), film, now)).toEqual({
      isUsable: false,
      reason: 'notYetValid',
    });
    expect(priceCoupon(terms({ validTo: now }), film, now)).toEqual({
      isUsable: false,
      reason: 'expired',
    });
  });
});

describe('choosing the best coupon', () => {
  const at = (iso: string) => new Date(iso);
  it('takes the largest discount, then the one expiring first, then the smaller id', () => {
    const list = [
      { couponId: 'b', validTo: at('2026-12-09'), price: { isUsable: true, discountFen: 500 } },
      { couponId: 'c', validTo: at('2026-12-05'), price: { isUsable: true, discountFen: 500 } },
      { couponId: 'a', validTo: at('2026-12-05'), price: { isUsable: true, discountFen: 500 } },
      { couponId: 'd', validTo: at('2026-12-01'), price: { isUsable: true, discountFen: 300 } },
    ] as const;
    expect(bestCoupon(list)?.couponId).toBe('a');
  });
  it('chooses none when none is usable', () => {
    expect(
      bestCoupon([
        { couponId: 'a', validTo: now, price: { isUsable: false, reason: 'expired' } },
      ] as const),
    ).toBeNull();
  });
});

describe('the coupon list', () => {
  it('groups coupons as usable, used or expired', () => {
    expect(couponStateOf(false, new Date(now.getTime() + 1), now)).toBe('usable');
    expect(couponStateOf(false, now, now)).toBe('expired');
    expect(couponStateOf(true, new Date(now.getTime() - 1), now)).toBe('used');
  });
  it('reads promo codes trimmed and upper-case', () => {
    expect(normalizePromoCode('  new50 ')).toBe('NEW50');
  });
});

describe('pricing a coupon on a film order with snacks (decision 029)', () => {
  const combined: CouponOrderFacts = { ...film, totalFen: 8000 + 3000, goodsFen: 3000 };
  it('takes a tickets coupon off the tickets only, with the minimum spend on the tickets', () => {
    expect(priceCoupon(terms({ scope: 'tickets' }), combined, now)).toEqual({
      isUsable: true,
      discountFen: 1000,
      goodsDiscountFen: 0,
    });
    expect(priceCoupon(terms({ scope: 'tickets', minSpendFen: 8001 }), combined, now)).toEqual({
      isUsable: false,
      reason: 'belowMinSpend',
    });
  });
  it('takes a goods coupon off the snacks only, never more than they cost', () => {
    const pct = terms({ scope: 'goods', discountKind: 'percent', discountValue: 50 });
    expect(priceCoupon(pct, combined, now)).toEqual({
      isUsable: true,
      discountFen: 1500,
      goodsDiscountFen: 1500,
    });
    expect(priceCoupon(terms({ scope: 'goods', discountValue: 5000 }), combined, now)).toEqual({
      isUsable: true,
      discountFen: 3000,
      goodsDiscountFen: 3000,
    });
    expect(priceCoupon(terms({ scope: 'goods' }), film, now)).toEqual({
      isUsable: false,
      reason: 'wrongKind',
    });
  });
  it('shares a both coupon between the parts in proportion, the goods share rounded down', () => {
    expect(priceCoupon(terms({ discountValue: 1001 }), combined, now)).toEqual({
      isUsable: true,
      discountFen: 1001,
      goodsDiscountFen: 273,
    });
  });
});
