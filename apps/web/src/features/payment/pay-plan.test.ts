import { describe, expect, it } from 'vitest';
import type { StoreCard } from '@marquee/contracts';
import { availableMethods, balanceFenOf, cardTypeOf, planPayment, usableCards } from './pay-plan';

const card = (id: string, cardTypeList: string[], balance: number): StoreCard => ({
  id,
  cardNo: `88${id}`,
  name: id,
  cardTypeList,
  balance,
});

describe('the pay panel plan', () => {
  const cards = [
    card('g', ['general'], 10.1),
    card('f', ['film'], 20.2),
    card('s', ['goods'], 40),
    card('e', ['film'], 0),
  ];

  it('pays tickets with film cards and store orders with goods cards', () => {
    expect(cardTypeOf({ orderType: 'FILM_ORDER', orderId: 'o1' })).toBe('film');
    expect(cardTypeOf({ orderType: 'STORE_ORDER', orderId: 'o2' })).toBe('goods');
    const storeCards = usableCards(cards, cardTypeOf({ orderType: 'STORE_ORDER', orderId: 'o2' }));
    expect(storeCards.map((c) => c.id)).toEqual(['g', 's']);
  });

  it('offers only cards that cover the order type and hold money', () => {
    expect(usableCards(cards, 'film').map((c) => c.id)).toEqual(['g', 'f']);
    expect(usableCards(cards, 'goods').map((c) => c.id)).toEqual(['g', 's']);
    expect(balanceFenOf(usableCards(cards, 'film'))).toBe(3030);
  });

  it('offers cards alone when they cover the total, combined when they cover part', () => {
    expect(availableMethods(3000, 3030)).toEqual(['cards', 'wechat']);
    expect(availableMethods(8000, 3030)).toEqual(['combined', 'wechat']);
    expect(availableMethods(8000, 0)).toEqual(['wechat']);
  });

  it('plans a combined payment as cards first and the rest by WeChat', () => {
    expect(planPayment('combined', 8000, usableCards(cards, 'film'))).toEqual({
      ok: true,
      method: 'combined',
      cardFen: 3030,
      wechatFen: 4970,
    });
  });

  it('refuses a card payment the chosen cards cannot cover, or without a card', () => {
    expect(planPayment('cards', 8000, usableCards(cards, 'film'))).toEqual({
      ok: false,
      reason: 'CARDS_TOO_LITTLE',
    });
    expect(planPayment('cards', 8000, [])).toEqual({ ok: false, reason: 'NO_CARD_CHOSEN' });
  });

  it('turns a combined choice the cards fully cover into a card payment', () => {
    expect(planPayment('combined', 2000, usableCards(cards, 'film'))).toEqual({
      ok: true,
      method: 'cards',
      cardFen: 2000,
      wechatFen: 0,
    });
    expect(planPayment('wechat', 2000, [])).toEqual({
      ok: true,
      method: 'wechat',
      cardFen: 0,
      wechatFen: 2000,
    });
  });
});

describe('paying a film order with snacks per part (decision 029)', () => {
  const film = { id: 'f', cardNo: '1', name: '电影卡', cardTypeList: ['film'], balance: 100 };
  const goods = { id: 'g', cardNo: '2', name: '卖品卡', cardTypeList: ['goods'], balance: 100 };
  const parts = { filmFen: 6000, goodsFen: 3000 };
  it('offers a goods card for an order with snacks, and counts each card within its part', () => {
    expect(usableCards([film, goods], 'film', parts).map((c) => c.id)).toEqual(['f', 'g']);
    expect(usableCards([film, goods], 'film').map((c) => c.id)).toEqual(['f']);
    expect(balanceFenOf([film], parts)).toBe(6000);
    expect(balanceFenOf([film, goods], parts)).toBe(9000);
  });
  it('lets WeChat pay the snacks a film card cannot', () => {
    expect(planPayment('combined', 9000, [film], parts)).toEqual({
      ok: true,
      method: 'combined',
      cardFen: 6000,
      wechatFen: 3000,
    });
    expect(planPayment('cards', 9000, [film], parts)).toEqual({
      ok: false,
      reason: 'CARDS_TOO_LITTLE',
    });
  });
});
