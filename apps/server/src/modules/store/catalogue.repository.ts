import { sql, type RawBuilder } from 'kysely';
import type { Executor, GoodsSpec } from '../../db/schema.js';

/**
 * SQL only: the store's categories, goods and variants of one site, as one cinema sells them
 * (decision 050): its units, its price, only what is on sale there. Without a cinema (a page
 * before the buyer picked one) the units of every cinema that sells the variant, at its price.
 *
 * "Live stock" is the cinema's `goods_stock.stock` plus the units still reserved there by unpaid
 * orders whose deadline has passed: those are free for the next buyer (a new order takes them
 * back, the sweep returns them), so readers see them as available before any sweep. `now` is the
 * app's clock. Every query names the variant `v` and its cinema's row `s` (`stockJoin`).
 */
const expiredReservations = (now: Date, cinema: RawBuilder<unknown>) => sql<number>`coalesce((
    select sum(l.quantity)::int from store_order_lines l
    join orders o on o.id = l.order_id
    where l.variant_id = v.id and l.cinema_id = ${cinema} and l.state = 'reserved'
      and o.status = 'pending_payment' and o.pay_deadline_at <= ${now}
  ), 0)`;

/**
 * Joins `s`, the cinema's row of variant `v`; without a cinema, the live stock of the cinema
 * selling it that has the most (what one order, picked up at one cinema, could get at most).
 */
const cinemaRow = (cinemaId: string) =>
  sql`left join goods_stock s on s.variant_id = v.id and s.cinema_id = ${cinemaId}`;

const stockJoin = (cinemaId: string | undefined, now: Date) =>
  cinemaId
    ? cinemaRow(cinemaId)
    : sql`left join lateral (
        select max(gs.stock + ${expiredReservations(now, sql`gs.cinema_id`)})::int as stock,
          null::int as price_fen, true as is_on_sale
        from goods_stock gs where gs.variant_id = v.id and gs.is_on_sale
      ) s on true`;

const onSaleThere = sql`coalesce(s.is_on_sale, true)`;
const priceThere = sql<number>`coalesce(s.price_fen, v.price_fen)`;

const liveStock = (now: Date, cinemaId: string | undefined) =>
  cinemaId
    ? sql<number>`(coalesce(s.stock, 0) + ${expiredReservations(now, sql`${cinemaId}::uuid`)})`
    : sql<number>`coalesce(s.stock, 0)`;

