import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { paymentLines } from './payment-lines';

type Payment = OrderDetail['payments'][number];

const payment = (paymentId: string, status: Payment['status']): Payment => ({
  paymentId,
  method: 'wechat',
  amount: 156,
  status,
  createdAt: '2026-11-24T06:00:00.000Z',
  cards: [],
});

describe('the payment lines of an order', () => {
  it('lists only attempts that moved money, and counts the cancelled and failed ones', () => {
    const { lines, unfinishedAttempts } = paymentLines([
      payment('a', 'cancelled'),
      payment('b', 'failed'),
      payment('c', 'succeeded'),
    ]);
    expect(lines.map((line) => line.paymentId)).toEqual(['c']);
    expect(unfinishedAttempts).toBe(2);
  });

  it('keeps pending, refunding and refunded payments: money is or was on its way', () => {
    const all = [payment('p', 'pending'), payment('r', 'refund_pending'), payment('d', 'refunded')];
    expect(paymentLines(all)).toEqual({ lines: all, unfinishedAttempts: 0 });
  });
});
