import { z } from 'zod';
import { defineCall } from '../call.js';
import { encryptedPasswordSchema } from './pay-password.js';
import { orderStatuses, type OrderKind } from '../rules/order-status.js';
import { paymentMethods, paymentStatuses } from '../rules/payment.js';
import { idSchema as id, optionalMobilePhoneSchema } from '../fields.js';

/**
 * Paying orders (spec §3, §7): by stored-value cards, by WeChat Pay, or both (combined).
 *
 * Every paying call takes an `Idempotency-Key` header (8–64 of [A-Za-z0-9_-]; one per attempt,
 * reused on retry): the same key replays the first answer and never charges twice.
 *
 * Amounts are yuan with 2 decimals on the wire; the server keeps integer fen.
 */

/**
 * What is being paid: spec §3's `param`, discriminated by `orderType`. A STORE_ORDER names an
 * order made by /storeOrder/create, which holds its items, quantities and pickup cinema; paying it
 * needs `phone`, and cards must be usable for goods.
 */
export const payParamSchema = z.discriminatedUnion('orderType', [
  z.object({ orderType: z.literal('FILM_ORDER'), orderId: id }),
  z.object({ orderType: z.literal('STORE_ORDER'), orderId: id }),
]);
export type PayParam = z.infer<typeof payParamSchema>;
export type PayOrderType = PayParam['orderType'];

/** The one mapping between an order kind and its wire spelling in spec §3's `param`. */
export const payOrderTypeOfKind = {
  film: 'FILM_ORDER',
  store: 'STORE_ORDER',
} as const satisfies Record<OrderKind, PayOrderType>;

/** Spec §3's `param` naming an order of this kind. */
export function payParamFor(kind: OrderKind, orderId: string): PayParam {
  return { orderType: payOrderTypeOfKind[kind], orderId };
}

/** The kind of order a `param` names. */
export function orderKindOfParam(param: Pick<PayParam, 'orderType'>): OrderKind {
  return param.orderType === payOrderTypeOfKind.film ? 'film' : 'store';
}

/** Yuan with at most 2 decimals, positive. */
const yuanSchema = z
  .number()
  .positive()
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimals');

/** Spec §3's `payDetailParam`: a combined payment, WeChat pays `wechatAmount`, the cards the rest. */
export const payDetailParamSchema = z.object({ wechatAmount: yuanSchema });

/**
 * What the page hands to WeixinJSBridge `getBrandWCPayRequest` (or the sandbox's sheet): spec §3's
 * signing fields, plus what the page needs to poll the result.
 */
export const wechatPaySchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  packageValue: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
  paymentId: z.string(),
  outTradeNo: z.string(),
  orderId: z.string(),
  /** Yuan. */
  amount: z.number(),
  /** WeChat's time_expire: never later than the order's seat hold. */
  expiresAt: z.string(),
  /** The local sandbox plays WeChat Pay: the page shows its payment sheet instead of the bridge. */
  isSandbox: z.boolean(),
});
export type WechatPay = z.infer<typeof wechatPaySchema>;

export const cardPayAnswerSchema = z.object({
  orderId: z.string(),
  orderStatus: z.enum(orderStatuses),
  /** 'succeeded': paid in full by cards. 'pending': the card part is held until WeChat pays. */
  paymentStatus: z.enum(['succeeded', 'pending']),
  /** Yuan taken (or held) from the cards. */
  cardAmount: z.number(),
  /** Yuan left to WeChat Pay; 0 without payDetailParam. */
  wechatAmount: z.number(),
  /** The signing fields of the WeChat part of a combined payment; null otherwise. */
  wechatPay: wechatPaySchema.nullable(),
});
export type CardPayAnswer = z.infer<typeof cardPayAnswerSchema>;

/**
 * Pay with cards (spec §7). `password` is the encrypted pay password payload; `cardIdList` the
 * cards to debit, drawn in `planCardDebits`' order, not as listed. Refusals: PAY_PASSWORD_*,
 * PAYLOAD_STALE, CARD_NOT_USABLE, INSUFFICIENT_BALANCE, HOLD_EXPIRED, ORDER_STATE_INVALID,
 * NOT_FOUND, VALIDATION_FAILED (no Idempotency-Key, a bad split).
 */
export const cardPayCall = defineCall({
  method: 'POST',
  path: '/expenseRecord/card/v2/order',
  isSignedIn: true,
  body: z.object({
    password: encryptedPasswordSchema,
    param: payParamSchema,
    phone: optionalMobilePhoneSchema,
    cardIdList: z.array(id).min(1).max(10),
    payDetailParam: payDetailParamSchema.optional(),
  }),
  answer: cardPayAnswerSchema,
});

/** Pay the whole order with WeChat Pay (spec §7): the signing fields of spec §3. */
export const wechatPayCall = defineCall({
  method: 'POST',
  path: '/wxpay/wechatPay',
  isSignedIn: true,
  body: z.object({ param: payParamSchema, phone: optionalMobilePhoneSchema }),
  answer: wechatPaySchema,
});

export const paymentStatusSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  orderStatus: z.enum(orderStatuses),
  /** True once nothing about this payment will change by waiting (paid, failed, cancelled, refunded). */
  isSettled: z.boolean(),
  /** The money arrived after the order could no longer be paid and was sent back. */
  isAutoRefunded: z.boolean(),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;

/**
 * A payment's state for the page that waits for it. A WeChat payment still pending a few seconds
 * after it was created is looked up at the provider (no notification yet).
 */
export const paymentStatusCall = defineCall({
  method: 'GET',
  path: '/payment/status',
  isSignedIn: true,
  query: z
    .object({ paymentId: id.optional(), orderId: id.optional() })
    .refine((q) => q.paymentId || q.orderId, 'paymentId or orderId is required'),
  answer: paymentStatusSchema,
});

/**
 * The user cancelled (or WeChat failed) the payment sheet: close the WeChat transaction and release
 * the card hold of a combined payment; the order stays unpaid until its hold runs out.
 */
export const cancelPaymentCall = defineCall({
  method: 'POST',
  path: '/payment/cancel',
  isSignedIn: true,
  body: z.object({ paymentId: id }),
  answer: paymentStatusSchema,
});
