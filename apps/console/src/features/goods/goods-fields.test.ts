import { describe, expect, it } from 'vitest';
import type { ConsoleGoods } from '@marquee/contracts/console';
import { goodsFieldsOf, goodsFormValues, type GoodsFormValues } from './goods-fields';

const popcorn: ConsoleGoods = {
  id: 'g1',
  categoryId: 'c1',
  name: '爆米花',
  description: '',
  tags: ['热卖'],
  isOnSale: true,
  imageUrl: '/goods/g1.svg',
  imageVersion: null,
  variants: [
    {
      id: 'v1',
      specs: [
        { name: '规格', value: '大桶' },
        { name: '口味', value: '焦糖' },
      ],
      name: '大桶 · 焦糖',
      priceFen: 3250,
      originalPriceFen: null,
      stock: 10,
      reservedCount: 0,
      cinemas: [],
    },
  ],
};

describe('the goods drawer form', () => {
  it('opens an item with its prices in yuan and its first spec to edit', () => {
    const values = goodsFormValues(popcorn, { categoryId: 'c9', specName: '规格' });
    expect(values.variants).toEqual([
      { id: 'v1', specName: '规格', specValue: '大桶', price: 32.5, originalPrice: null },
    ]);
    expect(values.categoryId).toBe('c1');
  });

  it('opens a new item on sale in the picked category with one empty variant', () => {
    const values = goodsFormValues(null, { categoryId: 'c9', specName: '规格' });
    expect(values).toMatchObject({ categoryId: 'c9', isOnSale: true, tags: [] });
    expect(values.variants).toHaveLength(1);
    expect(values.variants![0]).toMatchObject({ specName: '规格', specValue: '' });
  });

  it('saves prices in fen without float dust and keeps specs it does not edit', () => {
    const typed: GoodsFormValues = {
      categoryId: 'c1',
      name: '爆米花',
      tags: [],
      isOnSale: true,
      variants: [
        { id: 'v1', specName: '规格', specValue: '超大桶', price: 0.1 + 0.2, originalPrice: 40 },
        { specName: '规格', specValue: '小桶', price: 19.9 },
      ],
    } as GoodsFormValues;
    const fields = goodsFieldsOf(typed, popcorn);
    expect(fields.description).toBe('');
    expect(fields.variants).toEqual([
      {
        id: 'v1',
        specs: [
          { name: '规格', value: '超大桶' },
          { name: '口味', value: '焦糖' },
        ],
        priceFen: 30,
        originalPriceFen: 4000,
      },
      { specs: [{ name: '规格', value: '小桶' }], priceFen: 1990, originalPriceFen: null },
    ]);
  });
});
