import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { paymentLines, refundableFen } from './payment-lines';

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

describe('what a full refund gives back', () => {
  const paid = (method: Payment['method'], amount: number, status: Payment['status']) => ({
    ...payment(`${method}-${amount}`, status),
    method,
    amount,
  });
  it('is each way of paying less what went back already, never a failed attempt', () => {
    const order = {
      payments: [paid('card', 100, 'succeeded'), paid('wechat', 56, 'succeeded')],
      refunds: [
        {
          outRefundNo: 'r1',
          method: 'wechat' as const,
          amount: 20,
          status: 'succeeded' as const,
          isAutomatic: false,
          reason: '小食退款',
          createdAt: '2026-11-24T07:00:00.000Z',
        },
      ],
    };
    expect(refundableFen(order)).toEqual({ cardFen: 10_000, wechatFen: 3_600 });
    const cancelledSheet = { payments: [paid('wechat', 56, 'cancelled')], refunds: [] };
    expect(refundableFen(cancelledSheet)).toEqual({ cardFen: 0, wechatFen: 0 });
  });
});
