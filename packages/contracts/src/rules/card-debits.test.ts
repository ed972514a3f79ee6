import { describe, expect, it } from 'vitest';
import { planCardDebits, planPartCardDebits, type DebitableCard } from './card-debits.js';
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

describe('card debit plan per part of a film order with snacks (decision 029)', () => {
  const parts = { filmFen: 6000, goodsFen: 3000 };
  it('lets a film card pay the tickets and a goods card the goods', () => {
    const plan = planPartCardDebits(
      [card('film', ['film'], 10_000), card('goods', ['goods'], 10_000)],
      parts,
      9000,
    );
    expect(plan).toEqual({
      ok: true,
      debits: [
        { cardId: 'film', amountFen: 6000, filmFen: 6000, goodsFen: 0 },
        { cardId: 'goods', amountFen: 3000, filmFen: 0, goodsFen: 3000 },
      ],
    });
  });
  it('never lets a film card pay the goods: the rest is short', () => {
    expect(planPartCardDebits([card('film', ['film'], 10_000)], parts, 9000)).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_BALANCE',
      availableFen: 6000,
    });
  });
  it('keeps the general card for what the specific cards leave, in the debit order', () => {
    const plan = planPartCardDebits(
      [card('general', ['general'], 10_000), card('goods', ['goods'], 1000)],
      parts,
      9000,
    );
    expect(plan).toEqual({
      ok: true,
      debits: [
        { cardId: 'goods', amountFen: 1000, filmFen: 0, goodsFen: 1000 },
        { cardId: 'general', amountFen: 8000, filmFen: 6000, goodsFen: 2000 },
      ],
    });
  });
  it("pays only the cards' part of a combined payment, tickets first", () => {
    const plan = planPartCardDebits([card('general', ['general'], 10_000)], parts, 7000);
    expect(plan).toEqual({
      ok: true,
      debits: [{ cardId: 'general', amountFen: 7000, filmFen: 6000, goodsFen: 1000 }],
    });
  });
  it('refuses a card that can pay no part of the order', () => {
    expect(
      planPartCardDebits([card('goods', ['goods'], 5000)], { filmFen: 6000, goodsFen: 0 }, 6000),
    ).toEqual({ ok: false, reason: 'CARD_NOT_USABLE', cardIds: ['goods'] });
  });
});
