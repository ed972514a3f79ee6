import { randomInt } from 'node:crypto';
import type { PaymentStatus } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { releaseCardHold } from '../cards/index.js';
import type { PayProvider } from './providers/pay-provider.js';
import * as paymentRepository from './payment.repository.js';

/** Steps the paying use cases share; each runs inside the caller's transaction unless it says so. */

/** WeChat's out_trade_no: 6–32 of [A-Za-z0-9]; ours is time plus random digits, unique by index. */
export function newOutTradeNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `MQ${stamp}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/** Move a payment along the payment transition table, or fail loudly if someone moved it first. */
export async function movePayment(
  trx: Transaction<Database>,
  payment: { id: string; status: PaymentStatus },
  to: PaymentStatus,
  at: Date,
  extra: { transaction_id?: string; is_auto_refunded?: boolean } = {},
): Promise<void> {
  const moved = await paymentRepository.updateStatus(
    trx,
    payment.id,
    payment.status,
    to,
    at,
    extra,
  );
  if (!moved) throw new AppError('CONFLICT', { paymentId: payment.id, to });
}

/** Give back the order's held card part (a combined payment that will not complete). */
export async function releaseHeldCards(
  trx: Transaction<Database>,
  orderId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const payments = await paymentRepository.listByOrder(trx, orderId);
  const held = payments.filter(
    (payment) => payment.method === 'card' && payment.status === 'pending',
  );
  if (held.length === 0) return;
  await releaseCardHold(trx, orderId, reason, now);
  for (const payment of held) await movePayment(trx, payment, 'cancelled', now);
}

/**
 * A new attempt to pay an order replaces any earlier one still pending: its WeChat transaction is
 * cancelled here (and closed at WeChat by the caller after commit, `closeQuietly`) and its card hold
 * released. Should WeChat still report the old one paid, the money is refunded automatically.
 */
export async function supersedePendingPayments(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<string[]> {
  await releaseHeldCards(trx, orderId, 'superseded by a new payment attempt', now);
  const payments = await paymentRepository.listByOrder(trx, orderId);
  const toClose: string[] = [];
  for (const payment of payments) {
    if (payment.method !== 'wechat' || payment.status !== 'pending') continue;
    await movePayment(trx, payment, 'cancelled', now);
    if (payment.prepay_id) toClose.push(payment.out_trade_no);
  }
  return toClose;
}

/** Outside any transaction: close WeChat transactions we gave up on. A failure is only logged. */
export async function closeQuietly(
  provider: PayProvider,
  outTradeNos: string[],
  log: (message: string, error: unknown) => void,
): Promise<void> {
  for (const outTradeNo of outTradeNos) {
    try {
      await provider.close(outTradeNo);
    } catch (error) {
      log(`closing ${outTradeNo} failed`, error);
    }
  }
}
