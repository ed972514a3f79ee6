import {
  fenToYuan,
  goodsImagePath,
  localName,
  localTerm,
  minPrice,
  type NameLang,
  type CallAnswer,
  type GoodsDetail,
  type GoodsInfo,
  type getCategoryListCall,
  type getGoodsListCall,
  type SnackOffer,
  snackOfferTags,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor, GoodsSpec } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { findCinemaInfo } from '../cinema/index.js';
import type { SiteRow } from '../site/index.js';
import * as catalogueRepository from './catalogue.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Where goods are picked up, shown on every goods detail, in the page's language. */
const PICKUP_NOTICE: Record<NameLang, string> = {
  zh: '下单时选择取货影城，支付成功后凭取货码到该影城卖品柜台领取',
  en: "Choose a pickup cinema when you order; once paid, show the pickup code at that cinema's snack counter.",
};

/** The categories in the site's order, named in the page's language (decision 027). */
export async function listCategories(
  deps: Deps,
  site: SiteRow,
  lang: NameLang,
): Promise<CallAnswer<typeof getCategoryListCall>> {
  const rows = await catalogueRepository.listCategories(deps.db, site.id);
  return {
    list: rows.map((row) => ({ id: row.id, name: localName(row.name, row.name_en, lang) })),
  };
}

/**
 * A page of on-sale goods, of one category or of all (spec §5: a missing categoryId, or 0, is
 * every category), sorted by ascending minPrice (spec §9), then name. An unknown category → 40401.
 */
export async function listGoods(
  deps: Deps,
  site: SiteRow,
  query: { pageNum: number; pageSize: number; categoryId?: string; cinemaId?: string },
  lang: NameLang,
): Promise<CallAnswer<typeof getGoodsListCall>> {
  const cinemaId = await pickupCinemaOf(deps, site, query.cinemaId);
  const categoryId = query.categoryId && query.categoryId !== '0' ? query.categoryId : undefined;
  if (categoryId) {
    const category = isUuid(categoryId)
      ? await catalogueRepository.findCategory(deps.db, site.id, categoryId)
      : undefined;
    if (!category) throw notFound('The category', '商品分类');
  }
  const { rows, total } = await catalogueRepository.pageOfGoods(deps.db, {
    siteId: site.id,
    cinemaId,
    categoryId,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
    now: deps.clock.now(),
  });
  return {
    list: rows.map((row) => ({
      id: row.id,
      categoryId: row.category_id,
      name: row.name,
      description: row.description,
      imageUrl: goodsImagePath(row.id),
      minPrice: fenToYuan(row.min_fen),
      hasPriceRange: row.max_fen !== row.min_fen,
      isSoldOut: Number(row.live_stock) <= 0,
      tags: row.tags.map((tag) => localTerm('tag', tag, lang)),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}

/**
 * The cinema whose stock a page shows (decision 050): one of this site's, else 40401; none given,
 * none (every cinema's units together).
 */
async function pickupCinemaOf(deps: Deps, site: SiteRow, cinemaId: string | undefined) {
  if (cinemaId === undefined) return undefined;
  const cinema = isUuid(cinemaId) ? await findCinemaInfo(deps.db, site.id, cinemaId) : undefined;
  if (!cinema) throw notFound('The cinema', '影院');
  return cinema.cinemaId;
}

/**
 * One on-sale goods item with its variants (goodsInfoList) and their live stock, at the pickup
 * cinema when one is given (variants off sale there are left out).
 */
export async function getGoodsDetail(
  deps: Deps,
  site: SiteRow,
  query: { id: string; cinemaId?: string },
  lang: NameLang,
): Promise<GoodsDetail> {
  const goodsId = query.id;
  const cinemaId = await pickupCinemaOf(deps, site, query.cinemaId);
  const goods = isUuid(goodsId)
    ? await catalogueRepository.findGoods(deps.db, site.id, goodsId)
    : undefined;
  const variants = goods
    ? await catalogueRepository.listVariantsOfGoods(deps.db, goods.id, deps.clock.now(), cinemaId)
    : [];
  if (!goods || variants.length === 0) throw notFound('The goods item', '商品');
  const goodsInfoList = variants.map(goodsInfoOf);
  return {
    id: goods.id,
    categoryId: goods.category_id,
    name: goods.name,
    description: goods.description,
    imageUrl: goodsImagePath(goods.id),
    minPrice: minPrice(goodsInfoList)!,
    hasPriceRange: new Set(goodsInfoList.map((info) => info.price)).size > 1,
    isSoldOut: goodsInfoList.every((info) => info.stock <= 0),
    tags: goods.tags.map((tag) => localTerm('tag', tag, lang)),
    goodsInfoList,
    notice: PICKUP_NOTICE[lang],
  };
}

/** GET /api/goods/offers: the snack step's combos and popular goods with their variants. */
export async function listSnackOffers(
  deps: Deps,
  site: SiteRow,
  query: { cinemaId?: string },
): Promise<{ list: SnackOffer[] }> {
  const now = deps.clock.now();
  const cinemaId = await pickupCinemaOf(deps, site, query.cinemaId);
  const rows = await catalogueRepository.listGoodsTagged(deps.db, {
    siteId: site.id,
    cinemaId,
    tags: snackOfferTags,
    limit: 8,
    now,
  });
  const variants = await catalogueRepository.listVariantsOfManyGoods(
    deps.db,
    rows.map((row) => row.id),
    now,
    cinemaId,
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      categoryId: row.category_id,
      name: row.name,
      description: row.description,
      imageUrl: goodsImagePath(row.id),
      minPrice: fenToYuan(row.min_fen),
      hasPriceRange: row.max_fen !== row.min_fen,
      isSoldOut: Number(row.live_stock) <= 0,
      tags: row.tags,
      goodsInfoList: variants.filter((variant) => variant.goods_id === row.id).map(goodsInfoOf),
    })),
  };
}

function goodsInfoOf(variant: catalogueRepository.VariantRow): GoodsInfo {
  return {
    id: variant.id,
    name: variantName(variant.specs),
    specs: variant.specs,
    price: fenToYuan(variant.price_fen),
    originalPrice:
      variant.original_price_fen === null ? null : fenToYuan(variant.original_price_fen),
    stock: Number(variant.live_stock),
  };
}

/** A goods item's picture, by id alone (images carry no site header). */
export async function findImageGoods(db: Executor, goodsId: string) {
  if (!isUuid(goodsId)) return undefined;
  return catalogueRepository.findGoodsForImage(db, goodsId);
}

/** A variant's specs joined for display: "大杯 · 少糖". */
export function variantName(specs: GoodsSpec[]): string {
  return specs.map((spec) => spec.value).join(' · ');
}
