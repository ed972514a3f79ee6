import { z } from 'zod';
import { defineCall } from '../call.js';
import { orderDetailSchema } from './order.js';
import { storeOrderItemInputSchema } from './store.js';
import { idSchema as id, mobilePhoneSchema } from '../fields.js';

/** Store orders: created here (stock reserved), paid through the paying calls, read through /order/detail. */

export { storeOrderItemInputSchema } from './store.js';

/** Most lines a store order holds. */
export const storeOrderMaxLines = 20;

/**
 * Create a store order: reserve the stock of every line (all or nothing) and answer the order,
 * pending payment until its deadline. Refusals: OUT_OF_STOCK (details.name, details.goodsInfoId,
 * details.available), NOT_FOUND (unknown variant or cinema), VALIDATION_FAILED (phone, quantities,
 * the same variant twice).
 */
export const createStoreOrderCall = defineCall({
  method: 'POST',
  path: '/storeOrder/create',
  isSignedIn: true,
  body: z.object({
    cinemaId: id,
    phone: mobilePhoneSchema,
    items: z
      .array(storeOrderItemInputSchema)
      .min(1)
      .max(storeOrderMaxLines)
      .refine(
        (items) => new Set(items.map((item) => item.goodsInfoId)).size === items.length,
        'each variant once: add up its quantity instead',
      ),
  }),
  answer: orderDetailSchema,
});

/** Cancel an unpaid store order: its reserved stock goes back at once. */
export const cancelStoreOrderCall = defineCall({
  method: 'POST',
  path: '/storeOrder/cancel',
  isSignedIn: true,
  body: z.object({ orderId: id }),
  answer: orderDetailSchema,
});
