import type { Selectable, Transaction } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.js';
import type { SiteRow } from '../site/index.js';
import { movePayment } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import type { PaymentLog } from './payment-log.js';

type PaymentRow = Selectable<PaymentsTable>;

/** WeChat's out_refund_no of a payment: one refund per payment, so the number derives from it. */
export function outRefundNoFor(payment: Pick<PaymentRow, 'out_trade_no'>): string {
  return `R${payment.out_trade_no}`.slice(0, 64);
}

async function startRefund(
  trx: Transaction<Database>,
  payment: PaymentRow,
  now: Date,
  options: { isAutomatic: boolean; reason: string },
): Promise<string> {
  const outRefundNo = outRefundNoFor(payment);
  await movePayment(trx, payment, 'refund_pending', now, { is_auto_refunded: options.isAutomatic });
  // An exchange may have given part of it back already (decision 025): the rest goes back.
  await paymentRepository.insertRefund(trx, {
    out_refund_no: outRefundNo,
    payment_id: payment.id,
    order_id: payment.order_id,
    amount_fen: await remainingFenOf(trx, payment),
    is_automatic: options.isAutomatic,
    reason: options.reason,
    created_at: now,
    updated_at: now,
  });
  return outRefundNo;
}

/** What a payment took and has not given back yet (a cheaper exchange's refund gave part back). */
export async function remainingFenOf(
  trx: Transaction<Database>,
  payment: Pick<PaymentRow, 'id' | 'amount_fen'>,
): Promise<number> {
  return payment.amount_fen - (await paymentRepository.refundedFenOf(trx, payment.id));
}

/** The out_refund_no of a cheaper exchange's partial refund of a payment (one per payment). */
export function exchangeRefundNoFor(payment: Pick<PaymentRow, 'out_trade_no'>): string {
  return `X${payment.out_trade_no}`.slice(0, 64);
}

/** Inside a transaction: a succeeded WeChat payment that must go back, written before WeChat is asked. */
export function startAutoRefund(trx: Transaction<Database>, payment: PaymentRow, now: Date) {
  return startRefund(trx, payment, now, { isAutomatic: true, reason: '支付超时，已自动退款' });
}

export function startUserRefund(
  trx: Transaction<Database>,
  payment: PaymentRow,
  now: Date,
  reason = '用户退票',
) {
  return startRefund(trx, payment, now, { isAutomatic: false, reason });
}

/**
 * Outside any transaction: ask WeChat for a refund written as pending, then record its answer.
 * Safe to repeat (WeChat keys refunds by out_refund_no): the sweep retries refunds still pending
 * (WeChat busy, PROCESSING). An ABNORMAL refund is marked failed and logged for the cashier.
 */
export async function executeRefund(
  deps: PaymentDeps,
  site: SiteRow,
  outRefundNo: string,
  log: PaymentLog,
): Promise<void> {
  const refund = await paymentRepository.findRefundForExecution(deps.db, outRefundNo);
  if (!refund || refund.status !== 'pending') return;
  let state: string;
  let refundId: string | null = null;
  try {
    const answer = await payProviderFor(deps, site).refund({
      outTradeNo: refund.out_trade_no,
      outRefundNo,
      refundFen: refund.amount_fen,
      totalFen: refund.total_fen,
      reason: refund.reason,
    });
    state = answer.state;
    refundId = answer.refundId;
  } catch (error) {
    log.warn({ err: error, outRefundNo }, 'refund request failed; the sweep retries it');
    return;
  }
  if (state === 'PROCESSING') return;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (state === 'SUCCESS') {
      const finished = await paymentRepository.finishRefund(
        trx,
        outRefundNo,
        'succeeded',
        now,
        refundId,
      );
      const payment = await paymentRepository.findByIdForUpdate(trx, refund.payment_id);
      if (finished && payment?.status === 'refund_pending')
        await movePayment(trx, payment, 'refunded', now);
      return;
    }
    log.error({ outRefundNo, state }, 'WeChat refused a refund: needs a person');
    await paymentRepository.finishRefund(trx, outRefundNo, 'failed', now, refundId);
  });
}
