import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { commitCardHold } from '../cards/index.js';
import { ordersRepository, transitionOrder } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { completePaidOrder, releaseOrderInventory } from './order-completion.js';
import { movePayment, releaseHeldCards } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import type { PaymentResult } from './providers/pay-provider.js';
import { executeRefund, startAutoRefund } from './refund-execution.js';
import type { PaymentLog } from './wechat-prepay.js';
import type { PaymentDeps } from './providers/pay-providers.js';

export type SettleOutcome = 'paid' | 'auto_refund' | 'already_settled';

/** Refusals of the order that mean the money came too late: refund it instead of failing. */
const LATE_ERRORS = new Set(['HOLD_EXPIRED', 'SEAT_UNAVAILABLE', 'ORDER_STATE_INVALID']);
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
): Promise<SettleOutcome> {
  if (result.state !== 'SUCCESS' || !result.transactionId) {
    throw new AppError('VALIDATION_FAILED', { fields: ['trade_state'], state: result.state });
  }
  const now = deps.clock.now();
  let settled: { outcome: SettleOutcome; outRefundNo?: string };
  try {
    settled = await deps.db
      .transaction()
      .execute((trx) => settleInTransaction(trx, site, result, now, 'on_time'));
  } catch (error) {
    if (!(error instanceof AppError) || !LATE_ERRORS.has(error.type)) throw error;
    log.warn({ outTradeNo: result.outTradeNo, reason: error.type }, 'payment came too late');
    settled = await deps.db
      .transaction()
      .execute((trx) => settleInTransaction(trx, site, result, now, 'late'));
  }
  if (settled.outRefundNo) await executeRefund(deps, site, settled.outRefundNo, log);
  return settled.outcome;
}

async function settleInTransaction(
  trx: Transaction<Database>,
  site: SiteRow,
  result: PaymentResult,
  now: Date,
  mode: 'on_time' | 'late',
): Promise<{ outcome: SettleOutcome; outRefundNo?: string }> {
  const transactionId = result.transactionId!;
  const payment = await paymentRepository.findByOutTradeNoForUpdate(
    trx,
    site.id,
    result.outTradeNo,
  );
  if (!payment || payment.method !== 'wechat') {
    throw new AppError('NOT_FOUND', {
      what: '支付',
      whatEn: 'The payment',
      outTradeNo: result.outTradeNo,
    });
  }
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
    });
  if (
    payment.status === 'succeeded' ||
    payment.status === 'refund_pending' ||
    payment.status === 'refunded'
  ) {
    await record('already_settled');
    return { outcome: 'already_settled' };
  }
  const order = await ordersRepository.findByIdForUpdate(trx, payment.order_id);
  if (!order) throw new AppError('NOT_FOUND', { what: '订单', whatEn: 'The order' });
  const paidAt = result.successAt ?? now;
  const isOnTime =
    mode === 'on_time' &&
    payment.status === 'pending' &&
    order.status === 'pending_payment' &&
    paidAt.getTime() <= order.pay_deadline_at.getTime();

  if (isOnTime) {
    await movePayment(trx, payment, 'succeeded', now, { transaction_id: transactionId });
    const held = (await paymentRepository.listByOrder(trx, order.id)).filter(
      (other) => other.method === 'card' && other.status === 'pending',
    );
    if (held.length > 0) {
      await commitCardHold(trx, order.id, now);
      for (const card of held) await movePayment(trx, card, 'succeeded', now);
    }
    await completePaidOrder(trx, order, now, 'paid by WeChat Pay');
    await record('paid');
    return { outcome: 'paid' };
  }

  // Too late: the money is recorded as received, then sent back.
  await movePayment(trx, payment, 'succeeded', now, { transaction_id: transactionId });
  const outRefundNo = await startAutoRefund(trx, { ...payment, status: 'succeeded' }, now);
  await releaseHeldCards(trx, order.id, 'WeChat part arrived too late', now);
  if (order.status === 'pending_payment' && order.pay_deadline_at.getTime() < now.getTime()) {
    await transitionOrder(trx, order, 'expired', 'payment arrived after the hold expired');
    await releaseOrderInventory(trx, order);
  }
  await record('auto_refund');
  return { outcome: 'auto_refund', outRefundNo };
}

/**
 * A WeChat payment that will not complete (the user cancelled, WeChat failed it, it timed out):
 * it becomes `to`, and the held card part of a combined payment is released. The order stays
 * unpaid; its own hold decides when its seats go.
 */
export async function giveUpWechatPayment(
  deps: PaymentDeps,
  paymentId: string,
  to: 'failed' | 'cancelled',
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const payment = await paymentRepository.findByIdForUpdate(trx, paymentId);
    if (!payment || payment.status !== 'pending') return;
    await movePayment(trx, payment, to, now);
    await releaseHeldCards(trx, payment.order_id, reason, now);
  });
}
