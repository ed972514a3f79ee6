import { describe, expect, it } from 'vitest';
import {
  canPaymentTransition,
  cardTypeForOrderKind,
  isRefundAllowed,
  paymentStatuses,
  paymentTransitions,
  refundAllowedUntil,
  splitPayment,
  suggestSplit,
} from './payment.js';

describe('payment split', () => {
  it('gives the cards what WeChat does not pay', () => {
    expect(splitPayment(8000, 3050)).toEqual({ isValid: true, cardFen: 4950, wechatFen: 3050 });
  });

  it('refuses a WeChat part that is zero, negative or not whole fen', () => {
    expect(splitPayment(8000, 0)).toEqual({ isValid: false, reason: 'WECHAT_NOT_POSITIVE' });
    expect(splitPayment(8000, -1)).toEqual({ isValid: false, reason: 'WECHAT_NOT_POSITIVE' });
    expect(splitPayment(8000, 10.5)).toEqual({ isValid: false, reason: 'WECHAT_NOT_POSITIVE' });
  });

  it('refuses a WeChat part that leaves nothing to the cards', () => {
    expect(splitPayment(8000, 8000)).toEqual({ isValid: false, reason: 'CARD_NOT_POSITIVE' });
    expect(splitPayment(8000, 9000)).toEqual({ isValid: false, reason: 'CARD_NOT_POSITIVE' });
  });

  it('proposes cards first and the rest by WeChat', () => {
    expect(suggestSplit(8000, 1000)).toEqual({ cardFen: 1000, wechatFen: 7000 });
    expect(suggestSplit(8000, 20000)).toEqual({ cardFen: 8000, wechatFen: 0 });
    expect(suggestSplit(8000, 0)).toEqual({ cardFen: 0, wechatFen: 8000 });
  });
});

describe('refund cutoff', () => {
  const start = new Date('2026-11-22T12:00:00Z');

  it('allows a refund until the cutoff before the show, inclusive', () => {
    expect(refundAllowedUntil(start, 60).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(isRefundAllowed(new Date('2026-11-22T10:59:59Z'), start, 60)).toBe(true);
    expect(isRefundAllowed(new Date('2026-11-22T11:00:00Z'), start, 60)).toBe(true);
  });

  it('refuses a refund after the cutoff', () => {
    expect(isRefundAllowed(new Date('2026-11-22T11:00:01Z'), start, 60)).toBe(false);
    expect(isRefundAllowed(new Date('2026-11-22T13:00:00Z'), start, 0)).toBe(false);
  });
});

describe('payment status transitions', () => {
  it('moves a pending payment to succeeded, failed or cancelled', () => {
    expect(canPaymentTransition('pending', 'succeeded')).toBe(true);
    expect(canPaymentTransition('pending', 'failed')).toBe(true);
    expect(canPaymentTransition('pending', 'cancelled')).toBe(true);
    expect(canPaymentTransition('pending', 'refunded')).toBe(false);
  });

  it('lets money the provider reports late count as received, then only be refunded', () => {
    expect(canPaymentTransition('cancelled', 'succeeded')).toBe(true);
    expect(canPaymentTransition('failed', 'succeeded')).toBe(true);
    expect(canPaymentTransition('succeeded', 'refund_pending')).toBe(true);
    expect(canPaymentTransition('refund_pending', 'refunded')).toBe(true);
    expect(canPaymentTransition('succeeded', 'cancelled')).toBe(false);
    expect(canPaymentTransition('refunded', 'succeeded')).toBe(false);
  });

  it('has a row for every status and ends nowhere else', () => {
    for (const status of paymentStatuses) {
      for (const to of paymentTransitions[status]) expect(paymentStatuses).toContain(to);
    }
    expect(paymentTransitions.refunded).toEqual([]);
  });

  it('pays film orders with film cards and store orders with goods cards', () => {
    expect(cardTypeForOrderKind('film')).toBe('film');
    expect(cardTypeForOrderKind('store')).toBe('goods');
  });
});
