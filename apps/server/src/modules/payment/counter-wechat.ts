import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { lockOrder, type OrderRow } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { releaseAttempt } from './idempotency.js';
import type { PaymentLog } from './payment-log.js';
import { QUERY_AFTER_SECONDS, reconcileWithProvider } from './payment-status.service.js';
import { movePayment, newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { closeGivenUp } from './provider-close.js';
import type { PayProvider } from './providers/pay-provider.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';

/**
 * WeChat Pay at the counter (the box office's Native QR): the same pending `payments` row as an
 * online WeChat payment (method `wechat`, the paying attempt of the idempotency key), naming the
 * cashier's shift. It is settled exactly as online payments are, by WeChat's notice, a status
 * query or the sweep (settle.service.ts). For a Native payment the `prepay_id` column holds the
 * code_url WeChat answered: it marks the transaction as opened at WeChat, as a prepay id does.
 */
export interface CounterWechatInput {
  order: OrderRow;
  shiftId: string;
  attemptId: string;
  idempotencyKey: string;
  now: Date;
}

/**
 * Inside the box office's transaction (the order locked, checked a counter sale of the caller's
 * cinema): replace the live attempt and record the pending WeChat payment. Returns it and the
 * WeChat transactions of the replaced attempt, to close after commit.
 */
export async function openCounterWechatIn(
  trx: Transaction<Database>,
  input: CounterWechatInput,
): Promise<{ paymentId: string; outTradeNo: string; toClose: string[] }> {
  const { order, now } = input;
  if (order.status !== 'pending_payment' || order.pay_deadline_at.getTime() < now.getTime()) {
    throw order.status === 'pending_payment' || order.status === 'expired'
      ? new AppError('HOLD_EXPIRED', { orderId: order.id, kind: order.kind })
      : new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'paid' });
  }
  const toClose = await supersedeLiveAttempt(trx, order.id, now);
  const payment = await paymentRepository.insertPayment(trx, {
    order_id: order.id,
    site_id: order.site_id,
    user_id: order.user_id,
    attempt_id: input.attemptId,
    idempotency_key: input.idempotencyKey,
    method: 'wechat',
    amount_fen: order.amount_fen,
    out_trade_no: newOutTradeNo(now),
    shift_id: input.shiftId,
    created_at: now,
    updated_at: now,
    expires_at: order.pay_deadline_at,
  });
  return { paymentId: payment.id, outTradeNo: payment.out_trade_no, toClose };
}

/**
 * Outside any transaction: open the Native transaction of a pending counter payment and answer
 * its code_url. WeChat refusing or unreachable: the payment fails, the key is given back and the
 * caller gets PAYMENT_PROVIDER_FAILED. Given up meanwhile (another attempt replaced it): the new
 * transaction is closed and the caller gets CONFLICT.
 */
export async function openNativeTransaction(
  deps: PaymentDeps,
  site: SiteRow,
  input: {
    attemptId: string;
    paymentId: string;
    outTradeNo: string;
    orderId: string;
    orderNo: string;
    amountFen: number;
    expiresAt: Date;
    notifyUrl: string;
  },
  toClose: readonly string[],
  log: PaymentLog,
): Promise<string> {
  const provider = payProviderFor(deps, site);
  await closeGivenUp(deps, () => provider, site, toClose, log);
  let codeUrl: string;
  try {
    ({ codeUrl } = await provider.createNativeTransaction({
      outTradeNo: input.outTradeNo,
      description: `${site.name} 订单 ${input.orderNo}`.slice(0, 127),
      amountFen: input.amountFen,
      expiresAt: input.expiresAt,
      notifyUrl: input.notifyUrl,
    }));
  } catch (error) {
    log.error({ err: error, outTradeNo: input.outTradeNo }, 'WeChat Pay refused the Native QR');
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, input.orderId);
      const payment = await paymentRepository.findByIdForUpdate(trx, input.paymentId);
      if (payment?.status === 'pending') await movePayment(trx, payment, 'failed', now);
    });
    await releaseAttempt(deps, input.attemptId);
    throw new AppError('PAYMENT_PROVIDER_FAILED', {});
  }
  const status = await deps.db
    .transaction()
    .execute((trx) => paymentRepository.setPrepayId(trx, input.paymentId, codeUrl));
  if (status !== 'pending') {
    await closeGivenUp(deps, () => provider, site, [input.outTradeNo], log);
    await releaseAttempt(deps, input.attemptId);
    throw new AppError('CONFLICT', {
      reason: 'the payment was replaced while WeChat Pay was opening it',
      paymentId: input.paymentId,
    });
  }
  return codeUrl;
}

export interface CounterWechatState {
  /** The latest WeChat payment of the order: pending, succeeded, failed, cancelled... */
  status: string;
  /** A pending Native payment's QR text. */
  codeUrl: string | null;
}

/**
 * The till asks how the order's latest WeChat payment stands. A pending one older than
 * QUERY_AFTER_SECONDS is asked at WeChat first and settled by what WeChat says (the same path as
 * the online status query). Undefined when the order has no WeChat payment.
 */
export async function counterWechatState(
  deps: PaymentDeps,
  site: SiteRow,
  order: Pick<OrderRow, 'id' | 'user_id'>,
  log: PaymentLog,
  provider?: PayProvider,
): Promise<CounterWechatState | undefined> {
  const latest = await paymentRepository.findLatestByOrder(deps.db, order.id, order.user_id);
  if (!latest || latest.method !== 'wechat') return undefined;
  const ageSeconds = (deps.clock.now().getTime() - latest.created_at.getTime()) / 1000;
  if (latest.status === 'pending' && latest.prepay_id && ageSeconds >= QUERY_AFTER_SECONDS) {
    await reconcileWithProvider(deps, provider ?? payProviderFor(deps, site), site, latest, log);
  }
  const payment = (await paymentRepository.findById(deps.db, latest.id))!;
  return {
    status: payment.status,
    codeUrl: payment.status === 'pending' ? payment.prepay_id : null,
  };
}
