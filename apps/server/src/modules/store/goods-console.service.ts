import { createHash } from 'node:crypto';
import { goodsImagePath, type CallAnswer } from '@marquee/contracts';
import type {
  ConsoleCategory,
  ConsoleGoods,
  consoleGoodsListCall,
  goodsCreateCall,
  goodsUpdateCall,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { readUploadedImage } from '../../lib/uploaded-image.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { variantName } from './catalogue.service.js';
import * as repository from './goods-console.repository.js';

/**
 * The staff's use cases of the goods catalogue (area `goods`, owners and managers): categories,
 * goods with variants and prices, on/off sale, pictures. Stock is not here: it changes only by
 * movements (`stock.service.ts`). Each change is one transaction with its audit row.
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;
type GoodsFields = z.output<(typeof goodsCreateCall)['body']>;

export async function listConsoleGoods(
  deps: Deps,
  site: SiteRow,
): Promise<CallAnswer<typeof consoleGoodsListCall>> {
  const [categories, goods] = await Promise.all([
    readCategories(deps.db, site.id),
    readGoods(deps.db, site.id),
  ]);
  return { categories, goods };
}

/** POST /api/console/goods/categories/create: a new category, last in the order. */
export async function createCategory(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { name: string; nameEn?: string | null },
): Promise<{ categories: ConsoleCategory[] }> {
  const { name } = body;
  const nameEn = body.nameEn ?? null;
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repository.lockCategories(trx, site.id);
    if (existing.some((category) => category.name === name)) throw categoryNameTaken(name);
    const last = Math.max(0, ...existing.map((category) => category.sort_order));
    const { id } = await repository
      .insertCategory(trx, site.id, { name, nameEn }, last + 1)
      .catch(nameTaken('category', name));
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goodsCategory.create',
      entity: 'goods_category',
      entityId: id,
      after: { name, nameEn },
    });
  });
  return { categories: await readCategories(deps.db, site.id) };
}

/** POST /api/console/goods/categories/rename: the Chinese and English names. */
export async function renameCategory(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { id: string; name: string; nameEn?: string | null },
): Promise<{ categories: ConsoleCategory[] }> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repository.lockCategories(trx, site.id);
    const category = existing.find((row) => row.id === body.id);
    if (!category) throw notFound('The category', '商品分类');
    // Left out, the English name stays as it is.
    const nameEn = body.nameEn === undefined ? category.name_en : body.nameEn;
    if (category.name === body.name && category.name_en === nameEn) return;
    if (existing.some((row) => row.id !== category.id && row.name === body.name)) {
      throw categoryNameTaken(body.name);
    }
    await repository
      .renameCategory(trx, category.id, { name: body.name, nameEn })
      .catch(nameTaken('category', body.name));
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goodsCategory.rename',
      entity: 'goods_category',
      entityId: category.id,
      before: { name: category.name, nameEn: category.name_en },
      after: { name: body.name, nameEn },
    });
  });
  return { categories: await readCategories(deps.db, site.id) };
}

/** POST /api/console/goods/categories/reorder: every category of the site, each once. */
export async function reorderCategories(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  ids: string[],
): Promise<{ categories: ConsoleCategory[] }> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repository.lockCategories(trx, site.id);
    const known = new Set(existing.map((row) => row.id));
    if (
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => known.has(id))
    ) {
      throw new AppError('GOODS_CHANGE_REFUSED', {
        hint: '排序要列出本站点的每个商品分类，且每个只出现一次；请刷新后重试',
        hintEn:
          'The order must list every category of the site exactly once. Reload and try again.',
      });
    }
    const before = [...existing].sort((a, b) => a.sort_order - b.sort_order).map((row) => row.id);
    for (const [index, id] of ids.entries()) await repository.setCategoryOrder(trx, id, index + 1);
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goodsCategory.reorder',
      entity: 'goods_category',
      entityId: null,
      before: { ids: before },
      after: { ids },
    });
  });
  return { categories: await readCategories(deps.db, site.id) };
}

/** POST /api/console/goods/create: the goods item and its variants (no stock yet). */
export async function createGoods(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  fields: GoodsFields,
): Promise<ConsoleGoods> {
  const goodsId = await deps.db.transaction().execute(async (trx) => {
    await requireCategory(trx, site.id, fields.categoryId);
    if (fields.variants.some((variant) => variant.id)) throw unknownVariant();
    const { id } = await repository
      .insertGoods(trx, {
        site_id: site.id,
        ...goodsColumns(fields),
        ...drawingFor(fields.name),
      })
      .catch(nameTaken('goods', fields.name));
    for (const [index, variant] of fields.variants.entries()) {
      await repository.insertVariant(trx, id, variantColumns(variant, index));
    }
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goods.create',
      entity: 'goods',
      entityId: id,
      after: fields,
    });
    return id;
  });
  return readOneGoods(deps.db, site.id, goodsId);
}

