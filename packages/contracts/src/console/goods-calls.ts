import { z } from 'zod';
import { defineCall } from '../call.js';
import { englishNameSchema } from '../rules/english-names.js';
import { imageDataBase64Schema } from './image-upload-rules.js';

/**
 * The store's goods as staff manage them (area `goods`): categories, goods with their variants and
 * prices, on/off sale, a picture, and stock that changes only by movements. The catalogue and its
 * stock are per site, as the moviegoers' store is (decision 018).
 */

/** Why stock moved: received (+), returned (+), damaged/expired/lost (−), correction (either). */
export const stockMovementReasons = [
  'received',
  'returned',
  'damaged',
  'expired',
  'lost',
  'correction',
] as const;
/** What a movement can be: a reason staff pick, or one side of a transfer between cinemas. */
export const stockMovementKinds = [...stockMovementReasons, 'transfer_out', 'transfer_in'] as const;
export type StockMovementReason = (typeof stockMovementKinds)[number];

/** The sign each reason allows: +1 adds units, −1 takes them, 0 either way. */
export const reasonSign: Record<StockMovementReason, 1 | -1 | 0> = {
  received: 1,
  returned: 1,
  damaged: -1,
  expired: -1,
  lost: -1,
  correction: 0,
  transfer_out: -1,
  transfer_in: 1,
};

/** Whether `delta` fits `reason` (a received −5 is a typo, not a movement). */
export function deltaFitsReason(reason: StockMovementReason, delta: number): boolean {
  const sign = reasonSign[reason];
  return delta !== 0 && (sign === 0 || Math.sign(delta) === sign);
}

/** The audit actions the goods calls write (the audit page's filter and labels). */
export const goodsAuditActions = [
  'goodsCategory.create',
  'goodsCategory.rename',
  'goodsCategory.reorder',
  'goods.create',
  'goods.update',
  'goods.sale',
  'goods.image',
  'goods.stock',
  'goods.transfer',
  'goods.cinemaStock',
] as const;

export const MAX_STOCK_DELTA = 100_000;
/** The largest price staff may type, fen (¥9,999.99). */
export const MAX_GOODS_PRICE_FEN = 999_999;

const idSchema = z.string().trim().min(1).max(64);
const nameSchema = z.string().trim().min(1).max(30);

const specSchema = z.object({
  name: z.string().trim().min(1).max(10),
  value: z.string().trim().min(1).max(20),
});

/** A variant as staff type it: `id` names an existing one (kept), none makes a new one (stock 0). */
export const variantFieldsSchema = z
  .object({
    id: idSchema.optional(),
    specs: z.array(specSchema).min(1).max(3),
    /** What an order charges (the member price), fen. */
    priceFen: z.number().int().min(1).max(MAX_GOODS_PRICE_FEN),
    /** The price before the member discount, fen; null when there is none. */
    originalPriceFen: z.number().int().min(1).max(MAX_GOODS_PRICE_FEN).nullable(),
  })
  .refine(
    (variant) => variant.originalPriceFen === null || variant.originalPriceFen >= variant.priceFen,
    { message: 'the original price is below the price', path: ['originalPriceFen'] },
  );
export type VariantFields = z.input<typeof variantFieldsSchema>;

const specsKey = (specs: { value: string }[]) => specs.map((spec) => spec.value).join(' · ');

export const goodsFieldsSchema = z.object({
  categoryId: idSchema,
  name: nameSchema,
  description: z.string().trim().max(200).default(''),
  tags: z
    .array(z.string().trim().min(1).max(8))
    .max(4)
    .refine((tags) => new Set(tags).size === tags.length, 'a tag is listed twice')
    .default([]),
  isOnSale: z.boolean(),
  variants: z
    .array(variantFieldsSchema)
    .min(1)
    .max(20)
    .refine(
      (variants) => new Set(variants.map((v) => specsKey(v.specs))).size === variants.length,
      'two variants have the same specs',
    ),
});
export type GoodsFields = z.input<typeof goodsFieldsSchema>;

export const consoleVariantSchema = z.object({
  id: z.string(),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The specs joined for display: "大杯 · 少糖". */
  name: z.string(),
  priceFen: z.number().int(),
  originalPriceFen: z.number().int().nullable(),
  /** Units every cinema can still sell together (each cinema's are in `cinemas`). */
  stock: z.number().int(),
  /** Units held by unpaid orders right now, at every cinema. */
  reservedCount: z.number().int(),
  /** Each cinema of the site: its own units and settings (decision 050). */
  cinemas: z.array(
    z.object({
      cinemaId: z.string(),
      cinemaName: z.string(),
      /** Units this cinema can still sell (open orders' units are already taken out). */
      stock: z.number().int(),
      reservedCount: z.number().int(),
      reorderLevel: z.number().int(),
      /** At or below the reorder level (and on sale there). */
      isLow: z.boolean(),
      isOnSale: z.boolean(),
      /** This cinema's price, fen; null: the variant's. */
      priceFen: z.number().int().nullable(),
    }),
  ),
});
export type ConsoleVariant = z.infer<typeof consoleVariantSchema>;

