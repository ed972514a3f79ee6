import { describe, expect, it } from 'vitest';
import { exchangeAllowedUntil, splitExchangeRefund } from './order-exchange.js';

describe('ticket exchange rules', () => {
  it('closes exchanges the cutoff before the show', () => {
    const start = new Date('2026-11-22T12:00:00Z');
    expect(exchangeAllowedUntil(start, 30).toISOString()).toBe('2026-11-22T11:30:00.000Z');
  });

  it('refunds a card-only order entirely to the cards', () => {
    expect(splitExchangeRefund(1000, { cardFen: 5000, wechatFen: 0 })).toEqual({
      cardFen: 1000,
      wechatFen: 0,
    });
  });

  it('refunds a WeChat-only order entirely through WeChat', () => {
    expect(splitExchangeRefund(1000, { cardFen: 0, wechatFen: 5000 })).toEqual({
      cardFen: 0,
      wechatFen: 1000,
    });
  });

  it('splits a combined payment in proportion, adding up to the difference', () => {
    const split = splitExchangeRefund(1001, { cardFen: 3000, wechatFen: 1000 });
    expect(split.cardFen + split.wechatFen).toBe(1001);
    expect(split).toEqual({ cardFen: 751, wechatFen: 250 });
  });

  it('never refunds more than was paid', () => {
    expect(splitExchangeRefund(9000, { cardFen: 3000, wechatFen: 1000 })).toEqual({
      cardFen: 3000,
      wechatFen: 1000,
    });
    expect(splitExchangeRefund(0, { cardFen: 3000, wechatFen: 1000 })).toEqual({
      cardFen: 0,
      wechatFen: 0,
    });
  });
});
