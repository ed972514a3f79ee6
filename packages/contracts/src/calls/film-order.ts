import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderStatuses } from '../rules/order-status.js';
import { cinemaInfoSchema, showInfoSchema } from './cinema.js';
import { storeOrderItemInputSchema, storeOrderLineSchema } from './store.js';
import { idSchema as id } from '../fields.js';

/**
 * Film orders. Creating one holds its seats for `holdMinutes` (a site setting, 15 by default) until
 * `holdExpiresAt`; paying is another call (the payment module). A user has at most one unpaid
 * order per show: creating a new one releases the previous one.
 *
 * Refusals: SEAT_UNAVAILABLE (40902, details.seats names the taken seats, e.g. ["C7"]);
 * SEAT_RULE_VIOLATION (42201, details.violations lists SeatRuleViolation with a fix hint);
 * NOT_FOUND (40401) for an unknown show or someone else's order; ORDER_STATE_INVALID on cancel of
 * an order that is no longer pending.
 */

export const filmOrderSeatSchema = z.object({
  id: z.string(),
  label: z.string(),
  areaId: z.string().nullable(),
  /** Standard price, yuan. */
  price: z.number(),
  /** Member price, yuan (spec §3): what the order charges. */
  discountPrice: z.number(),
});
export type FilmOrderSeat = z.infer<typeof filmOrderSeatSchema>;

export const filmOrderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  showInfo: showInfoSchema,
  cinemaInfo: cinemaInfoSchema,
  seats: z.array(filmOrderSeatSchema),
  /** Sum of the seats' discountPrice, yuan rounded to 2 decimals (spec §3). */
  total: z.number(),
  /** Snacks added to the order (decision 029): its lines and their sum, yuan; the order charges
   *  total + goodsTotal (less a coupon). */
  goods: z.array(storeOrderLineSchema).default([]),
  goodsTotal: z.number().default(0),
  /** When the seats are released unless paid (= the order's pay deadline). */
  holdExpiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Server time of this answer, so a countdown does not trust the phone's clock. */
  serverTime: z.string(),
});
export type FilmOrder = z.infer<typeof filmOrderSchema>;

export const createFilmOrderCall = defineCall({
  method: 'POST',
  path: '/filmOrder/create',
  isSignedIn: true,
  /** The seats by id (`/show/seats`) or by label (`/show/layout`, e.g. ["C7", "C8"]): one of the two. */
  body: z
    .object({
      showId: id,
      seatIds: z.array(id).min(1).max(50).optional(),
      seatLabels: z.array(z.string().trim().min(1).max(16)).min(1).max(50).optional(),
    })
    .refine((body) => (body.seatIds === undefined) !== (body.seatLabels === undefined), {
      message: 'send seatIds or seatLabels',
      path: ['seatIds'],
    }),
  answer: filmOrderSchema,
});

export const filmOrderDetailCall = defineCall({
  method: 'GET',
  path: '/filmOrder/detail',
  isSignedIn: true,
  query: z.object({ orderId: id }),
  answer: filmOrderSchema,
});

export const cancelFilmOrderCall = defineCall({
  method: 'POST',
  path: '/filmOrder/cancel',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: filmOrderSchema,
});

/** The signed-in user's unpaid, unexpired order for a show; `order` is null when there is none. */
export const pendingFilmOrderCall = defineCall({
  method: 'GET',
  path: '/filmOrder/pending',
  isSignedIn: true,
  query: z.object({ showId: id }),
  answer: z.object({
    order: filmOrderSchema.nullable(),
    /**
     * When nothing is pending: the user's latest paid order for the show (paid meanwhile, e.g.
     * through WeChat's sheet after leaving the page), so /cinema/order can lead to its ticket.
     */
    paidOrderId: z.string().nullable().default(null),
  }),
});

/** Most snack lines a film order holds. */
export const filmOrderMaxGoodsLines = 10;

/**
 * The snack step (decision 029): set the goods of the user's unpaid film order to `items` (an
 * empty list takes them all out). Their stock is reserved with the seats until the order's pay
 * deadline and goes back with them. A held coupon is priced again for the new total. Refusals:
 * OUT_OF_STOCK (details.name, details.goodsInfoId, details.available), NOT_FOUND (order,
 * variant), SNACKS_NOT_CHANGEABLE (paid, cancelled or expired), SNACKS_CHANGE_WHILE_PAYING.
 */
export const setFilmOrderGoodsCall = defineCall({
  method: 'POST',
  path: '/filmOrder/goods',
  isSignedIn: true,
  body: z.object({
    orderId: id,
    items: z
      .array(storeOrderItemInputSchema)
      .max(filmOrderMaxGoodsLines)
      .refine(
        (items) => new Set(items.map((item) => item.goodsInfoId)).size === items.length,
        'each variant once: add up its quantity instead',
      ),
  }),
  answer: filmOrderSchema,
});
