import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsDetail } from '@marquee/contracts';
import { goodsAuditActions } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  staffToken,
} from '../staff/staff-test-kit.js';
import {
  consoleGoodsWithStock,
  goodsConsole,
  goodsFields,
  uniqueName,
} from './goods-console-test-kit.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a picture of popcorn, as far as the first bytes say'),
]);
const GIF = Buffer.from('GIF89a and the rest of a gif');

describeOnEachDatabase('goods in the staff console', (kind) => {
  let t: TestApp;
  let g: ReturnType<typeof goodsConsole>;
  const tokens = { owner: '', manager: '', cashier: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    g = goodsConsole(t);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
  });
  afterAll(() => t?.close());

  const auditActions = async (entityId: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity_id', '=', entityId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const countOf = async (table: 'goods' | 'goods_categories' | 'audit_log' | 'goods_variants') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newCategoryId = async (token = tokens.manager) => {
    const answer = await g.createCategory(token, uniqueName('分类'));
    expect(answer.body.code).toBe(0);
    return answer.body.data.categories.at(-1)!.id;
  };

  describe('categories', () => {
    it('lets a manager create and rename categories, refuses a taken name, and audits both', async () => {
      const name = uniqueName('饮品');
      const created = await g.createCategory(tokens.manager, name);
      expect(created.body.code).toBe(0);
      const category = created.body.data.categories.find((c) => c.name === name)!;
      expect(category).toMatchObject({ goodsCount: 0 });
      const renamed = await g.renameCategory(tokens.owner, category.id, `${name}新`);
      expect(renamed.body.data.categories.find((c) => c.id === category.id)?.name).toBe(
        `${name}新`,
      );
      const taken = await g.createCategory(tokens.manager, `${name}新`);
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe(40940);
      expect(taken.body.msg).toContain(`${name}新`);
      expect(await auditActions(category.id)).toEqual([
        'goodsCategory.create',
        'goodsCategory.rename',
      ]);
      // The moviegoers' store lists it under its new name.
      const store = await call<{ list: { id: string; name: string }[] }>(t.app, {
        url: '/api/goods/getCategoryList',
      });
      expect(store.body.data.list).toContainEqual({ id: category.id, name: `${name}新` });
    });

    it('reorders every category at once and refuses an order that leaves one out', async () => {
      await newCategoryId();
      const before = (await g.list(tokens.owner)).body.data.categories.map((c) => c.id);
      const reversed = [...before].reverse();
      const answer = await g.reorderCategories(tokens.manager, reversed);
      expect(answer.body.data.categories.map((c) => c.id)).toEqual(reversed);
      const store = await call<{ list: { id: string }[] }>(t.app, {
        url: '/api/goods/getCategoryList',
      });
      expect(store.body.data.list.map((c) => c.id)).toEqual(reversed);
      // The console lists goods grouped by category, in the new order.
      const goodsOrder = (await g.list(tokens.owner)).body.data.goods.map((x) =>
        reversed.indexOf(x.categoryId),
      );
      expect(goodsOrder.length).toBeGreaterThan(0);
      expect(goodsOrder).toEqual([...goodsOrder].sort((a, b) => a - b));
      const audits = await countOf('audit_log');
      const missing = await g.reorderCategories(tokens.manager, reversed.slice(1));
      expect(missing.body.code).toBe(42296);
      const twice = await g.reorderCategories(tokens.manager, [
        reversed[0]!,
        ...reversed.slice(0, -1),
      ]);
      expect(twice.body.code).toBe(42296);
      expect(await countOf('audit_log')).toBe(audits);
      const again = await g.reorderCategories(tokens.manager, before);
      expect(again.body.code).toBe(0);
    });
  });

  describe('goods', () => {
    it('creates goods with variants that the moviegoer store shows once stock is received', async () => {
      const categoryId = await newCategoryId();
      const fields = goodsFields(categoryId, {
        variants: [
          { specs: [{ name: '杯型', value: '大杯' }], priceFen: 1200, originalPriceFen: 1500 },
          { specs: [{ name: '杯型', value: '中杯' }], priceFen: 900, originalPriceFen: null },
        ],
      });
      const created = await g.create(tokens.manager, fields);
      expect(created.body.code).toBe(0);
      const goods = created.body.data;
      expect(goods.variants.map((v) => [v.name, v.priceFen, v.stock])).toEqual([
        ['大杯', 1200, 0],
        ['中杯', 900, 0],
      ]);
      expect(await auditActions(goods.id)).toEqual(['goods.create']);
      await g.move(tokens.manager, {
        variantId: goods.variants[1]!.id,
        delta: 10,
        reason: 'received',
      });
      const detail = await call<GoodsDetail>(t.app, {
        url: `/api/goods/getGoodsDetail?id=${goods.id}`,
      });
      expect(detail.body.data).toMatchObject({ name: fields.name, minPrice: 9, isSoldOut: false });
      expect(
        detail.body.data.goodsInfoList.map((info) => [info.name, info.price, info.stock]),
      ).toEqual([
        ['大杯', 12, 0],
        ['中杯', 9, 10],
      ]);
    });

    it('updates fields and prices, adds a variant with no stock, and keeps the stock of the others', async () => {
      const goods = await consoleGoodsWithStock(t, tokens.manager, 6);
      const categoryId = await newCategoryId(tokens.owner);
      const updated = await g.update(tokens.owner, {
        id: goods.id,
        ...goodsFields(categoryId, {
          name: `${goods.name}改`,
          description: '',
          tags: [],
          variants: [
            {
              id: goods.variants[0]!.id,
              specs: [{ name: '规格', value: '大桶' }],
              priceFen: 3200,
              originalPriceFen: null,
            },
            { specs: [{ name: '规格', value: '小桶' }], priceFen: 1800, originalPriceFen: null },
          ],
        }),
      });
      expect(updated.body.code).toBe(0);
      expect(updated.body.data).toMatchObject({ name: `${goods.name}改`, categoryId, tags: [] });
      expect(
        updated.body.data.variants.map((v) => [
          v.id === goods.variants[0]!.id,
          v.name,
          v.priceFen,
          v.stock,
        ]),
      ).toEqual([
        [true, '大桶', 3200, 6],
        [false, '小桶', 1800, 0],
      ]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('entity_id', '=', goods.id)
        .where('action', '=', 'goods.update')
        .executeTakeFirstOrThrow();
      expect(audit.before).toMatchObject({ name: goods.name, categoryId: goods.categoryId });
      expect(audit.after).toMatchObject({ name: `${goods.name}改`, categoryId });
    });

    it('takes goods off sale (gone from the store) and back on, audited each way', async () => {
      const goods = await consoleGoodsWithStock(t, tokens.manager, 3);
      const off = await g.sale(tokens.manager, goods.id, false);
      expect(off.body.data.isOnSale).toBe(false);
      const hidden = await call(t.app, { url: `/api/goods/getGoodsDetail?id=${goods.id}` });
      expect(hidden.body.code).toBe(40401);
      const list = await call<{ list: { id: string }[] }>(t.app, {
        url: `/api/goods/getGoodsList?pageNum=1&pageSize=50&categoryId=${goods.categoryId}`,
      });
      expect(list.body.data.list).toEqual([]);
      expect((await g.sale(tokens.owner, goods.id, true)).body.data.isOnSale).toBe(true);
      expect(await auditActions(goods.id)).toEqual(['goods.create', 'goods.sale', 'goods.sale']);
    });

    it('uploads a picture checked by its bytes and serves it at the goods image URL', async () => {
      const goods = await consoleGoodsWithStock(t, tokens.manager, 0);
      const drawn = await t.app.inject({ url: goods.imageUrl });
      expect(drawn.headers['content-type']).toContain('image/svg+xml');
      const uploaded = await g.image(tokens.manager, goods.id, PNG);
      expect(uploaded.body.code).toBe(0);
      expect(uploaded.body.data.imageVersion).toMatch(/^[0-9a-f]{16}$/);
      const served = await t.app.inject({ url: goods.imageUrl });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
      const gif = await g.image(tokens.manager, goods.id, GIF);
      expect([gif.status, gif.body.code]).toEqual([400, 40041]);
      const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const tooLarge = await g.image(tokens.manager, goods.id, huge);
      expect(tooLarge.body.code).toBe(40041);
      expect(tooLarge.body.msg).toContain('2 MB');
      expect(await auditActions(goods.id)).toEqual(['goods.create', 'goods.image']);
    });

    it('refuses bad goods fields with the field named, and changes nothing', async () => {
      const categoryId = await newCategoryId();
      const existing = await consoleGoodsWithStock(t, tokens.manager, 0);
      const counts = async () => [
        await countOf('goods'),
        await countOf('goods_variants'),
        await countOf('audit_log'),
      ];
      const before = await counts();
      const variant = {
        specs: [{ name: '规格', value: '中' }],
        priceFen: 1000,
        originalPriceFen: null,
      };
      const cases: [unknown, number, string][] = [
        [goodsFields(categoryId, { name: ' ' }), 40001, 'body.name'],
        [goodsFields(categoryId, { variants: [] }), 40001, 'body.variants'],
        [
          goodsFields(categoryId, { variants: [{ ...variant, priceFen: 0 }] }),
          40001,
          'body.variants.0.priceFen',
        ],
        [
          goodsFields(categoryId, { variants: [{ ...variant, priceFen: 12.5 }] }),
          40001,
          'body.variants.0.priceFen',
        ],
        [
          goodsFields(categoryId, { variants: [{ ...variant, originalPriceFen: 500 }] }),
          40001,
          'body.variants.0.originalPriceFen',
        ],
        [goodsFields(categoryId, { variants: [variant, variant] }), 40001, 'body.variants'],
        [
          goodsFields(categoryId, { variants: [{ ...variant, specs: [] }] }),
          40001,
          'body.variants.0.specs',
        ],
        [goodsFields('00000000-0000-4000-8000-000000000000'), 40401, ''],
        [goodsFields(categoryId, { name: existing.name }), 40940, ''],
        [
          goodsFields(categoryId, { variants: [{ ...variant, id: existing.variants[0]!.id }] }),
          42296,
          '',
        ],
      ];
      for (const [body, code, field] of cases) {
        const answer = await g.create(tokens.manager, body);
        expect(answer.body.code, JSON.stringify(body)).toBe(code);
        if (field) expect(JSON.stringify(answer.body.data)).toContain(field);
      }
      const removing = await g.update(tokens.manager, {
        id: existing.id,
        ...goodsFields(categoryId, { name: existing.name, variants: [variant] }),
      });
      expect(removing.body.code).toBe(42296);
      expect(removing.body.msg).toContain('下架');
      expect(await counts()).toEqual(before);
    });
  });

  it('writes only the audit actions the audit page knows', async () => {
    const goods = await consoleGoodsWithStock(t, tokens.manager, 1);
    await g.sale(tokens.manager, goods.id, false);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .distinct()
      .where((eb) =>
        eb.or([eb('action', 'like', 'goods.%'), eb('action', 'like', 'goodsCategory.%')]),
      )
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const { action } of rows) expect(goodsAuditActions).toContain(action);
  });

  describe('who may do it', () => {
    it('refuses cashiers, moviegoers and callers without a staff session on every goods call', async () => {
      const goods = await consoleGoodsWithStock(t, tokens.manager, 2);
      const moviegoer = await signIn(t.app, uniqueOpenid());
      const calls: [string, unknown][] = [
        ['/api/console/goods/list', undefined],
        ['/api/console/goods/categories/create', { name: uniqueName('c') }],
        ['/api/console/goods/categories/rename', { id: goods.categoryId, name: uniqueName('c') }],
        ['/api/console/goods/categories/reorder', { ids: [goods.categoryId] }],
        ['/api/console/goods/create', goodsFields(goods.categoryId)],
        ['/api/console/goods/update', { id: goods.id, ...goodsFields(goods.categoryId) }],
        ['/api/console/goods/sale', { goodsId: goods.id, isOnSale: false }],
        ['/api/console/goods/image', { goodsId: goods.id, dataBase64: PNG.toString('base64') }],
        [
          '/api/console/goods/stock/move',
          { variantId: goods.variants[0]!.id, delta: -2, reason: 'damaged' },
        ],
        [`/api/console/goods/stock/movements?goodsId=${goods.id}`, undefined],
      ];
      const audits = await countOf('audit_log');
      for (const [url, body] of calls) {
        const cashier = await consoleCall(t.app, { url, body, staffToken: tokens.cashier });
        expect([url, cashier.status, cashier.body.code]).toEqual([url, 403, 40301]);
        const anonymous = await consoleCall(t.app, { url, body, token: moviegoer });
        expect([url, anonymous.status, anonymous.body.code]).toEqual([url, 401, 40101]);
      }
      expect(await countOf('audit_log')).toBe(audits);
      const after = (await g.list(tokens.owner)).body.data.goods.find(
        (row) => row.id === goods.id,
      )!;
      expect(after).toMatchObject({ isOnSale: true, imageVersion: null });
      expect(after.variants[0]!.stock).toBe(2);
    });

    it("never shows or changes one site's goods from another site", async () => {
      const goods = await consoleGoodsWithStock(t, tokens.manager, 4);
      const other = await createOtherSite(t.db, t.clock, 'boss-password-1');
      const boss = await staffToken(t.app, 'boss', 'boss-password-1', other.code);
      const o = goodsConsole(t, other.code);
      const listed = await o.list(boss);
      expect(listed.body.data).toEqual({ categories: [], goods: [] });
      const attempts = [
        await o.update(boss, { id: goods.id, ...goodsFields(goods.categoryId) }),
        await o.sale(boss, goods.id, false),
        await o.image(boss, goods.id, PNG),
        await o.move(boss, { variantId: goods.variants[0]!.id, delta: -4, reason: 'lost' }),
        await o.movements(boss, goods.id),
        await o.renameCategory(boss, goods.categoryId, '偷改'),
        await o.create(boss, goodsFields(goods.categoryId)),
      ];
      expect(attempts.map((answer) => answer.body.code)).toEqual(Array(7).fill(40401));
      // The demo site's token does not work with the other site's header, either.
      const crossed = await o.list(tokens.owner);
      expect(crossed.body.code).toBe(40101);
      const after = (await g.list(tokens.owner)).body.data.goods.find(
        (row) => row.id === goods.id,
      )!;
      expect(after.variants[0]!.stock).toBe(4);
      expect(after.isOnSale).toBe(true);
    });
  });
});
