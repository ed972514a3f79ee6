import { describe, expect, it } from 'vitest';
import { filmOrderTotal } from './film-order.js';
import { balanceForType, isCardTypeUsable } from './cards.js';
import { goodsListQuery, minPrice, sortByPrice } from './goods.js';

describe('film order total', () => {
  const cinemaInfo = { id: 'c1' };
  const showInfo = { showId: 's1' };

  it('sums the seats discountPrice rounded to 2 decimals', () => {
    const seats = [{ discountPrice: 0.1 }, { discountPrice: 0.2 }, { discountPrice: 35.5 }];
    expect(filmOrderTotal({ cinemaInfo, showInfo, seats })).toBe(35.8);
  });

  it('is absent without a cinema, a show or a seat', () => {
    const seats = [{ discountPrice: 10 }];
    expect(filmOrderTotal({ showInfo, seats })).toBeUndefined();
    expect(filmOrderTotal({ cinemaInfo, seats })).toBeUndefined();
    expect(filmOrderTotal({ cinemaInfo, showInfo, seats: [] })).toBeUndefined();
  });
});

describe('card rules', () => {
  it('treats a type as usable when the user has general or that type', () => {
    expect(isCardTypeUsable(['general'], 'goods')).toBe(true);
    expect(isCardTypeUsable(['film'], 'film')).toBe(true);
    expect(isCardTypeUsable(['film'], 'goods')).toBe(false);
    expect(isCardTypeUsable([], 'film')).toBe(false);
  });

  it('sums balances of cards listing the type or general', () => {
    const storeCard = [
      { cardTypeList: ['general'], balance: 10.1 },
      { cardTypeList: ['film'], balance: 20.2 },
      { cardTypeList: ['goods'], balance: 40 },
    ];
    expect(balanceForType(storeCard, 'film')).toBe(30.3);
    expect(balanceForType(storeCard, 'goods')).toBe(50.1);
    expect(balanceForType([], 'film')).toBe(0);
  });
});

describe('goods rules', () => {
  it('sends the category only when it is set and not 0', () => {
    expect(goodsListQuery({ pageNum: 1, pageSize: 10, categoryId: 0 })).toEqual({
      pageNum: 1,
      pageSize: 10,
    });
    expect(goodsListQuery({ pageNum: 1, pageSize: 10, categoryId: '0' })).toEqual({
      pageNum: 1,
      pageSize: 10,
    });
    expect(goodsListQuery({ pageNum: 1, pageSize: 10 })).toEqual({ pageNum: 1, pageSize: 10 });
    expect(goodsListQuery({ pageNum: 2, pageSize: 10, categoryId: 'snacks' })).toEqual({
      pageNum: 2,
      pageSize: 10,
      categoryId: 'snacks',
    });
  });

  it('finds the lowest price and sorts ascending', () => {
    expect(minPrice([{ price: 12 }, { price: 8.5 }, { price: 30 }])).toBe(8.5);
    expect(minPrice([])).toBeUndefined();
    expect(sortByPrice([{ price: 3 }, { price: 1 }, { price: 2 }]).map((g) => g.price)).toEqual([
      1, 2, 3,
    ]);
  });
});