/**
 * POST /api/console/goods/update: every field at once. Existing variants keep their id and stock
 * (all must be listed: order lines point at them); variants without an id are added with stock 0.
 */
export async function updateGoods(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof goodsUpdateCall)['body']>,
): Promise<ConsoleGoods> {
  const { id, ...fields } = body;
  await deps.db.transaction().execute(async (trx) => {
    const goods = isUuid(id) ? await repository.findGoodsForUpdate(trx, site.id, id) : undefined;
    if (!goods) throw notFound('The goods item', '商品');
    await requireCategory(trx, site.id, fields.categoryId);
    const before = await readOneGoods(trx, site.id, goods.id);
    const existingIds = new Set(before.variants.map((variant) => variant.id));
    const listedIds = fields.variants.flatMap((variant) => (variant.id ? [variant.id] : []));
    if (!listedIds.every((variantId) => existingIds.has(variantId))) throw unknownVariant();
    if (listedIds.length !== existingIds.size) {
      throw new AppError('GOODS_CHANGE_REFUSED', {
        hint: '规格不能删除（订单记录会用到）；不再卖的商品请下架',
        hintEn:
          'Variants cannot be removed (orders refer to them). Take the item off sale instead.',
      });
    }
    await repository
      .updateGoods(trx, goods.id, goodsColumns(fields))
      .catch(nameTaken('goods', fields.name));
    for (const [index, variant] of fields.variants.entries()) {
      if (variant.id)
        await repository.updateVariant(trx, variant.id, variantColumns(variant, index));
      else await repository.insertVariant(trx, goods.id, variantColumns(variant, index));
    }
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goods.update',
      entity: 'goods',
      entityId: goods.id,
      before: auditFieldsOf(before),
      after: fields,
    });
  });
  return readOneGoods(deps.db, site.id, id);
}

/** POST /api/console/goods/sale: on or off sale (off: gone from the store; open orders stay). */
export async function setGoodsOnSale(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { goodsId: string; isOnSale: boolean },
): Promise<ConsoleGoods> {
  await deps.db.transaction().execute(async (trx) => {
    const goods = isUuid(body.goodsId)
      ? await repository.findGoodsForUpdate(trx, site.id, body.goodsId)
      : undefined;
    if (!goods) throw notFound('The goods item', '商品');
    if (goods.is_on_sale === body.isOnSale) return;
    await repository.updateGoods(trx, goods.id, { is_on_sale: body.isOnSale });
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'goods.sale',
      entity: 'goods',
      entityId: goods.id,
      before: { isOnSale: goods.is_on_sale },
      after: { isOnSale: body.isOnSale },
    });
  });
  return readOneGoods(deps.db, site.id, body.goodsId);
}

/** POST /api/console/goods/image: checked like posters, kept in PostgreSQL; `goods.image`. */
export async function uploadGoodsImage(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { goodsId: string; dataBase64: string },
): Promise<ConsoleGoods> {
  const image = readUploadedImage(
    body.dataBase64,
    (problem) => new AppError('GOODS_IMAGE_REFUSED', { problem }),
  );
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const goods = isUuid(body.goodsId)
      ? await repository.findGoodsForUpdate(trx, site.id, body.goodsId)
      : undefined;
    if (!goods) throw notFound('The goods item', '商品');
    const before = await repository.findImage(trx, goods.id);
    await repository.upsertImage(trx, { goodsId: goods.id, ...image, at: now });
    await recordAudit(trx, site, staff, now, {
      action: 'goods.image',
      entity: 'goods',
      entityId: goods.id,
      before: before ? { contentType: before.content_type, sha256: before.sha256 } : null,
      after: { contentType: image.contentType, bytes: image.bytes.length, sha256: image.sha256 },
    });
  });
  return readOneGoods(deps.db, site.id, body.goodsId);
}

/** The uploaded picture of a goods item, if any (served instead of the drawn SVG). */
export function findUploadedGoodsImage(db: Executor, goodsId: string) {
  return isUuid(goodsId) ? repository.findImage(db, goodsId) : Promise.resolve(undefined);
}

export async function readOneGoods(
  db: Executor,
  siteId: string,
  goodsId: string,
): Promise<ConsoleGoods> {
  const [goods] = isUuid(goodsId) ? await readGoods(db, siteId, goodsId) : [];
  if (!goods) throw notFound('The goods item', '商品');
  return goods;
}

