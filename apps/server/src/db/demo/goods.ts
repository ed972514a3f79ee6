import type { Executor, GoodsSpec } from '../schema.js';

/**
 * The demo store: four categories and twenty goods sold at every demo cinema's counter. Names and
 * prices are invented; images are SVGs the server draws from `imageKey` and two colours. Each
 * cinema has its own stock (decision 050), `stock` units of each variant unless `stockAt` names
 * the cinema, and a reorder level of 10: deliberately uneven, plenty of most things, a few low
 * (焦糖爆米花 大桶, 家庭欢享套餐, 抹茶冰淇淋), one sold out at one cinema only
 * (海盐芝士爆米花 大桶 at 徐家汇) and one sold out everywhere (巧克力爆米花).
 */
export interface DemoVariant {
  specs: GoodsSpec[];
  priceFen: number;
  originalPriceFen?: number;
  stock: number;
  /** Units at the named cinemas instead of `stock`. */
  stockAt?: Record<string, number>;
}

/** Every demo cinema's reorder level. */
export const DEMO_REORDER_LEVEL = 10;

export interface DemoGoods {
  name: string;
  description: string;
  imageKey: GoodsImageKey;
  imageColors: [string, string];
  tags: string[];
  variants: DemoVariant[];
}

export type GoodsImageKey =
  | 'popcorn'
  | 'drink'
  | 'bottle'
  | 'coffee'
  | 'combo'
  | 'hotdog'
  | 'fries'
  | 'nachos'
  | 'icecream'
  | 'nuggets';

const size = (value: string) => ({ name: '规格', value });
const flavour = (value: string) => ({ name: '口味', value });
const sweetness = (value: string) => ({ name: '甜度', value });
const temperature = (value: string) => ({ name: '温度', value });

