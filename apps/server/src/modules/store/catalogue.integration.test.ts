import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  getGoodsDetailCall,
  type CallAnswer,
  type getGoodsListCall,
  type GoodsDetail,
  type getCategoryListCall,
} from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { newUser } from '../cards/cards-test-kit.js';
import {
  demoCinemaId,
  newCategory,
  newGoods,
  newSite,
  orderGoods,
  siteIdOf,
  stockOf,
} from './store-test-kit.js';

type GoodsPage = CallAnswer<typeof getGoodsListCall>;
type Categories = CallAnswer<typeof getCategoryListCall>;

describeOnEachDatabase('the goods catalogue', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const list = (query: string, site?: string) =>
    call<GoodsPage>(t.app, { url: `/api/goods/getGoodsList?${query}`, site });
  const detail = (id: string, site?: string) =>
    call<GoodsDetail>(t.app, { url: `/api/goods/getGoodsDetail?id=${id}`, site });
  /** At a pickup cinema: its units, its price, what it has on sale (decision 050). */
  const detailAt = (id: string, cinemaId: string) =>
    call<GoodsDetail>(t.app, { url: `/api/goods/getGoodsDetail?id=${id}&cinemaId=${cinemaId}` });
  const demoCinemas = async () => {
    const rows = await t.db
      .selectFrom('cinemas')
      .select(['id', 'name'])
      .where('site_id', '=', await siteIdOf(t))
      .execute();
    return new Map(rows.map((row) => [row.name, row.id]));
  };

  /** Demo goods by name, found through the list of every category. */
  async function demoGoods(name: string) {
    const { body } = await list('pageNum=1&pageSize=50');
    const found = body.data.list.find((goods) => goods.name === name);
    if (!found) throw new Error(`no demo goods ${name}`);
    return found;
  }

  it('lists the demo categories in their order, without sign-in', async () => {
    const { status, body } = await call<Categories>(t.app, { url: '/api/goods/getCategoryList' });
    expect(status).toBe(200);
    expect(body.data.list.map((category) => category.name)).toEqual([
      '爆米花',
      '饮品',
      '套餐',
      '小食',
    ]);
    expect(body.data.list.every((category) => /^[0-9a-f-]{36}$/.test(category.id))).toBe(true);
  });

  it('has at least 15 demo goods, each with an image the server draws', async () => {
    const { body } = await list('pageNum=1&pageSize=50');
    expect(body.data.total).toBeGreaterThanOrEqual(15);
    expect(body.data.list).toHaveLength(body.data.total);
    const first = body.data.list[0]!;
    expect(first.imageUrl).toBe(`/api/goods/image/${first.id}.svg`);
    const image = await t.app.inject({ method: 'GET', url: first.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain(first.name);
  });

  it('answers 404 for an unknown image', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/api/goods/image/nope.svg' });
    expect(image.statusCode).toBe(404);
  });

  it('sorts goods by ascending minPrice, then by name, across every category', async () => {
    const { body } = await list('pageNum=1&pageSize=50');
    const prices = body.data.list.map((goods) => goods.minPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.data.list[0]).toMatchObject({ name: '矿泉水', minPrice: 5, hasPriceRange: false });
    expect(body.data.list.find((goods) => goods.name === '冰镇可乐')).toMatchObject({
      minPrice: 12,
      hasPriceRange: true,
    });
  });

  it('pages a site’s goods and filters them by category; a missing or 0 categoryId is all', async () => {
    const site = await newSite(t);
    const drinks = await newCategory(t, site.id, '饮品');
    const snacks = await newCategory(t, site.id, '小食');
    // Five goods: minPrice decides the order, the name breaks a tie, a variant's price counts.
    await newGoods(t, {
      siteId: site.id,
      categoryId: drinks,
      name: 'B可乐',
      variants: [{ priceFen: 1200, stock: 5 }],
    });
    await newGoods(t, {
      siteId: site.id,
      categoryId: drinks,
      name: 'A柠檬水',
      variants: [{ priceFen: 1200, stock: 5 }],
    });
    await newGoods(t, {
      siteId: site.id,
      categoryId: snacks,
      name: 'C薯条',
      variants: [
        { priceFen: 1600, stock: 5 },
        { priceFen: 900, stock: 5 },
      ],
    });
    await newGoods(t, {
      siteId: site.id,
      categoryId: snacks,
      name: 'D热狗',
      variants: [{ priceFen: 2000, stock: 5 }],
    });
    await newGoods(t, { siteId: site.id, categoryId: drinks, name: 'E下架', isOnSale: false });

    const page1 = await list('pageNum=1&pageSize=2', site.code);
    expect(page1.body.data).toMatchObject({ pageNum: 1, pageSize: 2, total: 4, hasMore: true });
    expect(page1.body.data.list.map((g) => [g.name, g.minPrice])).toEqual([
      ['C薯条', 9],
      ['A柠檬水', 12],
    ]);
    const page2 = await list('pageNum=2&pageSize=2', site.code);
    expect(page2.body.data).toMatchObject({ total: 4, hasMore: false });
    expect(page2.body.data.list.map((g) => g.name)).toEqual(['B可乐', 'D热狗']);
    const page3 = await list('pageNum=3&pageSize=2', site.code);
    expect(page3.body.data).toMatchObject({ list: [], total: 4, hasMore: false });

    const onlyDrinks = await list(`pageNum=1&pageSize=10&categoryId=${drinks}`, site.code);
    expect(onlyDrinks.body.data.list.map((g) => g.name)).toEqual(['A柠檬水', 'B可乐']);
    expect(onlyDrinks.body.data.list.every((g) => g.categoryId === drinks)).toBe(true);
    expect(onlyDrinks.body.data.total).toBe(2);
    const zero = await list('pageNum=1&pageSize=10&categoryId=0', site.code);
    expect(zero.body.data.total).toBe(4);
    const defaults = await list('', site.code);
    expect(defaults.body.data).toMatchObject({ pageNum: 1, pageSize: 10, total: 4 });
  });

  it('refuses an unknown or another site’s category, and a page size over 50', async () => {
    const other = await newSite(t);
    const foreign = await newCategory(t, other.id);
    expect((await list(`categoryId=${foreign}`)).body.code).toBe(40401);
    expect((await list('categoryId=nope')).body.code).toBe(40401);
    const tooBig = await list('pageSize=51');
    expect(tooBig.body.code).toBe(40001);
    expect(tooBig.body.data).toMatchObject({ fields: ['query.pageSize'] });
  });

  it('shows a goods item with its variants, prices and live stock', async () => {
    const popcorn = await demoGoods('经典奶油爆米花');
    const { status, body } = await detail(popcorn.id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: popcorn.id,
      name: '经典奶油爆米花',
      minPrice: 18,
      hasPriceRange: true,
      isSoldOut: false,
      imageUrl: `/api/goods/image/${popcorn.id}.svg`,
    });
    const water = await detail((await demoGoods('矿泉水')).id);
    expect(water.body.data).toMatchObject({ minPrice: 5, hasPriceRange: false });
    expect(body.data.notice).toContain('取货码');
    expect(
      body.data.goodsInfoList.map((info) => [info.name, info.price, info.originalPrice]),
    ).toEqual([
      ['小桶', 18, 22],
      ['中桶', 25, 30],
      ['大桶', 32, 38],
    ]);
    expect(body.data.goodsInfoList[0]!.specs).toEqual([{ name: '规格', value: '小桶' }]);
    expect(body.data.goodsInfoList[0]!.stock).toBe(80);
    expect(getGoodsDetailCall.answer.safeParse(body.data).success).toBe(true);
  });

  it('marks the sold-out demo item and shows a low stock as it is', async () => {
    const soldOut = await demoGoods('巧克力爆米花');
    expect(soldOut.isSoldOut).toBe(true);
    expect((await detail(soldOut.id)).body.data.goodsInfoList.map((info) => info.stock)).toEqual([
      0,
    ]);
    const cinemas = await demoCinemas();
    const caramelId = (await demoGoods('焦糖爆米花')).id;
    const caramel = await detailAt(caramelId, cinemas.get('星幕影城（人民广场店）')!);
    expect(caramel.body.data.goodsInfoList.map((info) => [info.name, info.stock])).toEqual([
      ['中桶', 50],
      ['大桶', 3],
    ]);
    // Without a pickup cinema: the most one cinema has (every demo cinema has as many).
    expect((await detail(caramelId)).body.data.goodsInfoList.map((info) => info.stock)).toEqual([
      50, 3,
    ]);
  });

  it('shows each pickup cinema its own stock: sold out at one, in stock at another', async () => {
    const cinemas = await demoCinemas();
    const cheeseId = (await demoGoods('海盐芝士爆米花')).id;
    const at = async (name: string) =>
      (await detailAt(cheeseId, cinemas.get(name)!)).body.data.goodsInfoList.map((info) => [
        info.name,
        info.stock,
      ]);
    expect(await at('星幕影城（徐家汇店）')).toEqual([
      ['中桶', 45],
      ['大桶', 0],
    ]);
    expect(await at('星幕影城（陆家嘴店）')).toEqual([
      ['中桶', 45],
      ['大桶', 30],
    ]);
    const unknown = await detailAt(cheeseId, '00000000-0000-4000-8000-000000000000');
    expect(unknown.body.code).toBe(40401);
  });

  it('answers 404 for an unknown, malformed, withdrawn or another site’s goods id', async () => {
    expect((await detail('00000000-0000-4000-8000-000000000000')).body.code).toBe(40401);
    expect((await detail('nope')).body.code).toBe(40401);
    const withdrawn = await newGoods(t, { isOnSale: false });
    expect((await detail(withdrawn.id)).body.code).toBe(40401);
    const other = await newSite(t);
    const foreign = await newGoods(t, { siteId: other.id });
    expect((await detail(foreign.id)).body.code).toBe(40401);
    expect((await detail(foreign.id, other.code)).body.code).toBe(0);
    expect((await call(t.app, { url: '/api/goods/getGoodsDetail' })).body.code).toBe(40001);
  });

  it('counts units of unpaid orders past their deadline as available before any sweep', async () => {
    const user = await newUser(t);
    const goods = await newGoods(t, { variants: [{ priceFen: 1000, stock: 5 }] });
    const variant = goods.variants[0]!;
    await orderGoods(t, user.token, [{ variantId: variant.id, quantity: 5 }]);
    const pickup = await demoCinemaId(t);
    const before = await detailAt(goods.id, pickup);
    expect(before.body.data.goodsInfoList[0]!.stock).toBe(0);
    expect(before.body.data.isSoldOut).toBe(true);
    t.clock.advance(16 * 60);
    try {
      const after = await detailAt(goods.id, pickup);
      expect(after.body.data.goodsInfoList[0]!.stock).toBe(5);
      expect(after.body.data.isSoldOut).toBe(false);
      // The table itself still says 0 until the sweep or the next order gives the units back.
      expect(await stockOf(t, variant.id)).toBe(0);
      const listed = await list(`categoryId=${goods.categoryId}&cinemaId=${pickup}`);
      expect(listed.body.data.list[0]).toMatchObject({ id: goods.id, isSoldOut: false });
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('keeps each site’s catalogue to itself', async () => {
    const other = await newSite(t);
    const categories = await call<Categories>(t.app, {
      url: '/api/goods/getCategoryList',
      site: other.code,
    });
    expect(categories.body.data.list).toEqual([]);
    expect((await list('', other.code)).body.data).toMatchObject({ list: [], total: 0 });
    expect(await siteIdOf(t, other.code)).toBe(other.id);
  });
});
