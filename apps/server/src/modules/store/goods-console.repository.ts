import { sql } from 'kysely';
import type { StockMovementReason } from '@marquee/contracts/console';
import type { Executor, GoodsSpec } from '../../db/schema.js';

/**
 * SQL only: what the staff console reads and changes of the store's categories, goods, variants,
 * pictures and stock movements. Every function takes the caller's executor (the use case's
 * transaction when it writes).
 */

export async function listCategoriesWithCounts(db: Executor, siteId: string) {
  const { rows } = await sql<{
    id: string;
    name: string;
    name_en: string | null;
    goods_count: number;
  }>`
    select c.id, c.name, c.name_en, (select count(*)::int from goods g where g.category_id = c.id) as goods_count
    from goods_categories c
    where c.site_id = ${siteId}
    order by c.sort_order, c.name`.execute(db);
  return rows;
}

/** Categories of the site locked in id order: creates, renames and reorders queue on them. */
export function lockCategories(trx: Executor, siteId: string) {
  return trx
    .selectFrom('goods_categories')
    .select(['id', 'name', 'name_en', 'sort_order'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function insertCategory(
  trx: Executor,
  siteId: string,
  names: { name: string; nameEn: string | null },
  sortOrder: number,
) {
  return trx
    .insertInto('goods_categories')
    .values({ site_id: siteId, name: names.name, name_en: names.nameEn, sort_order: sortOrder })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function renameCategory(
  trx: Executor,
  categoryId: string,
  names: { name: string; nameEn: string | null },
) {
  return trx
    .updateTable('goods_categories')
    .set({ name: names.name, name_en: names.nameEn })
    .where('id', '=', categoryId)
    .execute();
}

export function setCategoryOrder(trx: Executor, categoryId: string, sortOrder: number) {
  return trx
    .updateTable('goods_categories')
    .set({ sort_order: sortOrder })
    .where('id', '=', categoryId)
    .execute();
}

export interface ConsoleGoodsRow {
  id: string;
  category_id: string;
  name: string;
  description: string;
  tags: string[];
  is_on_sale: boolean;
  image_sha256: string | null;
}

/**
 * Goods of the site (all, or one), with the hash of their uploaded picture if any: grouped by
 * category in the moviegoers' order, then by name (code point order, the same on every server).
 */
export function listGoods(db: Executor, siteId: string, goodsId?: string) {
  let query = db
    .selectFrom('goods as g')
    .innerJoin('goods_categories as c', 'c.id', 'g.category_id')
    .leftJoin('goods_images as i', 'i.goods_id', 'g.id')
    .select([
      'g.id',
      'g.category_id',
      'g.name',
      'g.description',
      'g.tags',
      'g.is_on_sale',
      'i.sha256 as image_sha256',
    ])
    .where('g.site_id', '=', siteId);
  if (goodsId) query = query.where('g.id', '=', goodsId);
  return query
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .orderBy(sql`g.name collate "C"`)
    .orderBy('g.id')
    .execute() as Promise<ConsoleGoodsRow[]>;
}

export interface ConsoleVariantRow {
  id: string;
  goods_id: string;
  specs: GoodsSpec[];
  price_fen: number;
  original_price_fen: number | null;
  stock: number;
  reserved_count: number;
}

/** Variants of these goods, with every cinema's units together and what unpaid orders hold. */
export async function listVariants(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return [];
  const { rows } = await sql<ConsoleVariantRow>`
    select v.id, v.goods_id, v.specs, v.price_fen, v.original_price_fen,
      coalesce((select sum(s.stock)::int from goods_stock s where s.variant_id = v.id), 0) as stock,
      coalesce((select sum(l.quantity)::int from store_order_lines l
        where l.variant_id = v.id and l.state = 'reserved'), 0) as reserved_count
    from goods_variants v
    where v.goods_id in (${sql.join(goodsIds)})
    order by v.sort_order, v.id`.execute(db);
  return rows;
}

export interface CinemaStockRow {
  variant_id: string;
  cinema_id: string;
  cinema_name: string;
  stock: number;
  reserved_count: number;
  reorder_level: number;
  is_on_sale: boolean;
  price_fen: number | null;
}

/**
 * Each of these variants at each cinema of the site (decision 050): a cinema without a row has
 * 0 units, is on sale, at the variant's price, with reorder level 0. Cinemas oldest first.
 */
export async function listCinemaStock(db: Executor, siteId: string, variantIds: string[]) {
  if (variantIds.length === 0) return [];
  const { rows } = await sql<CinemaStockRow>`
    select v.id as variant_id, c.id as cinema_id, c.name as cinema_name,
      coalesce(s.stock, 0) as stock,
      coalesce((select sum(l.quantity)::int from store_order_lines l
        where l.variant_id = v.id and l.cinema_id = c.id and l.state = 'reserved'), 0)
        as reserved_count,
      coalesce(s.reorder_level, 0) as reorder_level,
      coalesce(s.is_on_sale, true) as is_on_sale,
      s.price_fen
    from goods_variants v
    cross join cinemas c
    left join goods_stock s on s.variant_id = v.id and s.cinema_id = c.id
    where c.site_id = ${siteId} and v.id = any(${sql.val(variantIds)}::uuid[])
    order by c.created_at, c.id`.execute(db);
  return rows;
}

/** A cinema of the site, for a stock movement or setting. */
export function findCinemaOfSite(db: Executor, siteId: string, cinemaId: string) {
  return db
    .selectFrom('cinemas')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .where('id', '=', cinemaId)
    .executeTakeFirst();
}

/** A variant's settings at a cinema (its units untouched; the row is made if it has none). */
export function upsertCinemaSettings(
  trx: Executor,
  key: { variantId: string; cinemaId: string },
  settings: { reorderLevel: number; isOnSale: boolean; priceFen: number | null },
) {
  const values = {
    reorder_level: settings.reorderLevel,
    is_on_sale: settings.isOnSale,
    price_fen: settings.priceFen,
  };
  return trx
    .insertInto('goods_stock')
    .values({ variant_id: key.variantId, cinema_id: key.cinemaId, ...values })
    .onConflict((oc) => oc.columns(['variant_id', 'cinema_id']).doUpdateSet(values))
    .execute();
}

export function findGoodsForUpdate(trx: Executor, siteId: string, goodsId: string) {
  return trx
    .selectFrom('goods')
    .select(['id', 'category_id', 'name', 'description', 'tags', 'is_on_sale'])
    .where('site_id', '=', siteId)
    .where('id', '=', goodsId)
    .forUpdate()
    .executeTakeFirst();
}

export interface GoodsColumns {
  category_id: string;
  name: string;
  description: string;
  tags: string[];
  is_on_sale: boolean;
}

export function insertGoods(
  trx: Executor,
  values: GoodsColumns & { site_id: string; image_key: string; image_colors: string[] },
) {
  return trx.insertInto('goods').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateGoods(trx: Executor, goodsId: string, values: Partial<GoodsColumns>) {
  return trx.updateTable('goods').set(values).where('id', '=', goodsId).execute();
}

export interface VariantColumns {
  specs: GoodsSpec[];
  sort_order: number;
  price_fen: number;
  original_price_fen: number | null;
}

/** A new variant starts with no units: stock arrives only by movements. */
export function insertVariant(trx: Executor, goodsId: string, values: VariantColumns) {
  return trx
    .insertInto('goods_variants')
    .values({ goods_id: goodsId, ...values, specs: JSON.stringify(values.specs) })
    .execute();
}

/** Everything of the variant (its units per cinema live in `goods_stock`). */
export function updateVariant(trx: Executor, variantId: string, values: VariantColumns) {
  return trx
    .updateTable('goods_variants')
    .set({ ...values, specs: JSON.stringify(values.specs) })
    .where('id', '=', variantId)
    .execute();
}

export function upsertImage(
  trx: Executor,
  image: { goodsId: string; contentType: string; bytes: Buffer; sha256: string; at: Date },
) {
  const values = {
    goods_id: image.goodsId,
    content_type: image.contentType as 'image/png',
    bytes: image.bytes,
    sha256: image.sha256,
    uploaded_at: image.at,
  };
  return trx
    .insertInto('goods_images')
    .values(values)
    .onConflict((oc) =>
      oc.column('goods_id').doUpdateSet({
        content_type: values.content_type,
        bytes: values.bytes,
        sha256: values.sha256,
        uploaded_at: values.uploaded_at,
      }),
    )
    .execute();
}

export function findImage(db: Executor, goodsId: string) {
  return db
    .selectFrom('goods_images')
    .select(['content_type', 'bytes', 'sha256'])
    .where('goods_id', '=', goodsId)
    .executeTakeFirst();
}

/** A variant of the site's goods, for a stock movement. */
export function findVariantOfSite(db: Executor, siteId: string, variantId: string) {
  return db
    .selectFrom('goods_variants as v')
    .innerJoin('goods as g', 'g.id', 'v.goods_id')
    .select(['v.id', 'v.goods_id', 'v.specs', 'g.name as goods_name'])
    .where('g.site_id', '=', siteId)
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/**
 * Change a variant's stock at a cinema by `delta` in one statement, only if it stays ≥ 0; the new
 * stock, or undefined when it would go below 0. Units arriving make the cinema's row if it has
 * none. Concurrent movements and orders queue on the row lock: none is lost.
 */
export async function addToStock(
  trx: Executor,
  key: { variantId: string; cinemaId: string },
  delta: number,
) {
  if (delta > 0) {
    const added = await trx
      .insertInto('goods_stock')
      .values({ variant_id: key.variantId, cinema_id: key.cinemaId, stock: delta })
      .onConflict((oc) =>
        oc
          .columns(['variant_id', 'cinema_id'])
          .doUpdateSet({ stock: sql`goods_stock.stock + ${delta}` }),
      )
      .returning('stock')
      .executeTakeFirstOrThrow();
    return added.stock;
  }
  const row = await trx
    .updateTable('goods_stock')
    .set({ stock: sql`stock + ${delta}` })
    .where('variant_id', '=', key.variantId)
    .where('cinema_id', '=', key.cinemaId)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .returning('stock')
    .executeTakeFirst();
  return row?.stock;
}

export function insertMovement(
  trx: Executor,
  movement: {
    siteId: string;
    goodsId: string;
    variantId: string;
    cinemaId: string;
    transferId?: string;
    delta: number;
    reason: StockMovementReason;
    note: string;
    stockAfter: number;
    staffId: string;
    at: Date;
  },
) {
  return trx
    .insertInto('stock_movements')
    .values({
      site_id: movement.siteId,
      goods_id: movement.goodsId,
      variant_id: movement.variantId,
      cinema_id: movement.cinemaId,
      transfer_id: movement.transferId ?? null,
      delta: movement.delta,
      reason: movement.reason,
      note: movement.note,
      stock_after: movement.stockAfter,
      staff_id: movement.staffId,
      created_at: movement.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function listMovements(db: Executor, siteId: string, goodsId: string) {
  return db
    .selectFrom('stock_movements as m')
    .innerJoin('goods_variants as v', 'v.id', 'm.variant_id')
    .innerJoin('staff as s', 's.id', 'm.staff_id')
    .innerJoin('cinemas as c', 'c.id', 'm.cinema_id')
    .select([
      'm.id',
      'm.variant_id',
      'm.cinema_id',
      'c.name as cinema_name',
      'v.specs',
      'm.delta',
      'm.reason',
      'm.note',
      'm.stock_after',
      's.display_name',
      's.username',
      'm.created_at',
    ])
    .where('m.site_id', '=', siteId)
    .where('m.goods_id', '=', goodsId)
    .orderBy('m.id', 'desc')
    .limit(200)
    .execute();
}
