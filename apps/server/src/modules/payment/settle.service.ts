import { orderEventReasons } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { metrics } from '../../lib/metrics.js';
import { commitCardHold } from '../cards/index.js';
import { fulfilPaidOrder, lockOrder, releaseOrders, transitionOrder } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { movePayment, pendingCardPartOf, releaseCardPartOf } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import type { PaymentResult } from './providers/pay-provider.js';
import { executeRefund, startAutoRefund } from './refund-execution.js';
import type { PaymentLog } from './payment-log.js';
import type { PaymentDeps } from './providers/pay-providers.js';

export type SettleOutcome = 'paid' | 'auto_refund' | 'already_settled';

/** Refusals of the order that mean the money came too late: refund it instead of failing. */
const LATE_ERRORS = new Set([
  'HOLD_EXPIRED',
  'SEAT_UNAVAILABLE',
  'ORDER_STATE_INVALID',
  // A dearer exchange whose original order was refunded or exchanged meanwhile (decision 031).
  'EXCHANGE_GONE',
]);
export const AUTO_REFUND_REASON = '支付超时，已自动退款';

/**
 * WeChat says a payment succeeded (a verified notification, or a status query): make it count
 * exactly once. The first report pays the order (paid → ticketed, the held card part committed);
 * a report for a payment we already settled changes nothing; money that arrives when the order
 * can no longer be paid (hold expired, seats taken, a superseded attempt) is refunded
 * automatically and shown on the order. Throws AppError when the report does not match the
 * payment (unknown out_trade_no, another amount): nothing changes and WeChat will retry.
 */
export async function applyPaidResult(
  deps: PaymentDeps,
  site: SiteRow,
  result: PaymentResult,
  log: PaymentLog,
  /** Who reported it: WeChat's notice, or our status query (the reconciliation report). */
  source: 'notify' | 'query',
): Promise<SettleOutcome> {
  if (result.state !== 'SUCCESS' || !result.transactionId) {
    throw new AppError('VALIDATION_FAILED', { fields: ['trade_state'], state: result.state });
  }
  const now = deps.clock.now();
  let settled: { outcome: SettleOutcome; outRefundNo?: string };
  try {
    settled = await deps.db
      .transaction()
      .execute((trx) => settleInTransaction(trx, site, result, now, 'on_time', source));
  } catch (error) {
    const isLate = error instanceof AppError && LATE_ERRORS.has(error.type);
    // The database refused to call the order paid (migration 0009): never keep that money.
    const isRefusedByDatabase = isPaidCheckViolation(error);
    if (!isLate && !isRefusedByDatabase) throw error;
    if (isRefusedByDatabase) log.error({ err: error }, 'order refused as paid; refunding');
    else
      log.warn(
        { outTradeNo: result.outTradeNo, reason: (error as AppError).type },
        'payment came too late',
      );
    settled = await deps.db
      .transaction()
      .execute((trx) => settleInTransaction(trx, site, result, now, 'late', source));
  }
  metrics.payments.inc({ method: 'wechat', outcome: settled.outcome });
  if (settled.outRefundNo) await executeRefund(deps, site, settled.outRefundNo, log);
  return settled.outcome;
}

/** The check_order_paid trigger's refusal (SQLSTATE 23514 from the orders table). */
function isPaidCheckViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23514' && /collected|charged/.test(message ?? '');
}

async function settleInTransaction(
  trx: Transaction<Database>,
  site: SiteRow,
  result: PaymentResult,
  now: Date,
  mode: 'on_time' | 'late',
  source: 'notify' | 'query',
): Promise<{ outcome: SettleOutcome; outRefundNo?: string }> {
  const transactionId = result.transactionId!;
  const found = await paymentRepository.findByOutTradeNo(trx, site.id, result.outTradeNo);
  if (!found || found.method !== 'wechat') {
    throw new AppError('NOT_FOUND', {
      what: '支付',
      whatEn: 'The payment',
      outTradeNo: result.outTradeNo,
    });
  }
  // The order first, then its payment: the lock order of every paying use case.
  const order = await lockOrder(trx, found.order_id);
  if (!order) throw new AppError('NOT_FOUND', { what: '订单', whatEn: 'The order' });
  const payment = (await paymentRepository.findByIdForUpdate(trx, found.id))!;
  if (result.amountFen !== payment.amount_fen) {
    throw new AppError('CONFLICT', {
      reason: 'amount mismatch',
      expectedFen: payment.amount_fen,
      reportedFen: result.amountFen,
    });
  }
  const record = (outcome: SettleOutcome) =>
    paymentRepository.recordNotification(trx, {
      transactionId,
      siteId: site.id,
      outTradeNo: payment.out_trade_no,
      paymentId: payment.id,
      outcome,
      at: now,
      source,
    });
  if (
    payment.status === 'succeeded' ||
    payment.status === 'refund_pending' ||
    payment.status === 'refunded'
  ) {
    await record('already_settled');
    return { outcome: 'already_settled' };
  }
  const paidAt = result.successAt ?? now;
  const isPayable =
    mode === 'on_time' &&
    payment.status === 'pending' &&
    order.status === 'pending_payment' &&
    paidAt.getTime() <= order.pay_deadline_at.getTime();
  // Pays the order only as the live attempt whose every part is still in: its card part (if any)
  // held, and the parts adding up to the order's total.
  const card = isPayable ? await pendingCardPartOf(trx, payment) : undefined;
  const isWhole = payment.amount_fen + (card?.amount_fen ?? 0) === order.amount_fen;

  if (isPayable && isWhole) {
    await movePayment(trx, payment, 'succeeded', now, { transaction_id: transactionId });
    if (card) {
      await commitCardHold(trx, order.id, now);
      await movePayment(trx, card, 'succeeded', now);
    }
    await fulfilPaidOrder(trx, order, now, orderEventReasons.paidByWechat);
    await record('paid');
    return { outcome: 'paid' };
  }

  // Too late, superseded, or its card part given up: the money is recorded as received, then
  // sent back.
  await movePayment(trx, payment, 'succeeded', now, { transaction_id: transactionId });
  const outRefundNo = await startAutoRefund(trx, { ...payment, status: 'succeeded' }, now);
  await releaseCardPartOf(trx, payment, 'WeChat part arrived too late', now);
  if (order.status === 'pending_payment' && order.pay_deadline_at.getTime() < now.getTime()) {
    await transitionOrder(trx, order, 'expired', orderEventReasons.paidTooLate);
    await releaseOrders(trx, [order]);
  }
  await record('auto_refund');
  return { outcome: 'auto_refund', outRefundNo };
}

/**
 * A WeChat payment that will not complete (the user cancelled, WeChat failed it, it timed out):
 * it becomes `to`, and the held card part of its own attempt is released. The order stays unpaid;
 * its own hold decides when its seats go. `isClosedAtProvider`: WeChat confirmed that the
 * transaction can no longer be paid.
 */
export async function giveUpWechatPayment(
  deps: PaymentDeps,
  paymentId: string,
  to: 'failed' | 'cancelled',
  reason: string,
  options: { isClosedAtProvider?: boolean } = {},
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const found = await paymentRepository.findById(trx, paymentId);
    if (!found) return;
    await lockOrder(trx, found.order_id);
    const payment = (await paymentRepository.findByIdForUpdate(trx, paymentId))!;
    if (options.isClosedAtProvider) {
      await paymentRepository.markProviderClosed(trx, payment.out_trade_no, now);
    }
    if (payment.status !== 'pending') return;
    await movePayment(trx, payment, to, now);
    await releaseCardPartOf(trx, payment, reason, now);
  });
}