export const demoGoodsCategories: { name: string; nameEn: string; goods: DemoGoods[] }[] = [
  {
    name: '爆米花',
    nameEn: 'Popcorn',
    goods: [
      {
        name: '经典奶油爆米花',
        description: '现爆现卖，黄油香浓，观影标配',
        imageKey: 'popcorn',
        imageColors: ['#fde68a', '#dc2626'],
        tags: ['热卖'],
        variants: [
          { specs: [size('小桶')], priceFen: 1800, originalPriceFen: 2200, stock: 80 },
          { specs: [size('中桶')], priceFen: 2500, originalPriceFen: 3000, stock: 60 },
          { specs: [size('大桶')], priceFen: 3200, originalPriceFen: 3800, stock: 40 },
        ],
      },
      {
        name: '焦糖爆米花',
        description: '焦糖慢熬裹满每一粒，甜而不腻',
        imageKey: 'popcorn',
        imageColors: ['#f59e0b', '#92400e'],
        tags: [],
        variants: [
          { specs: [size('中桶')], priceFen: 2800, stock: 50 },
          { specs: [size('大桶')], priceFen: 3500, originalPriceFen: 4000, stock: 3 },
        ],
      },
      {
        name: '海盐芝士爆米花',
        description: '海盐与切达芝士，咸香上头',
        imageKey: 'popcorn',
        imageColors: ['#fef3c7', '#ea580c'],
        tags: [],
        variants: [
          { specs: [size('中桶')], priceFen: 2900, stock: 45 },
          {
            specs: [size('大桶')],
            priceFen: 3600,
            stock: 30,
            stockAt: { '星幕影城（徐家汇店）': 0 },
          },
        ],
      },
      {
        name: '双拼爆米花',
        description: '一桶两种口味，选择困难症福音',
        imageKey: 'popcorn',
        imageColors: ['#fcd34d', '#7c3aed'],
        tags: ['新品'],
        variants: [
          { specs: [size('大桶'), flavour('奶油+焦糖')], priceFen: 3800, stock: 25 },
          { specs: [size('大桶'), flavour('焦糖+芝士')], priceFen: 3800, stock: 25 },
        ],
      },
      {
        name: '巧克力爆米花',
        description: '比利时风味巧克力淋面，限量供应',
        imageKey: 'popcorn',
        imageColors: ['#a16207', '#3f1d0b'],
        tags: ['限量'],
        variants: [{ specs: [size('中桶')], priceFen: 3000, stock: 0 }],
      },
    ],
  },
  {
    name: '饮品',
    nameEn: 'Drinks',
    goods: [
      {
        name: '冰镇可乐',
        description: '加冰更爽，配爆米花刚刚好',
        imageKey: 'drink',
        imageColors: ['#ef4444', '#7f1d1d'],
        tags: ['热卖'],
        variants: [
          { specs: [size('中杯')], priceFen: 1200, stock: 200 },
          { specs: [size('大杯')], priceFen: 1500, stock: 150 },
        ],
      },
      {
        name: '柠檬气泡水',
        description: '鲜切柠檬片，无糖气泡',
        imageKey: 'drink',
        imageColors: ['#bef264', '#15803d'],
        tags: [],
        variants: [
          { specs: [size('中杯')], priceFen: 1400, stock: 120 },
          { specs: [size('大杯')], priceFen: 1700, stock: 90 },
        ],
      },
      {
        name: '鲜榨橙汁',
        description: '每杯三个橙子，现点现榨',
        imageKey: 'drink',
        imageColors: ['#fdba74', '#c2410c'],
        tags: [],
        variants: [{ specs: [size('大杯')], priceFen: 2200, originalPriceFen: 2500, stock: 20 }],
      },
      {
        name: '珍珠奶茶',
        description: '手煮黑糖珍珠，Q 弹有嚼劲',
        imageKey: 'drink',
        imageColors: ['#e7c9a9', '#78350f'],
        tags: ['新品'],
        variants: [
          { specs: [size('中杯'), sweetness('标准糖')], priceFen: 1600, stock: 60 },
          { specs: [size('中杯'), sweetness('少糖')], priceFen: 1600, stock: 60 },
          { specs: [size('大杯'), sweetness('标准糖')], priceFen: 1900, stock: 40 },
          { specs: [size('大杯'), sweetness('少糖')], priceFen: 1900, stock: 40 },
        ],
      },
      {
        name: '美式咖啡',
        description: '深烘豆子，熬夜场的好伙伴',
        imageKey: 'coffee',
        imageColors: ['#d6a77a', '#44260f'],
        tags: [],
        variants: [
          { specs: [size('中杯'), temperature('热')], priceFen: 1800, stock: 50 },
          { specs: [size('中杯'), temperature('冰')], priceFen: 1800, stock: 50 },
        ],
      },
      {
        name: '矿泉水',
        description: '天然矿泉水 550ml',
        imageKey: 'bottle',
        imageColors: ['#bae6fd', '#0369a1'],
        tags: [],
        variants: [{ specs: [size('550ml')], priceFen: 500, stock: 300 }],
      },
    ],
  },
  {
    name: '套餐',
    nameEn: 'Combos',
    goods: [
      {
        name: '单人观影套餐',
        description: '中桶奶油爆米花 + 中杯饮品',
        imageKey: 'combo',
        imageColors: ['#fde68a', '#2563eb'],
        tags: ['套餐', '热卖'],
        variants: [
          { specs: [flavour('配冰镇可乐')], priceFen: 3500, originalPriceFen: 3700, stock: 100 },
          { specs: [flavour('配柠檬气泡水')], priceFen: 3500, originalPriceFen: 3900, stock: 100 },
        ],
      },
      {
        name: '双人观影套餐',
        description: '大桶爆米花 + 两杯大杯可乐',
        imageKey: 'combo',
        imageColors: ['#fecaca', '#be123c'],
        tags: ['套餐'],
        variants: [
          { specs: [flavour('奶油爆米花')], priceFen: 5500, originalPriceFen: 6200, stock: 60 },
          { specs: [flavour('焦糖爆米花')], priceFen: 5800, originalPriceFen: 6500, stock: 40 },
        ],
      },
      {
        name: '情侣甜蜜套餐',
        description: '焦糖大桶 + 两杯珍珠奶茶',
        imageKey: 'combo',
        imageColors: ['#fbcfe8', '#9d174d'],
        tags: ['套餐', '新品'],
        variants: [{ specs: [size('标准')], priceFen: 6200, originalPriceFen: 7300, stock: 30 }],
      },
      {
        name: '家庭欢享套餐',
        description: '两大桶爆米花 + 四杯中杯饮品 + 大份薯条',
        imageKey: 'combo',
        imageColors: ['#c7d2fe', '#3730a3'],
        tags: ['套餐'],
        variants: [{ specs: [size('4 人份')], priceFen: 9800, originalPriceFen: 12000, stock: 3 }],
      },
    ],
  },
  {
    name: '小食',
    nameEn: 'Snacks',
    goods: [
      {
        name: '热狗',
        description: '德式香肠配软面包',
        imageKey: 'hotdog',
        imageColors: ['#fed7aa', '#b45309'],
        tags: [],
        variants: [
          { specs: [flavour('经典')], priceFen: 1500, stock: 40 },
          { specs: [flavour('芝士')], priceFen: 1800, stock: 40 },
        ],
      },
      {
        name: '玉米片配芝士酱',
        description: '墨西哥玉米片，热芝士酱蘸着吃',
        imageKey: 'nachos',
        imageColors: ['#fef08a', '#a16207'],
        tags: [],
        variants: [{ specs: [size('标准')], priceFen: 2000, stock: 35 }],
      },
      {
        name: '黄金薯条',
        description: '外脆里糯，附番茄酱',
        imageKey: 'fries',
        imageColors: ['#fde047', '#b91c1c'],
        tags: [],
        variants: [
          { specs: [size('中份')], priceFen: 1200, stock: 70 },
          { specs: [size('大份')], priceFen: 1600, stock: 50 },
        ],
      },
      {
        name: '冰淇淋',
        description: '意式手工冰淇淋，双球',
        imageKey: 'icecream',
        imageColors: ['#fce7f3', '#db2777'],
        tags: [],
        variants: [
          { specs: [flavour('香草')], priceFen: 1500, stock: 30 },
          { specs: [flavour('巧克力')], priceFen: 1500, stock: 30 },
          { specs: [flavour('抹茶')], priceFen: 1600, stock: 2 },
        ],
      },
      {
        name: '香酥鸡米花',
        description: '一口一个，微辣',
        imageKey: 'nuggets',
        imageColors: ['#fdba74', '#9a3412'],
        tags: [],
        variants: [{ specs: [size('标准')], priceFen: 1800, stock: 45 }],
      },
    ],
  },
];

