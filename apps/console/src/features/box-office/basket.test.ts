import { describe, expect, it } from 'vitest';
import {
  addSnack,
  basketTotalFen,
  emptyBasket,
  isBasketEmpty,
  MAX_SNACK_QUANTITY,
  setSnackQuantity,
  snackCount,
  snacksTotalFen,
  ticketsTotalFen,
  type Basket,
} from './basket';

const cola = {
  goodsId: 'g1',
  variantId: 'v-large',
  name: '可乐',
  spec: '大杯',
  unitFen: 1_200,
  stockLeft: 3,
};
const popcorn = {
  ...cola,
  goodsId: 'g2',
  variantId: 'v-pop',
  name: '爆米花',
  spec: '',
  unitFen: 2_550,
  stockLeft: null,
};

describe('the till basket', () => {
  it('adds two tickets and two colas into one total', () => {
    let basket: Basket = {
      ...emptyBasket,
      tickets: [
        { label: 'E7', priceFen: 4_500 },
        { label: 'E8', priceFen: 4_500 },
      ],
    };
    basket = addSnack(addSnack(basket, cola), cola);
    expect(basket.snacks).toHaveLength(1);
    expect(snackCount(basket)).toBe(2);
    expect(ticketsTotalFen(basket)).toBe(9_000);
    expect(snacksTotalFen(basket)).toBe(2_400);
    expect(basketTotalFen(basket)).toBe(11_400);
  });

  it('does not sell more of a snack than the cinema has', () => {
    let basket = emptyBasket;
    for (let i = 0; i < 5; i += 1) basket = addSnack(basket, cola);
    expect(snackCount(basket)).toBe(3);
    expect(setSnackQuantity(basket, cola.variantId, 10).snacks[0]!.quantity).toBe(3);
  });

  it('does not add a snack that is sold out', () => {
    expect(addSnack(emptyBasket, { ...cola, stockLeft: 0 })).toBe(emptyBasket);
  });

  it('caps a snack whose stock is not counted at the most one sale takes', () => {
    const basket = setSnackQuantity(addSnack(emptyBasket, popcorn), popcorn.variantId, 999);
    expect(basket.snacks[0]!.quantity).toBe(MAX_SNACK_QUANTITY);
  });

  it('takes a line out at quantity 0 and is empty again', () => {
    const basket = setSnackQuantity(addSnack(emptyBasket, popcorn), popcorn.variantId, 0);
    expect(basket.snacks).toEqual([]);
    expect(isBasketEmpty(basket)).toBe(true);
    expect(basketTotalFen(basket)).toBe(0);
  });

  it('keeps other lines as they are', () => {
    const basket = addSnack(addSnack(emptyBasket, cola), popcorn);
    const next = setSnackQuantity(basket, popcorn.variantId, 2);
    expect(next.snacks[0]).toBe(basket.snacks[0]);
    expect(snacksTotalFen(next)).toBe(1_200 + 5_100);
  });
});
