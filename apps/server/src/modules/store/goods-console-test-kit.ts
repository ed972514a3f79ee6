import { randomBytes } from 'node:crypto';
import type {
  ConsoleCategory,
  ConsoleGoods,
  GoodsFields,
  StockMovement,
} from '@marquee/contracts/console';
import type { TestApp } from '../../test-support/test-app.js';
import { consoleCall } from '../staff/staff-test-kit.js';
import { demoCinemaId } from './store-test-kit.js';

/** Helpers of the goods console tests (not shipped code paths): its calls with a staff token. */

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

export function goodsConsole(t: TestApp, site?: string) {
  const post = <T>(path: string, staffToken: string, body: unknown) =>
    consoleCall<T>(t.app, { url: `/api/console/goods/${path}`, staffToken, body, site });
  const get = <T>(path: string, staffToken: string) =>
    consoleCall<T>(t.app, { url: `/api/console/goods/${path}`, staffToken, site });
  return {
    list: (token: string) =>
      get<{ categories: ConsoleCategory[]; goods: ConsoleGoods[] }>('list', token),
    createCategory: (token: string, name: string) =>
      post<{ categories: ConsoleCategory[] }>('categories/create', token, { name }),
    renameCategory: (token: string, id: string, name: string) =>
      post<{ categories: ConsoleCategory[] }>('categories/rename', token, { id, name }),
    reorderCategories: (token: string, ids: string[]) =>
      post<{ categories: ConsoleCategory[] }>('categories/reorder', token, { ids }),
    create: (token: string, body: unknown) => post<ConsoleGoods>('create', token, body),
    update: (token: string, body: unknown) => post<ConsoleGoods>('update', token, body),
    sale: (token: string, goodsId: string, isOnSale: boolean) =>
      post<ConsoleGoods>('sale', token, { goodsId, isOnSale }),
    image: (token: string, goodsId: string, bytes: Buffer) =>
      post<ConsoleGoods>('image', token, { goodsId, dataBase64: bytes.toString('base64') }),
    /** At the demo cinema store orders use unless `cinemaId` names another. */
    move: async (
      token: string,
      body: { variantId: string; cinemaId?: string; delta: number; reason: string; note?: string },
    ) =>
      post<ConsoleGoods>('stock/move', token, {
        ...body,
        cinemaId: body.cinemaId ?? (await demoCinemaId(t)),
      }),
    transfer: (
      token: string,
      body: {
        variantId: string;
        fromCinemaId: string;
        toCinemaId: string;
        quantity: number;
        note?: string;
      },
    ) => post<ConsoleGoods>('stock/transfer', token, body),
    settings: (
      token: string,
      body: {
        variantId: string;
        cinemaId: string;
        reorderLevel: number;
        isOnSale: boolean;
        priceFen: number | null;
      },
    ) => post<ConsoleGoods>('stock/settings', token, body),
    movements: (token: string, goodsId: string) =>
      get<{ list: StockMovement[] }>(`stock/movements?goodsId=${goodsId}`, token),
  };
}

/** Goods fields with one variant (or the given ones) in `categoryId`. */
export function goodsFields(categoryId: string, overrides: Partial<GoodsFields> = {}): GoodsFields {
  return {
    categoryId,
    name: uniqueName('爆米花'),
    description: '现做焦糖口味',
    tags: ['热卖'],
    isOnSale: true,
    variants: [
      { specs: [{ name: '规格', value: '中桶' }], priceFen: 2500, originalPriceFen: 3000 },
    ],
    ...overrides,
  };
}

/**
 * A category and a goods item made through the console by `token`, with `stock` units received
 * on its first variant (none when 0).
 */
export async function consoleGoodsWithStock(
  t: TestApp,
  token: string,
  stock: number,
  overrides: Partial<GoodsFields> = {},
): Promise<ConsoleGoods> {
  const calls = goodsConsole(t);
  const categories = await calls.createCategory(token, uniqueName('分类'));
  if (categories.body.code !== 0) throw new Error(`category: ${categories.body.msg}`);
  const categoryId = categories.body.data.categories.at(-1)!.id;
  const created = await calls.create(token, goodsFields(categoryId, overrides));
  if (created.body.code !== 0) throw new Error(`goods: ${created.body.msg}`);
  if (stock === 0) return created.body.data;
  const moved = await calls.move(token, {
    variantId: created.body.data.variants[0]!.id,
    delta: stock,
    reason: 'received',
  });
  if (moved.body.code !== 0) throw new Error(`stock: ${moved.body.msg}`);
  return moved.body.data;
}
