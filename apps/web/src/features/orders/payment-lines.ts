import type { OrderDetail } from '@marquee/contracts';

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
