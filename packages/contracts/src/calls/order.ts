import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { orderKinds, orderStatuses } from '../rules/order-status.js';
import { paymentMethods, paymentStatuses } from '../rules/payment.js';
import { cinemaInfoSchema, showInfoSchema } from './cinema.js';
import { filmOrderSeatSchema } from './film-order.js';
import { storeOrderLineSchema } from './store.js';
import { idSchema as id } from '../fields.js';

/** The user's orders after checkout: the list of the order tab, one order's detail, a refund. */

export const orderSummarySchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  /** Yuan. */
  amount: z.number(),
  /** Film title, or the store order's first item. */
  title: z.string(),
  /** Cinema and hall, or the store's pickup place. */
  subtitle: z.string(),
  /** The order's cinema (the store's pickup cinema): a later pickup defaults to it. */
  cinemaId: z.string().nullable().optional(),
  posterUrl: z.string().nullable(),
  /** The show's start for film orders. */
  startAt: z.string().nullable(),
  /** Snacks added to a film order ("爆米花套餐 ×1"), null when it has none (decision 029). */
  goodsNote: z.string().nullable().optional(),
  createdAt: z.string(),
  payDeadlineAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListCall = defineCall({
  method: 'GET',
  path: '/order/list',
  isSignedIn: true,
  query: pageQuery.extend({ kind: z.enum(orderKinds).default('film') }),
  answer: pageAnswer(orderSummarySchema),
});

export const orderPaymentSchema = z.object({
  paymentId: z.string(),
  method: z.enum(paymentMethods),
  /** Yuan. */
  amount: z.number(),
  status: z.enum(paymentStatuses),
  createdAt: z.string(),
  /** A card payment: the cards it charged, named as the card list names them (last 4 digits). */
  cards: z.array(z.object({ name: z.string(), cardNoTail: z.string() })).default([]),
});

export const orderRefundSchema = z.object({
  outRefundNo: z.string(),
  method: z.enum(paymentMethods),
  /** Yuan. */
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Sent back by the system (a payment that came after the order expired), not asked for. */
  isAutomatic: z.boolean(),
  /** Why the money went back ("用户退票", "影院取消场次：…"), for the buyer to read. */
  reason: z.string(),
  createdAt: z.string(),
});

/** Staff moved a seat of the order (it was broken for the show): the buyer's new seat and why. */
export const orderSeatChangeSchema = z.object({
  fromLabel: z.string(),
  toLabel: z.string(),
  /** The cinema's words on the broken seat ("座椅靠背损坏"). */
  reason: z.string(),
  changedAt: z.string(),
});
export type OrderSeatChange = z.infer<typeof orderSeatChangeSchema>;
/** One exchange (改签) of a film order: from which show and seats to which, and the money back. */
export const orderExchangeSchema = z.object({
  fromShow: showInfoSchema,
  fromSeats: z.array(z.string()),
  toShow: showInfoSchema,
  toSeats: z.array(z.string()),
  /** The ticket codes before and after: the old one no longer admits. */
  fromTicketCode: z.string(),
  toTicketCode: z.string(),
  /**
   * Yuan: what the order cost before and after, the difference refunded to the original tender
   * (a cheaper exchange) and the difference paid (a dearer one, decision 031).
   */
  fromAmount: z.number(),
  toAmount: z.number(),
  refundAmount: z.number(),
  extraAmount: z.number(),
  createdAt: z.string(),
});
export type OrderExchange = z.infer<typeof orderExchangeSchema>;

export const pendingExchangeSchema = z.object({
  orderId: z.string(),
  /** Yuan: the difference to pay. */
  extraAmount: z.number(),
  payDeadlineAt: z.string(),
  toShow: showInfoSchema,
  toSeats: z.array(z.string()),
});
export type PendingExchange = z.infer<typeof pendingExchangeSchema>;

