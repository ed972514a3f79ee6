import { splitExchangeRefund } from '@marquee/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { refundCardChargesPart } from '../cards/index.js';
import { publicOriginOf, type SiteRow } from '../site/index.js';
import { movePayment } from './payment-steps.js';
import { noticeWhenRefunded } from './refund-notice.js';
import * as paymentRepository from './payment.repository.js';
import type { RefundNoticeResult, RefundResult } from './providers/pay-provider.js';
import { PayProviderError } from './providers/pay-provider-error.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import type { PaymentLog } from './payment-log.js';
import { notifyUrlFor } from './notify-url.js';

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

/**
 * Inside the refunding transaction: part of an order's money (a cheaper exchange's difference, or
 * its snacks) goes back to its succeeded payments in proportion to what each has left
 * (`splitExchangeRefund`): cards credited at once, the WeChat part written as a pending partial
 * refund of `part.kind`. Answers the out_refund_nos to ask WeChat.
 */
export async function refundPartIn(
  trx: Transaction<Database>,
  orderId: string,
  refundFen: number,
  now: Date,
  part: {
    kind: 'exchange' | 'goods';
    reason: string;
    outRefundNoOf: (payment: Pick<PaymentRow, 'out_trade_no'>) => string;
  },
): Promise<string[]> {
  if (refundFen <= 0) return [];
  const payments = (await paymentRepository.listByOrder(trx, orderId)).filter(
    (payment) => payment.status === 'succeeded',
  );
  const card = payments.find((payment) => payment.method === 'card');
  const wechat = payments.find((payment) => payment.method === 'wechat');
  const split = splitExchangeRefund(refundFen, {
    cardFen: card ? await remainingFenOf(trx, card) : 0,
    wechatFen: wechat ? await remainingFenOf(trx, wechat) : 0,
  });
  const outRefundNos: string[] = [];
  for (const [payment, fen] of [
    [card, split.cardFen],
    [wechat, split.wechatFen],
  ] as const) {
    if (!payment || fen <= 0) continue;
    if (payment.method === 'card') {
      await refundCardChargesPart(trx, orderId, fen, part.reason, now);
    }
    const outRefundNo = part.outRefundNoOf(payment);
    await paymentRepository.insertRefund(trx, {
      out_refund_no: outRefundNo,
      payment_id: payment.id,
      order_id: orderId,
      amount_fen: fen,
      status: payment.method === 'card' ? 'succeeded' : 'pending',
      is_automatic: false,
      reason: part.reason,
      kind: part.kind,
      created_at: now,
      updated_at: now,
    });
    if (payment.method === 'wechat') outRefundNos.push(outRefundNo);
  }
  return outRefundNos;
}

