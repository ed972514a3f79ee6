import { describe, expect, it } from 'vitest';
import { planCardDebits, type DebitableCard } from './card-debits.js';
import { balanceForType, isCardTypeUsable } from './cards.js';

const card = (id: string, cardTypeList: string[], balanceFen: number, createdAt = '2026-01-01') =>
  ({ id, cardTypeList, balanceFen, createdAt }) satisfies DebitableCard;

describe('card debit plan', () => {
  it('takes the whole amount from one card that holds enough', () => {
    expect(planCardDebits([card('a', ['film'], 5000)], 'film', 3550)).toEqual({
      ok: true,
      debits: [{ cardId: 'a', amountFen: 3550 }],
    });
  });

  it('draws cards of the order type before general cards', () => {
    const plan = planCardDebits(
      [card('general', ['general'], 100), card('film', ['film'], 1000)],
      'film',
      300,
    );
    expect(plan).toEqual({ ok: true, debits: [{ cardId: 'film', amountFen: 300 }] });
  });

  it('draws the lower balance first, then the older card, and skips cards not needed', () => {
    const plan = planCardDebits(
      [
        card('new', ['goods'], 300, '2026-03-01'),
        card('old', ['goods'], 300, '2026-02-01'),
        card('small', ['goods'], 100, '2026-04-01'),
        card('spare', ['general'], 900),
      ],
      'goods',
      500,
    );
    expect(plan).toEqual({
      ok: true,
      debits: [
        { cardId: 'small', amountFen: 100 },
        { cardId: 'old', amountFen: 300 },
        { cardId: 'new', amountFen: 100 },
      ],
    });
  });

  it('skips empty cards', () => {
    const plan = planCardDebits(
      [card('empty', ['film'], 0), card('g', ['general'], 50)],
      'film',
      50,
    );
    expect(plan).toEqual({ ok: true, debits: [{ cardId: 'g', amountFen: 50 }] });
  });

  it('refuses a card whose types do not cover the order, naming it', () => {
    expect(
      planCardDebits([card('goods', ['goods'], 900), card('film', ['film'], 900)], 'film', 10),
    ).toEqual({ ok: false, reason: 'CARD_NOT_USABLE', cardIds: ['goods'] });
  });

  it('refuses no cards at all as not usable', () => {
    expect(planCardDebits([], 'film', 10)).toMatchObject({ ok: false, reason: 'CARD_NOT_USABLE' });
  });

  it('refuses more than the cards hold together, saying how much they hold', () => {
    expect(
      planCardDebits([card('a', ['film'], 300), card('b', ['general'], 200)], 'film', 501),
    ).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE', availableFen: 500 });
  });
});

describe('card type rules of spec §5–§6', () => {
  it('lets a general card pay for any type, and a specific card only for its own', () => {
    expect(isCardTypeUsable(['general'], 'goods')).toBe(true);
    expect(isCardTypeUsable(['film'], 'film')).toBe(true);
    expect(isCardTypeUsable(['film'], 'goods')).toBe(false);
    expect(isCardTypeUsable(['goods', 'general'], 'film')).toBe(true);
  });

  it('sums the balances of cards listing the type or general, exactly in fen', () => {
    const storeCard = [
      { cardTypeList: ['general'], balance: 200 },
      { cardTypeList: ['film'], balance: 50.1 },
      { cardTypeList: ['goods'], balance: 30.2 },
    ];
    expect(balanceForType(storeCard, 'film')).toBe(250.1);
    expect(balanceForType(storeCard, 'goods')).toBe(230.2);
    expect(balanceForType([], 'goods')).toBe(0);
  });
});