export function listCategories(db: Executor, siteId: string) {
  return db
    .selectFrom('goods_categories')
    .select(['id', 'name', 'name_en'])
    .where('site_id', '=', siteId)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

export function findCategory(db: Executor, siteId: string, categoryId: string) {
  return db
    .selectFrom('goods_categories')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
}

export interface GoodsSummaryRow {
  id: string;
  category_id: string;
  name: string;
  description: string;
  tags: string[];
  min_fen: number;
  max_fen: number;
  live_stock: number;
}

/**
 * On-sale goods with at least one variant, sorted by their lowest variant price, then by name
 * (code point order, the same on every server), then id; one page of them and the count.
 */
export async function pageOfGoods(
  db: Executor,
  filter: {
    siteId: string;
    cinemaId?: string;
    categoryId?: string;
    limit: number;
    offset: number;
    now: Date;
  },
): Promise<{ rows: GoodsSummaryRow[]; total: number }> {
  const category = filter.categoryId ? sql`and g.category_id = ${filter.categoryId}` : sql``;
  const { rows } = await sql<GoodsSummaryRow & { total: string }>`
    select g.id, g.category_id, g.name, g.description, g.tags,
      min(${priceThere})::int as min_fen,
      max(${priceThere})::int as max_fen,
      sum(${liveStock(filter.now, filter.cinemaId)})::int as live_stock,
      count(*) over () as total
    from goods g
    join goods_variants v on v.goods_id = g.id
    ${stockJoin(filter.cinemaId, filter.now)}
    where g.site_id = ${filter.siteId} and g.is_on_sale and ${onSaleThere} ${category}
    group by g.id
    order by min_fen, g.name collate "C", g.id
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  const counted = await sql<{ total: string }>`
    select count(distinct g.id) as total
    from goods g
    join goods_variants v on v.goods_id = g.id
    ${stockJoin(filter.cinemaId, filter.now)}
    where g.site_id = ${filter.siteId} and g.is_on_sale and ${onSaleThere} ${category}`.execute(db);
  return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
}

/**
 * On-sale goods carrying any of `tags`, those with the first tag first, then by lowest price and
 * name; at most `limit` (the snack step's offer, decision 029).
 */
export async function listGoodsTagged(
  db: Executor,
  filter: { siteId: string; cinemaId?: string; tags: readonly string[]; limit: number; now: Date },
): Promise<GoodsSummaryRow[]> {
  const { rows } = await sql<GoodsSummaryRow>`
    select g.id, g.category_id, g.name, g.description, g.tags,
      min(${priceThere})::int as min_fen,
      max(${priceThere})::int as max_fen,
      sum(${liveStock(filter.now, filter.cinemaId)})::int as live_stock
    from goods g
    join goods_variants v on v.goods_id = g.id
    ${stockJoin(filter.cinemaId, filter.now)}
    where g.site_id = ${filter.siteId} and g.is_on_sale and ${onSaleThere}
      and g.tags && ${sql.val([...filter.tags])}::text[]
    group by g.id
    order by (${filter.tags[0] ?? ''} = any(g.tags)) desc, min_fen, g.name collate "C", g.id
    limit ${filter.limit}`.execute(db);
  return rows;
}

/** The variants of several goods with their live stock, in their display order. */
export async function listVariantsOfManyGoods(
  db: Executor,
  goodsIds: readonly string[],
  now: Date,
  cinemaId?: string,
): Promise<VariantRow[]> {
  if (goodsIds.length === 0) return [];
  const { rows } = await sql<VariantRow>`
    select v.id, v.goods_id, v.specs, ${priceThere} as price_fen, v.original_price_fen,
      ${liveStock(now, cinemaId)} as live_stock
    from goods_variants v
    ${stockJoin(cinemaId, now)}
    where v.goods_id = any(${sql.val([...goodsIds])}::uuid[]) and ${onSaleThere}
    order by v.goods_id, v.sort_order, v.id`.execute(db);
  return rows;
}

export function findGoods(db: Executor, siteId: string, goodsId: string) {
  return db
    .selectFrom('goods')
    .select(['id', 'category_id', 'name', 'description', 'tags'])
    .where('site_id', '=', siteId)
    .where('id', '=', goodsId)
    .where('is_on_sale', '=', true)
    .executeTakeFirst();
}

export interface VariantRow {
  id: string;
  goods_id: string;
  specs: GoodsSpec[];
  price_fen: number;
  original_price_fen: number | null;
  live_stock: number;
}

export async function listVariantsOfGoods(
  db: Executor,
  goodsId: string,
  now: Date,
  cinemaId?: string,
): Promise<VariantRow[]> {
  const { rows } = await sql<VariantRow>`
    select v.id, v.goods_id, v.specs, ${priceThere} as price_fen, v.original_price_fen,
      ${liveStock(now, cinemaId)} as live_stock
    from goods_variants v
    ${stockJoin(cinemaId, now)}
    where v.goods_id = ${goodsId} and ${onSaleThere}
    order by v.sort_order, v.id`.execute(db);
  return rows;
}

export interface OrderableVariantRow {
  id: string;
  goods_id: string;
  goods_name: string;
  specs: GoodsSpec[];
  price_fen: number;
}

/**
 * Variants among `variantIds` of goods of this site on sale there and at that cinema, at that
 * cinema's price (others are simply missing).
 */
export async function findOrderableVariants(
  db: Executor,
  where: { siteId: string; cinemaId: string },
  variantIds: string[],
): Promise<OrderableVariantRow[]> {
  if (variantIds.length === 0) return [];
  const { rows } = await sql<OrderableVariantRow>`
    select v.id, v.goods_id, g.name as goods_name, v.specs, ${priceThere} as price_fen
    from goods_variants v
    join goods g on g.id = v.goods_id
    ${cinemaRow(where.cinemaId)}
    where g.site_id = ${where.siteId} and g.is_on_sale and ${onSaleThere}
      and v.id = any(${sql.val(variantIds)}::uuid[])`.execute(db);
  return rows;
}

/** What a buyer could still get of one variant at one cinema now (the OUT_OF_STOCK answer). */
export async function liveStockOf(
  db: Executor,
  key: { variantId: string; cinemaId: string },
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ live_stock: number }>`
    select ${liveStock(now, key.cinemaId)} as live_stock
    from goods_variants v ${stockJoin(key.cinemaId, now)}
    where v.id = ${key.variantId}`.execute(db);
  return Number(rows[0]?.live_stock ?? 0);
}

/** A goods item by id alone, for its image (images carry no site header). */
export function findGoodsForImage(db: Executor, goodsId: string) {
  return db
    .selectFrom('goods')
    .select(['id', 'name', 'image_key', 'image_colors'])
    .where('id', '=', goodsId)
    .executeTakeFirst();
}