/** The out_refund_no of a film order's goods-only refund of a payment (one per payment). */
export function goodsRefundNoFor(payment: Pick<PaymentRow, 'out_trade_no'>): string {
  return `G${payment.out_trade_no}`.slice(0, 64);
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

/** Where a refund's outcome came from (payment_refunds.settled_by). */
export type RefundSource = 'answer' | 'notify' | 'query';

/**
 * Outside any transaction: ask WeChat for a refund written as pending (the first time only; later
 * passes look it up, see `resolvePendingRefund`), then record its answer. Safe to repeat (WeChat
 * keys refunds by out_refund_no). PROCESSING stays pending: WeChat's REFUND.* notice or the sweep's
 * refund query settles it.
 */
export async function executeRefund(
  deps: PaymentDeps,
  site: SiteRow,
  outRefundNo: string,
  log: PaymentLog,
): Promise<void> {
  const refund = await paymentRepository.findRefundForExecution(deps.db, outRefundNo);
  if (!refund || refund.status !== 'pending') return;
  let answer: RefundResult;
  try {
    answer = await payProviderFor(deps, site).refund({
      outTradeNo: refund.out_trade_no,
      outRefundNo,
      refundFen: refund.amount_fen,
      totalFen: refund.total_fen,
      reason: refund.reason,
      notifyUrl: notifyUrlFor(publicOriginOf(deps, site), site),
    });
  } catch (error) {
    log.warn({ err: error, outRefundNo }, 'refund request failed; the sweep retries it');
    return;
  }
  await recordRefundOutcome(deps, outRefundNo, answer, 'answer', log);
}

/**
 * The sweep's pass over a refund still pending: WeChat's refund query
 * (GET /v3/refund/domestic/refunds/{out_refund_no}) says what became of it; only a refund WeChat
 * never received (our request lost on the way) is sent again.
 */
export async function resolvePendingRefund(
  deps: PaymentDeps,
  site: SiteRow,
  outRefundNo: string,
  log: PaymentLog,
): Promise<void> {
  let answer: RefundResult;
  try {
    answer = await payProviderFor(deps, site).queryRefund(outRefundNo);
  } catch (error) {
    if (error instanceof PayProviderError && error.providerCode === 'RESOURCE_NOT_EXISTS') {
      await executeRefund(deps, site, outRefundNo, log);
      return;
    }
    log.warn({ err: error, outRefundNo }, 'refund query failed; the sweep asks again');
    return;
  }
  await recordRefundOutcome(deps, outRefundNo, answer, 'query', log);
}

/**
 * A verified REFUND.* notice (notify.routes): the refund must be this site's and name the same
 * payment and amount, else nothing changes (WeChat is told FAIL and retries; a person reads the
 * log). Safe to replay: a refund already settled stays as it is.
 */
export async function applyRefundNotice(
  deps: PaymentDeps,
  site: SiteRow,
  notice: RefundNoticeResult,
  log: PaymentLog,
): Promise<'settled' | 'already_settled' | 'processing'> {
  const refund = await paymentRepository.findRefundForExecution(deps.db, notice.outRefundNo);
  if (!refund || refund.site_id !== site.id) throw notFound('The refund', '退款');
  if (
    notice.outTradeNo !== refund.out_trade_no ||
    notice.refundFen !== refund.amount_fen ||
    notice.totalFen !== refund.total_fen
  ) {
    throw new AppError('CONFLICT', {
      reason: `refund notice ${notice.outRefundNo} does not match the refund we asked for`,
    });
  }
  if (notice.state === 'PROCESSING') return 'processing';
  const isSettled = await recordRefundOutcome(deps, notice.outRefundNo, notice, 'notify', log);
  return isSettled ? 'settled' : 'already_settled';
}

/** What each final WeChat refund state becomes here, and from which of our states. */
const OUTCOMES = {
  SUCCESS: { to: 'succeeded', from: ['pending', 'abnormal'] },
  ABNORMAL: { to: 'abnormal', from: ['pending'] },
  CLOSED: { to: 'closed', from: ['pending', 'abnormal'] },
} as const;

/**
 * One transaction: a refund's final state recorded once (the update's `where status in (...)` makes
 * a notice and a query arriving together settle it once), and on success its payment refunded. An
 * ABNORMAL or CLOSED refund is kept for staff (the console's refunds needing attention); WeChat may
 * still report SUCCESS for an abnormal one after the merchant re-routes it. Answers whether this
 * call changed it.
 */
export async function recordRefundOutcome(
  deps: PaymentDeps,
  outRefundNo: string,
  result: Pick<RefundResult, 'state' | 'refundId'>,
  source: RefundSource,
  log: PaymentLog,
): Promise<boolean> {
  if (result.state === 'PROCESSING') return false;
  const outcome = OUTCOMES[result.state];
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const refund = await paymentRepository.findRefundForExecution(trx, outRefundNo);
    if (!refund) return false;
    // The payment first, as every paying use case locks (order, then payments, then refunds).
    const payment = await paymentRepository.findByIdForUpdate(trx, refund.payment_id);
    const isFinished = await paymentRepository.finishRefund(trx, outRefundNo, {
      from: outcome.from,
      to: outcome.to,
      at: now,
      providerRefundId: result.refundId || null,
      settledBy: source,
    });
    if (!isFinished) return false;
    if (outcome.to === 'succeeded') {
      if (payment?.status === 'refund_pending') await movePayment(trx, payment, 'refunded', now);
      await noticeWhenRefunded(trx, refund.order_id, now);
      return true;
    }
    log.error(
      { outRefundNo, state: result.state, source },
      'WeChat did not refund: needs a person',
    );
    return true;
  });
}
