import { yuanToFen, type OrderDetail } from '@marquee/contracts';

type Payment = OrderDetail['payments'][number];

/** Attempts that moved no money: WeChat's sheet cancelled or failed. */
const NO_MONEY: ReadonlySet<Payment['status']> = new Set(['cancelled', 'failed']);

/**
 * An order's payments as a moviegoer reads them: the ones that moved (or may move) money, each a
 * line with its amount, and how many attempts moved none. Three lines of "¥156.00" for two
 * cancelled sheets and one payment read like three charges.
 */
export function paymentLines(payments: readonly Payment[]): {
  lines: Payment[];
  unfinishedAttempts: number;
} {
  const lines = payments.filter((payment) => !NO_MONEY.has(payment.status));
  return { lines, unfinishedAttempts: payments.length - lines.length };
}

/**
 * What a full refund gives back now, per way of paying, in fen: each method's succeeded payments
 * less what was already refunded to it (a goods-only refund, decision 029).
 */
export function refundableFen(order: Pick<OrderDetail, 'payments' | 'refunds'>): {
  cardFen: number;
  wechatFen: number;
} {
  const fenOf = (method: Payment['method']) =>
    order.payments
      .filter((payment) => payment.method === method && payment.status === 'succeeded')
      .reduce((sum, payment) => sum + yuanToFen(payment.amount), 0) -
    order.refunds
      .filter((refund) => refund.method === method && refund.status !== 'failed')
      .reduce((sum, refund) => sum + yuanToFen(refund.amount), 0);
  return { cardFen: Math.max(0, fenOf('card')), wechatFen: Math.max(0, fenOf('wechat')) };
}
