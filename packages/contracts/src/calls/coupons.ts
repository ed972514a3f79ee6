import { z } from 'zod';
import { defineCall } from '../call.js';
import { idSchema as id } from '../fields.js';
import { couponDiscountKinds, couponScopes, couponStates } from '../rules/coupons.js';

/**
 * Coupons (decision 024): the user's coupons (我的 → 优惠券), getting one by promo code, and at
 * payment the coupons an order can take and the one applied. Prices are yuan; the server prices.
 */
export const couponSchema = z.object({
  couponId: z.string(),
  title: z.string(),
  discountKind: z.enum(couponDiscountKinds),
  /** amount: yuan off; percent: % off. */
  discountValue: z.number(),
  /** percent: at most this many yuan off. */
  cap: z.number().nullable(),
  minSpend: z.number(),
  scope: z.enum(couponScopes),
  /** Limited to some films / cinemas (their names). */
  filmNames: z.array(z.string()),
  cinemaNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(couponStates),
  /** The order it was used on (state used), or the unpaid order it is applied to. */
  orderId: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListCall = defineCall({
  method: 'GET',
  path: '/coupon/list',
  isSignedIn: true,
  answer: z.object({ list: z.array(couponSchema) }),
});

export const redeemCouponCall = defineCall({
  method: 'POST',
  path: '/coupon/redeem',
  isSignedIn: true,
  body: z.object({ code: z.string().trim().min(1).max(40) }),
  answer: z.object({ coupon: couponSchema }),
});

/** An order's price with its coupon, as the pay page shows it and the paying calls charge it. */
export const orderCouponPriceSchema = z.object({
  orderId: z.string(),
  /** Before the coupon (yuan). */
  totalAmount: z.number(),
  discountAmount: z.number(),
  /** What the paying calls charge (yuan): totalAmount − discountAmount. */
  payAmount: z.number(),
  appliedCouponId: z.string().nullable(),
});
export type OrderCouponPrice = z.infer<typeof orderCouponPriceSchema>;

export const orderCouponOptionSchema = couponSchema.extend({
  isUsable: z.boolean(),
  /** Yuan off this order (0 when not usable). */
  discountAmount: z.number(),
  /** Why not usable (notYetValid, expired, wrongKind, wrongFilm, wrongCinema, belowMinSpend). */
  reason: z.string().nullable(),
});

export const orderCouponsCall = defineCall({
  method: 'GET',
  path: '/coupon/forOrder',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: orderCouponPriceSchema.extend({
    options: z.array(orderCouponOptionSchema),
    /** The best usable coupon (largest discount); the pay page applies it unless the user chose. */
    bestCouponId: z.string().nullable(),
  }),
});

/** Apply a coupon to an unpaid order (couponId null: none); answers the new price. */
export const applyCouponCall = defineCall({
  method: 'POST',
  path: '/coupon/apply',
  isSignedIn: true,
  body: z.object({ orderId: id, couponId: id.nullable() }),
  answer: orderCouponPriceSchema,
});
