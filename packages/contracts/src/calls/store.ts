import { z } from 'zod';
import { defineCall, pageAnswer, pageQuery } from '../call.js';
import { idSchema as id } from '../fields.js';

/**
 * The goods store (spec §3, §5, §9): categories, goods with their variants (`goodsInfoList`), and
 * store orders picked up at a cinema's counter. Prices are yuan with 2 decimals on the wire; the
 * server keeps integer fen.
 *
 * A store order is created first (stock reserved, pay deadline `storeOrderMinutes` ahead), then
 * paid with spec §3's `param` holding `{ orderType: 'STORE_ORDER', orderId }` through
 * `/expenseRecord/card/v2/order` or `/wxpay/wechatPay`. The order itself holds the items, their
 * quantities and the pickup cinema; once paid it is `ready` with a pickup code.
 */

/** Where a goods item's image is served: an SVG the server draws (no remote images). */
export const goodsImagePath = (goodsId: string): string => `/api/goods/image/${goodsId}.svg`;

export const goodsCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type GoodsCategory = z.infer<typeof goodsCategorySchema>;

export const getCategoryListCall = defineCall({
  method: 'GET',
  path: '/goods/getCategoryList',
  isSignedIn: false,
  answer: z.object({ list: z.array(goodsCategorySchema) }),
});

/** One choice of a variant: `{ name: '规格', value: '大杯' }`, `{ name: '口味', value: '焦糖' }`. */
export const goodsSpecSchema = z.object({ name: z.string(), value: z.string() });

/** A variant (size, flavour, combo) of a goods item: spec §3's goodsInfoList entry. */
export const goodsInfoSchema = z.object({
  id: z.string(),
  /** The variant's specs joined for display: "大杯 · 焦糖". */
  name: z.string(),
  specs: z.array(goodsSpecSchema),
  /** Member price, yuan: what an order charges. */
  price: z.number(),
  /** The price before the member discount, yuan; null when there is none. */
  originalPrice: z.number().nullable(),
  /** Units that can still be ordered (not reserved by unpaid orders, not sold). */
  stock: z.number().int(),
});
export type GoodsInfo = z.infer<typeof goodsInfoSchema>;

export const goodsSummarySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  /** A short line under the name. */
  description: z.string(),
  /** Served by this app, made locally (no remote images). */
  imageUrl: z.string(),
  /** The lowest price in goodsInfoList (spec §3), yuan. */
  minPrice: z.number(),
  /** True when the variants do not all cost the same: the price shows as "from" minPrice. */
  hasPriceRange: z.boolean(),
  /** True when no variant has stock left. */
  isSoldOut: z.boolean(),
  /** Labels such as 新品, 套餐, 热卖. */
  tags: z.array(z.string()),
});
export type GoodsSummary = z.infer<typeof goodsSummarySchema>;

/**
 * Goods of a category, or of every category when `categoryId` is missing (spec §5: the client
 * sends it only when set and not 0), sorted by ascending minPrice (spec §9), then by name.
 */
export const getGoodsListCall = defineCall({
  method: 'GET',
  path: '/goods/getGoodsList',
  isSignedIn: false,
  // '0' is the spec's "every category" (§5), sent by older clients. `cinemaId`: the pickup
  // cinema, whose stock, prices and on-sale goods the list shows (decision 050); without it the
  // units of every cinema together.
  query: pageQuery.extend({
    categoryId: z.union([z.literal('0'), id]).optional(),
    cinemaId: id.optional(),
  }),
  answer: pageAnswer(goodsSummarySchema),
});

export const goodsDetailSchema = goodsSummarySchema.extend({
  goodsInfoList: z.array(goodsInfoSchema),
  /** Where it is picked up: every cinema of the site sells the store's goods. */
  notice: z.string(),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

export const getGoodsDetailCall = defineCall({
  method: 'GET',
  path: '/goods/getGoodsDetail',
  isSignedIn: false,
  /** `cinemaId`: the pickup cinema, as for the list. */
  query: z.object({ id, cinemaId: id.optional() }),
  answer: goodsDetailSchema,
});

/** One line of an order-to-be: a variant and how many (store orders, a film order's snacks). */
export const storeOrderItemInputSchema = z.object({
  goodsInfoId: id,
  quantity: z.coerce.number().int().min(1).max(20),
});

export const storeOrderLineSchema = z.object({
  goodsId: z.string(),
  goodsInfoId: z.string(),
  goodsName: z.string(),
  /** The variant's name at the time of the order. */
  goodsInfoName: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  /** Unit price at the time of the order, yuan. */
  price: z.number(),
  /** quantity × price, yuan. */
  amount: z.number(),
});
export type StoreOrderLine = z.infer<typeof storeOrderLineSchema>;

/** Tags that put goods on the snack step of the ticket flow: combos first, then popular goods. */
export const snackOfferTags = ['套餐', '热卖'] as const;

/**
 * The snack step's offer (decision 029): on-sale goods tagged 套餐 (combos) or 热卖 (popular),
 * combos first, then by lowest price; at most 8, each with its variants and their live stock.
 */
export const snackOffersCall = defineCall({
  method: 'GET',
  path: '/goods/offers',
  isSignedIn: false,
  /** `cinemaId`: the show's cinema, whose stock and prices the offer shows. */
  query: z.object({ cinemaId: id.optional() }),
  answer: z.object({
    list: z.array(goodsSummarySchema.extend({ goodsInfoList: z.array(goodsInfoSchema) })),
  }),
});
export type SnackOffer = z.infer<typeof snackOffersCall.answer>['list'][number];