export const consoleGoodsSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  isOnSale: z.boolean(),
  /** The moviegoers' image URL (an uploaded picture, else the drawn SVG). */
  imageUrl: z.string(),
  /** Changes with each upload (null: the drawn SVG), for cache-busting previews. */
  imageVersion: z.string().nullable(),
  variants: z.array(consoleVariantSchema),
});
export type ConsoleGoods = z.infer<typeof consoleGoodsSchema>;

export const consoleCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shown on English pages; null: `name` (decision 027). */
  nameEn: z.string().nullable(),
  goodsCount: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

export const consoleGoodsListCall = defineCall({
  method: 'GET',
  path: '/console/goods/list',
  isSignedIn: true,
  answer: z.object({
    /** In the moviegoers' order. */
    categories: z.array(consoleCategorySchema),
    goods: z.array(consoleGoodsSchema),
  }),
});

const categoryName = z.string().trim().min(1).max(12);
const categoryNameEn = englishNameSchema(24);

const categoriesAnswer = z.object({ categories: z.array(consoleCategorySchema) });

export const categoryCreateCall = defineCall({
  method: 'POST',
  path: '/console/goods/categories/create',
  isSignedIn: true,
  body: z.object({ name: categoryName, nameEn: categoryNameEn }),
  answer: categoriesAnswer,
});

export const categoryRenameCall = defineCall({
  method: 'POST',
  path: '/console/goods/categories/rename',
  isSignedIn: true,
  /** `nameEn` left out keeps the English name; null or '' clears it. */
  body: z.object({ id: idSchema, name: categoryName, nameEn: categoryNameEn }),
  answer: categoriesAnswer,
});

export const categoryReorderCall = defineCall({
  method: 'POST',
  path: '/console/goods/categories/reorder',
  isSignedIn: true,
  /** Every category of the site, each once, in the new order. */
  body: z.object({ ids: z.array(idSchema).min(1).max(100) }),
  answer: categoriesAnswer,
});

export const goodsCreateCall = defineCall({
  method: 'POST',
  path: '/console/goods/create',
  isSignedIn: true,
  body: goodsFieldsSchema,
  answer: consoleGoodsSchema,
});

export const goodsUpdateCall = defineCall({
  method: 'POST',
  path: '/console/goods/update',
  isSignedIn: true,
  /** Every field at once; every existing variant must be listed (variants are never deleted). */
  body: goodsFieldsSchema.extend({ id: idSchema }),
  answer: consoleGoodsSchema,
});

export const goodsSaleCall = defineCall({
  method: 'POST',
  path: '/console/goods/sale',
  isSignedIn: true,
  body: z.object({ goodsId: idSchema, isOnSale: z.boolean() }),
  answer: consoleGoodsSchema,
});

export const goodsImageCall = defineCall({
  method: 'POST',
  path: '/console/goods/image',
  isSignedIn: true,
  body: z.object({ goodsId: idSchema, dataBase64: imageDataBase64Schema }),
  answer: consoleGoodsSchema,
});

export const stockMoveCall = defineCall({
  method: 'POST',
  path: '/console/goods/stock/move',
  isSignedIn: true,
  body: z
    .object({
      variantId: idSchema,
      cinemaId: idSchema,
      delta: z.number().int().min(-MAX_STOCK_DELTA).max(MAX_STOCK_DELTA),
      reason: z.enum(stockMovementReasons),
      note: z.string().trim().max(200).default(''),
    })
    .refine((body) => deltaFitsReason(body.reason, body.delta), {
      message:
        'the change does not fit the reason (received/returned add, damaged/expired/lost take)',
      path: ['delta'],
    }),
  answer: consoleGoodsSchema,
});

/** Units of a variant leave one cinema and arrive at another: two movements, one transaction. */
export const stockTransferCall = defineCall({
  method: 'POST',
  path: '/console/goods/stock/transfer',
  isSignedIn: true,
  body: z
    .object({
      variantId: idSchema,
      fromCinemaId: idSchema,
      toCinemaId: idSchema,
      quantity: z.number().int().min(1).max(MAX_STOCK_DELTA),
      note: z.string().trim().max(200).default(''),
    })
    .refine((body) => body.fromCinemaId !== body.toCinemaId, {
      message: 'a transfer goes to another cinema',
      path: ['toCinemaId'],
    }),
  answer: consoleGoodsSchema,
});

/** A variant's settings at one cinema: reorder level, on/off sale there, a price of its own. */
export const cinemaStockSettingsCall = defineCall({
  method: 'POST',
  path: '/console/goods/stock/settings',
  isSignedIn: true,
  body: z.object({
    variantId: idSchema,
    cinemaId: idSchema,
    reorderLevel: z.number().int().min(0).max(MAX_STOCK_DELTA),
    isOnSale: z.boolean(),
    /** null: the variant's price. */
    priceFen: z.number().int().min(1).max(MAX_GOODS_PRICE_FEN).nullable(),
  }),
  answer: consoleGoodsSchema,
});

export const stockMovementSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  variantName: z.string(),
  cinemaId: z.string(),
  cinemaName: z.string(),
  delta: z.number().int(),
  reason: z.enum(stockMovementKinds),
  note: z.string(),
  stockAfter: z.number().int(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsCall = defineCall({
  method: 'GET',
  path: '/console/goods/stock/movements',
  isSignedIn: true,
  query: z.object({ goodsId: idSchema }),
  /** Newest first, at most 200. */
  answer: z.object({ list: z.array(stockMovementSchema) }),
});
