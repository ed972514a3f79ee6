import { describe, expect, it } from 'vitest';
import {
  exchangeAllowedUntil,
  exchangePayDeadline,
  exchangePriceChange,
  splitExchangeRefund,
} from './order-exchange.js';

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

describe('the price of an exchange', () => {
  it('adds the seats difference of a dearer choice to what was paid, coupon kept', () => {
    expect(exchangePriceChange({ fromSeatsFen: 4000, toSeatsFen: 5500, paidFen: 3000 })).toEqual({
      refundFen: 0,
      extraFen: 1500,
      toAmountFen: 4500,
    });
  });

  it('refunds a cheaper choice but never down to nothing paid', () => {
    expect(exchangePriceChange({ fromSeatsFen: 4000, toSeatsFen: 3000, paidFen: 3800 })).toEqual({
      refundFen: 1000,
      extraFen: 0,
      toAmountFen: 2800,
    });
    expect(exchangePriceChange({ fromSeatsFen: 4000, toSeatsFen: 100, paidFen: 500 })).toEqual({
      refundFen: 499,
      extraFen: 0,
      toAmountFen: 1,
    });
  });

  it('changes nothing at the same price', () => {
    expect(exchangePriceChange({ fromSeatsFen: 4000, toSeatsFen: 4000, paidFen: 4000 })).toEqual({
      refundFen: 0,
      extraFen: 0,
      toAmountFen: 4000,
    });
  });
});

describe('the deadline of a difference payment', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const far = new Date('2026-11-23T10:00:00Z');

  it('is the usual hold when the shows are far', () => {
    expect(
      exchangePayDeadline({ now, holdMinutes: 15, exchangeClosesAt: far, salesCloseAt: far }),
    ).toEqual(new Date('2026-11-22T10:15:00Z'));
  });

  it('ends at the old show exchange cutoff or the new show sales close, whichever is first', () => {
    const cutoff = new Date('2026-11-22T10:05:00Z');
    const close = new Date('2026-11-22T10:07:00Z');
    expect(
      exchangePayDeadline({ now, holdMinutes: 15, exchangeClosesAt: cutoff, salesCloseAt: far }),
    ).toEqual(cutoff);
    expect(
      exchangePayDeadline({ now, holdMinutes: 15, exchangeClosesAt: far, salesCloseAt: close }),
    ).toEqual(close);
  });
});