async function readGoods(db: Executor, siteId: string, goodsId?: string) {
  const rows = await repository.listGoods(db, siteId, goodsId);
  const variants = await repository.listVariants(
    db,
    rows.map((row) => row.id),
  );
  const atCinemas = await repository.listCinemaStock(
    db,
    siteId,
    variants.map((variant) => variant.id),
  );
  return rows.map((row): ConsoleGoods => ({
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    isOnSale: row.is_on_sale,
    imageUrl: goodsImagePath(row.id),
    imageVersion: row.image_sha256 ? row.image_sha256.slice(0, 16) : null,
    variants: variants
      .filter((variant) => variant.goods_id === row.id)
      .map((variant) => ({
        id: variant.id,
        specs: variant.specs,
        name: variantName(variant.specs),
        priceFen: variant.price_fen,
        originalPriceFen: variant.original_price_fen,
        stock: Number(variant.stock),
        reservedCount: Number(variant.reserved_count),
        cinemas: atCinemas
          .filter((at) => at.variant_id === variant.id)
          .map((at) => ({
            cinemaId: at.cinema_id,
            cinemaName: at.cinema_name,
            stock: at.stock,
            reservedCount: Number(at.reserved_count),
            reorderLevel: at.reorder_level,
            isLow: at.is_on_sale && at.stock <= at.reorder_level,
            isOnSale: at.is_on_sale,
            priceFen: at.price_fen,
          })),
      })),
  }));
}

async function readCategories(db: Executor, siteId: string): Promise<ConsoleCategory[]> {
  const rows = await repository.listCategoriesWithCounts(db, siteId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameEn: row.name_en,
    goodsCount: Number(row.goods_count),
  }));
}

async function requireCategory(trx: Executor, siteId: string, categoryId: string) {
  const categories = await repository.listCategoriesWithCounts(trx, siteId);
  if (!categories.some((category) => category.id === categoryId)) {
    throw notFound('The category', '商品分类');
  }
}

const categoryNameTaken = (name: string) =>
  new AppError('GOODS_NAME_TAKEN', { kind: 'category', name });

/** A concurrent create or rename with the same name loses on the unique index: the same answer. */
const nameTaken = (kind: 'category' | 'goods', name: string) => (error: unknown) => {
  if ((error as { code?: string }).code === '23505') {
    throw new AppError('GOODS_NAME_TAKEN', { kind, name });
  }
  throw error;
};

const unknownVariant = () =>
  new AppError('GOODS_CHANGE_REFUSED', {
    hint: '有规格不属于这件商品，请刷新后重试',
    hintEn: 'A variant does not belong to this item. Reload and try again.',
  });

function goodsColumns(fields: GoodsFields): repository.GoodsColumns {
  return {
    category_id: fields.categoryId,
    name: fields.name,
    description: fields.description,
    tags: fields.tags,
    is_on_sale: fields.isOnSale,
  };
}

function variantColumns(
  variant: GoodsFields['variants'][number],
  index: number,
): repository.VariantColumns {
  return {
    specs: variant.specs,
    sort_order: index + 1,
    price_fen: variant.priceFen,
    original_price_fen: variant.originalPriceFen,
  };
}

function auditFieldsOf(goods: ConsoleGoods) {
  return {
    categoryId: goods.categoryId,
    name: goods.name,
    description: goods.description,
    tags: goods.tags,
    isOnSale: goods.isOnSale,
    variants: goods.variants.map((variant) => ({
      id: variant.id,
      specs: variant.specs,
      priceFen: variant.priceFen,
      originalPriceFen: variant.originalPriceFen,
    })),
  };
}

/** Until a picture is uploaded: a drawing guessed from the name, two colours from its hash. */
const DRAWING_WORDS: [RegExp, string][] = [
  [/爆米花|popcorn/i, 'popcorn'],
  [/咖啡|拿铁|coffee|latte/i, 'coffee'],
  [/水|bottle|water/i, 'bottle'],
  [/可乐|饮|茶|汁|drink|cola|tea|juice/i, 'drink'],
  [/热狗|hot ?dog/i, 'hotdog'],
  [/薯条|fries/i, 'fries'],
  [/玉米片|nachos/i, 'nachos'],
  [/冰淇淋|雪糕|ice ?cream/i, 'icecream'],
  [/鸡块|nugget/i, 'nuggets'],
];
const PALETTE = [
  ['#fde68a', '#dc2626'],
  ['#bfdbfe', '#1d4ed8'],
  ['#bbf7d0', '#15803d'],
  ['#fbcfe8', '#be185d'],
  ['#fed7aa', '#c2410c'],
] as const;

function drawingFor(name: string) {
  const hash = createHash('sha256').update(name).digest()[0]!;
  return {
    image_key: DRAWING_WORDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'combo',
    image_colors: [...PALETTE[hash % PALETTE.length]!],
  };
}
