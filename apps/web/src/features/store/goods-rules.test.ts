import { describe, expect, it } from 'vitest';
import { storeOrderItemInputSchema, type GoodsInfo, type GoodsSummary } from '@marquee/contracts';
import {
  choose,
  clampQuantity,
  initialVariant,
  isValueAvailable,
  MAX_LINE_QUANTITY,
  maxQuantityOf,
  selectionOf,
  sortGoodsByPrice,
  specGroupsOf,
  variantOf,
} from './goods-rules';

const goods = (id: string, minPrice: number): GoodsSummary => ({
  id,
  categoryId: 'c1',
  name: id,
  description: '',
  imageUrl: `/goods/${id}.svg`,
  hasPriceRange: true,
  minPrice,
  isSoldOut: false,
  tags: [],
});

const variant = (
  id: string,
  specs: Record<string, string>,
  price: number,
  stock: number,
): GoodsInfo => ({
  id,
  name: Object.values(specs).join(' · '),
  specs: Object.entries(specs).map(([name, value]) => ({ name, value })),
  price,
  originalPrice: null,
  stock,
});

// 规格 × 口味, with 大杯·焦糖 sold out and no 中杯·咸味 at all.
const popcorn = [
  variant('m-sweet', { 规格: '中杯', 口味: '焦糖' }, 22, 3),
  variant('l-sweet', { 规格: '大杯', 口味: '焦糖' }, 28, 0),
  variant('l-salty', { 规格: '大杯', 口味: '咸味' }, 26, 9),
];

describe('the store list and the variant picker', () => {
  it('sorts the product list by ascending price, keeping the order of equal prices', () => {
    const sorted = sortGoodsByPrice([
      goods('b', 18),
      goods('a', 9.9),
      goods('c', 18),
      goods('d', 0.5),
    ]);
    expect(sorted.map((g) => g.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('groups the variants by spec name in the order they first appear', () => {
    expect(specGroupsOf(popcorn)).toEqual([
      { name: '规格', values: ['中杯', '大杯'] },
      { name: '口味', values: ['焦糖', '咸味'] },
    ]);
    expect(specGroupsOf([variant('one', {}, 5, 1)])).toEqual([]);
  });

  it('finds the variant of a full choice and nothing for a half one', () => {
    expect(variantOf(popcorn, { 规格: '大杯', 口味: '咸味' })?.id).toBe('l-salty');
    expect(variantOf(popcorn, { 规格: '大杯' })).toBeUndefined();
    expect(selectionOf(popcorn[0]!)).toEqual({ 规格: '中杯', 口味: '焦糖' });
  });

  it('starts on the cheapest variant in stock, or the first when everything is sold out', () => {
    expect(initialVariant(popcorn)?.id).toBe('m-sweet');
    const soldOut = popcorn.map((v) => ({ ...v, stock: 0 }));
    expect(initialVariant(soldOut)?.id).toBe('m-sweet');
    expect(initialVariant([])).toBeUndefined();
  });

  it('disables a value only when no variant in stock has it', () => {
    expect(isValueAvailable(popcorn, '规格', '大杯')).toBe(true);
    expect(isValueAvailable(popcorn, '口味', '咸味')).toBe(true);
    const noLarge = popcorn.map((v) => (v.id === 'l-salty' ? { ...v, stock: 0 } : v));
    expect(isValueAvailable(noLarge, '规格', '大杯')).toBe(false);
  });

  it('moves to a variant in stock when the exact choice is sold out or missing', () => {
    // 中杯·焦糖 → 大杯: 大杯·焦糖 is sold out, 大杯·咸味 is not.
    expect(choose(popcorn, { 规格: '中杯', 口味: '焦糖' }, '规格', '大杯')?.id).toBe('l-salty');
    // 大杯·咸味 → 焦糖: only 中杯·焦糖 has stock.
    expect(choose(popcorn, { 规格: '大杯', 口味: '咸味' }, '口味', '焦糖')?.id).toBe('m-sweet');
    // An exact choice in stock is taken as it is.
    expect(choose(popcorn, { 规格: '大杯', 口味: '焦糖' }, '口味', '咸味')?.id).toBe('l-salty');
  });

  it('bounds the quantity by the stock and the order limit', () => {
    expect(MAX_LINE_QUANTITY).toBe(storeOrderItemInputSchema.shape.quantity.maxValue);
    expect(maxQuantityOf(3)).toBe(3);
    expect(maxQuantityOf(500)).toBe(20);
    expect(maxQuantityOf(-1)).toBe(0);
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(2, 0)).toBe(0);
  });
});
