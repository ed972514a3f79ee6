import { randomBytes } from 'node:crypto';
import type { OrderDetail } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { call, type TestApp } from '../../test-support/test-app.js';

/** Helpers for the store integration tests (not shipped code paths). */

export interface TestVariant {
  id: string;
  priceFen: number;
  stock: number;
  specs: { name: string; value: string }[];
}

export interface TestGoods {
  id: string;
  name: string;
  categoryId: string;
  variants: TestVariant[];
}

const suffix = () => randomBytes(4).toString('hex');

export async function siteIdOf(t: Pick<TestApp, 'db'>, code = DEMO_SITE_CODE): Promise<string> {
  const site = await t.db
    .selectFrom('sites')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return site.id;
}

/** A site of its own (no goods yet), so list tests see exactly what they made. */
export async function newSite(t: Pick<TestApp, 'db'>): Promise<{ id: string; code: string }> {
  const code = `shop-${suffix()}`;
  const site = await t.db
    .insertInto('sites')
    .values({
      code,
      name: '测试影城',
      messenger_mode: 'sandbox',
      wechat_app_id: `wx-sandbox-${code}`,
      wechat_app_secret: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: site.id, code };
}

export async function newCategory(t: Pick<TestApp, 'db'>, siteId: string, name = '测试分类') {
  const row = await t.db
    .insertInto('goods_categories')
    .values({ site_id: siteId, name: `${name}-${suffix()}`, sort_order: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A goods item with variants of the given prices and stock (in a new category of the demo site
 * unless told otherwise), so each test counts only its own units. Every cinema of the site gets
 * `stock` units of each variant, unless `stockAt` names the cinema (decision 050).
 */
export async function newGoods(
  t: Pick<TestApp, 'db'>,
  options: {
    siteId?: string;
    categoryId?: string;
    name?: string;
    variants?: {
      priceFen: number;
      stock: number;
      value?: string;
      stockAt?: Record<string, number>;
      reorderLevel?: number;
    }[];
    isOnSale?: boolean;
  } = {},
): Promise<TestGoods> {
  const siteId = options.siteId ?? (await siteIdOf(t));
  const categoryId = options.categoryId ?? (await newCategory(t, siteId));
  const name = options.name ?? `测试商品-${suffix()}`;
  const goods = await t.db
    .insertInto('goods')
    .values({
      site_id: siteId,
      category_id: categoryId,
      name,
      description: '测试用',
      image_key: 'popcorn',
      image_colors: ['#fde68a', '#dc2626'],
      tags: [],
      is_on_sale: options.isOnSale ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cinemas = await t.db
    .selectFrom('cinemas')
    .select('id')
    .where('site_id', '=', siteId)
    .execute();
  const variants: TestVariant[] = [];
  for (const [index, variant] of (options.variants ?? [{ priceFen: 1200, stock: 10 }]).entries()) {
    const specs = [{ name: '规格', value: variant.value ?? `规格${index + 1}` }];
    const row = await t.db
      .insertInto('goods_variants')
      .values({
        goods_id: goods.id,
        specs: JSON.stringify(specs),
        sort_order: index + 1,
        price_fen: variant.priceFen,
        original_price_fen: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (cinemas.length > 0) {
      await t.db
        .insertInto('goods_stock')
        .values(
          cinemas.map((cinema) => ({
            variant_id: row.id,
            cinema_id: cinema.id,
            stock: variant.stockAt?.[cinema.id] ?? variant.stock,
            reorder_level: variant.reorderLevel ?? 0,
          })),
        )
        .execute();
    }
    variants.push({ id: row.id, priceFen: variant.priceFen, stock: variant.stock, specs });
  }
  return { id: goods.id, name, categoryId, variants };
}

/**
 * A variant's units at a cinema; unless told, the cinema its latest order line took units from
 * (a store order's pickup cinema, a film order's show's), else the demo cinema store orders use.
 */
export async function stockOf(
  t: Pick<TestApp, 'db'>,
  variantId: string,
  cinemaId?: string,
): Promise<number> {
  const line = await t.db
    .selectFrom('store_order_lines')
    .select('cinema_id')
    .where('variant_id', '=', variantId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const row = await t.db
    .selectFrom('goods_stock')
    .select('stock')
    .where('variant_id', '=', variantId)
    .where('cinema_id', '=', cinemaId ?? line?.cinema_id ?? (await demoCinemaId(t)))
    .executeTakeFirst();
  return row?.stock ?? 0;
}

export async function lineStates(t: Pick<TestApp, 'db'>, orderId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('store_order_lines')
    .select('state')
    .where('order_id', '=', orderId)
    .execute();
  return rows.map((row) => row.state).sort();
}

export async function demoCinemaId(t: Pick<TestApp, 'db'>, siteId?: string): Promise<string> {
  const cinema = await t.db
    .selectFrom('cinemas')
    .select('id')
    .where('site_id', '=', siteId ?? (await siteIdOf(t)))
    .orderBy('name')
    .executeTakeFirstOrThrow();
  return cinema.id;
}

export const PHONE = '13912345678';

export function createStoreOrder(
  t: TestApp,
  token: string,
  body: { cinemaId: string; phone?: string; items: { goodsInfoId: string; quantity: number }[] },
) {
  return call<OrderDetail>(t.app, {
    method: 'POST',
    url: '/api/storeOrder/create',
    token,
    body: { phone: PHONE, ...body },
  });
}

/** A pending store order of `quantity` units of each variant; fails the test if refused. */
export async function orderGoods(
  t: TestApp,
  token: string,
  lines: { variantId: string; quantity: number }[],
): Promise<OrderDetail> {
  const answer = await createStoreOrder(t, token, {
    cinemaId: await demoCinemaId(t),
    items: lines.map((line) => ({ goodsInfoId: line.variantId, quantity: line.quantity })),
  });
  if (answer.body.code !== 0) {
    throw new Error(`store order failed: ${answer.body.code} ${answer.body.msg}`);
  }
  return answer.body.data;
}

export const storeParam = (orderId: string) => ({ orderType: 'STORE_ORDER', orderId });
