import { describe, expect, it } from 'vitest';
import { goodsListQuery, minPrice, sortByPrice } from './goods.js';

/** Spec §3, §5, §9 beyond the basics in rules.test.ts: the edges of each goods rule. */
describe('goodsListQuery', () => {
  it('leaves the category out when it is null, empty, 0 or "0"', () => {
    for (const categoryId of [null, undefined, '', 0, '0']) {
      expect(goodsListQuery({ pageNum: 3, pageSize: 20, categoryId })).toEqual({
        pageNum: 3,
        pageSize: 20,
      });
    }
  });

  it('sends a numeric category as a string', () => {
    expect(goodsListQuery({ pageNum: 1, pageSize: 10, categoryId: 7 })).toEqual({
      pageNum: 1,
      pageSize: 10,
      categoryId: '7',
    });
  });
});

describe('minPrice', () => {
  it('is the one price of a single variant', () => {
    expect(minPrice([{ price: 12.5 }])).toBe(12.5);
  });

  it('finds the lowest wherever it is in the list', () => {
    expect(minPrice([{ price: 5 }, { price: 18 }, { price: 32 }])).toBe(5);
    expect(minPrice([{ price: 32 }, { price: 18 }, { price: 5 }])).toBe(5);
  });
});

describe('sortByPrice', () => {
  it('sorts ascending and keeps equal prices in their given order', () => {
    const items = [
      { name: 'c', price: 12 },
      { name: 'a', price: 5 },
      { name: 'b', price: 12 },
      { name: 'd', price: 9.9 },
    ];
    expect(sortByPrice(items).map((item) => item.name)).toEqual(['a', 'd', 'c', 'b']);
  });

  it('leaves the input list as it was', () => {
    const items = [{ price: 3 }, { price: 1 }];
    sortByPrice(items);
    expect(items).toEqual([{ price: 3 }, { price: 1 }]);
  });
});