export async function seedDemoGoods(trx: Executor, siteId: string): Promise<void> {
  const cinemas = await trx
    .selectFrom('cinemas')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .execute();
  for (const [categoryIndex, category] of demoGoodsCategories.entries()) {
    const row = await trx
      .insertInto('goods_categories')
      .values({
        site_id: siteId,
        name: category.name,
        name_en: category.nameEn,
        sort_order: categoryIndex + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const goods of category.goods) {
      const inserted = await trx
        .insertInto('goods')
        .values({
          site_id: siteId,
          category_id: row.id,
          name: goods.name,
          description: goods.description,
          image_key: goods.imageKey,
          image_colors: goods.imageColors,
          tags: goods.tags,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const variants = await trx
        .insertInto('goods_variants')
        .values(
          goods.variants.map((variant, index) => ({
            goods_id: inserted.id,
            specs: JSON.stringify(variant.specs),
            sort_order: index + 1,
            price_fen: variant.priceFen,
            original_price_fen: variant.originalPriceFen ?? null,
          })),
        )
        .returning(['id', 'sort_order'])
        .execute();
      const stock = variants.flatMap((row) => {
        const variant = goods.variants[row.sort_order - 1]!;
        return cinemas.map((cinema) => ({
          variant_id: row.id,
          cinema_id: cinema.id,
          stock: variant.stockAt?.[cinema.name] ?? variant.stock,
          reorder_level: DEMO_REORDER_LEVEL,
        }));
      });
      if (stock.length > 0) await trx.insertInto('goods_stock').values(stock).execute();
    }
  }
}