export const orderDetailSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  amount: z.number(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  payDeadlineAt: z.string(),
  film: z
    .object({
      showInfo: showInfoSchema,
      cinemaInfo: cinemaInfoSchema,
      seats: z.array(filmOrderSeatSchema),
      /** Seats staff moved, oldest first; the ticket code stays valid for the new seats. */
      seatChanges: z.array(orderSeatChangeSchema),
    })
    .nullable(),
  /** A store order's pickup cinema and lines; null for film orders. */
  store: z
    .object({
      cinemaInfo: cinemaInfoSchema,
      items: z.array(storeOrderLineSchema),
    })
    .nullable(),
  /** The ticket code shown at the counter and the text of its QR code; null until ticketed. */
  ticket: z.object({ code: z.string(), qrContent: z.string() }).nullable(),
  /** A store order's pickup code, or the snacks' of a film order, and the text of its QR code;
   *  null until ready (ticketed). */
  pickup: z.object({ code: z.string(), qrContent: z.string() }).nullable(),
  /**
   * The snacks of a film order (decision 029; `store` holds their lines): their part of what was
   * paid, and whether they can still be refunded alone. Null for orders without snacks.
   */
  goods: z
    .object({
      /** Yuan: the goods before the coupon, the coupon's share of them, and what they cost. */
      total: z.number(),
      discount: z.number(),
      amount: z.number(),
      state: z.enum(['unpaid', 'toPickUp', 'pickedUp', 'refunded', 'released']),
      pickedUpAt: z.string().nullable(),
      refundedAt: z.string().nullable(),
      /** Yuan refunded by a goods-only refund (0 if none). */
      refundedAmount: z.number(),
      /** A goods-only refund is allowed now (paid, not picked up, not refunded). */
      isRefundAllowed: z.boolean(),
    })
    .nullable()
    .default(null),
  payments: z.array(orderPaymentSchema),
  refunds: z.array(orderRefundSchema),
  refund: z.object({
    /** Refundable now: within the window, and no dearer exchange waiting (`exchange.pending`). */
    isAllowed: z.boolean(),
    /** The last moment a refund is accepted (refundCutoffMinutes before the show); null if never. */
    allowedUntil: z.string().nullable(),
  }),
  /**
   * A film order's exchange (改签): allowed once, while ticketed, until exchangeCutoffMinutes
   * before the show; `history` lists the exchanges done. Null for store orders.
   */
  exchange: z
    .object({
      isAllowed: z.boolean(),
      allowedUntil: z.string().nullable(),
      history: z.array(orderExchangeSchema),
      /**
       * A dearer exchange waiting for its difference (decision 031): the new seats are held by
       * an exchange order (`orderId`, paid like any film order) until `payDeadlineAt`; the
       * ticket stays as it is until that order is paid. Null when none is waiting.
       */
      pending: pendingExchangeSchema.nullable(),
    })
    .nullable(),
  serverTime: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderDetailCall = defineCall({
  method: 'GET',
  path: '/order/detail',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: orderDetailSchema,
});

/**
 * Refund a ticketed film order, or a ready (not yet picked up) store order, while allowed: cards are credited back at once, the WeChat part is
 * refunded through WeChat (pending until it confirms), the seats are released. Refusals:
 * ORDER_STATE_INVALID (not ticketed), REFUND_NOT_ALLOWED (past the cutoff), NOT_FOUND.
 */
export const refundOrderCall = defineCall({
  method: 'POST',
  path: '/order/refund',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: orderDetailSchema,
});

/**
 * Refund only the snacks of a film order while they are not picked up (decision 029): their part
 * of what was paid goes back to the payments in proportion (cards at once, WeChat as a partial
 * refund), their units back to stock; the tickets stay valid. Once per order. Refusals:
 * GOODS_REFUND_NOT_ALLOWED (no snacks, not paid), GOODS_PICKED_UP, GOODS_ALREADY_REFUNDED.
 */
export const refundOrderGoodsCall = defineCall({
  method: 'POST',
  path: '/order/refundGoods',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: orderDetailSchema,
});
