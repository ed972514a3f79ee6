import type { PaymentStatusAnswer } from '@marquee/contracts';
import { notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { findOrder } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import * as paymentRepository from './payment.repository.js';
import type { PayProvider } from './providers/pay-provider.js';
import { PayProviderError } from './providers/pay-provider-error.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { applyPaidResult, giveUpWechatPayment } from './settle.service.js';
import type { PaymentLog } from './payment-log.js';

/** A pending WeChat payment younger than this waits for its notification before WeChat is asked. */
export const QUERY_AFTER_SECONDS = 3;

type Deps = PaymentDeps;

async function findOwnPayment(
  deps: Deps,
  user: SignedInUser,
  ref: { paymentId?: string; orderId?: string },
) {
  const payment = ref.paymentId
    ? await paymentRepository.findById(deps.db, ref.paymentId)
    : await paymentRepository.findLatestByOrder(deps.db, ref.orderId!, user.id);
  if (!payment || payment.user_id !== user.id || payment.site_id !== user.siteId) {
    throw notFound('The payment', '支付记录');
  }
  return payment;
}

async function answerFor(deps: Deps, paymentId: string): Promise<PaymentStatusAnswer> {
  const payment = (await paymentRepository.findById(deps.db, paymentId))!;
  const order = (await findOrder(deps.db, payment.order_id))!;
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    method: payment.method,
    status: payment.status,
    orderStatus: order.status,
    isSettled: payment.status !== 'pending',
    isAutoRefunded: payment.is_auto_refunded,
  };
}

/**
 * Outside any transaction: ask WeChat what became of a pending payment and act on it. SUCCESS pays
 * (or auto-refunds); CLOSED cancels it, PAYERROR and REVOKED fail it; anything else (NOTPAY, USERPAYING, WeChat
 * not answering) leaves it pending.
 */
export async function reconcileWithProvider(
  deps: Deps,
  provider: PayProvider,
  site: SiteRow,
  payment: { id: string; out_trade_no: string },
  log: PaymentLog,
): Promise<void> {
  let result;
  try {
    result = await provider.queryByOutTradeNo(payment.out_trade_no);
  } catch (error) {
    if (error instanceof PayProviderError && error.providerCode === 'ORDER_NOT_EXIST') {
      await giveUpWechatPayment(deps, payment.id, 'failed', 'WeChat has no such transaction', {
        isClosedAtProvider: true,
      });
      return;
    }
    log.warn({ err: error, outTradeNo: payment.out_trade_no }, 'payment query failed');
    return;
  }
  if (result.state === 'SUCCESS') {
    await applyPaidResult(deps, site, result, log, 'query');
  } else if (result.state === 'CLOSED') {
    await giveUpWechatPayment(deps, payment.id, 'cancelled', 'WeChat closed the transaction', {
      isClosedAtProvider: true,
    });
  } else if (result.state === 'PAYERROR' || result.state === 'REVOKED') {
    await giveUpWechatPayment(deps, payment.id, 'failed', `WeChat reports ${result.state}`);
  }
}

/** GET /api/payment/status: the payment's state; a pending WeChat one is looked up at WeChat. */
export async function getPaymentStatus(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  ref: { paymentId?: string; orderId?: string },
  log: PaymentLog,
): Promise<PaymentStatusAnswer> {
  const payment = await findOwnPayment(deps, user, ref);
  const ageSeconds = (deps.clock.now().getTime() - payment.created_at.getTime()) / 1000;
  if (
    payment.method === 'wechat' &&
    payment.status === 'pending' &&
    payment.prepay_id &&
    ageSeconds >= QUERY_AFTER_SECONDS
  ) {
    await reconcileWithProvider(deps, payProviderFor(deps, site), site, payment, log);
  }
  return answerFor(deps, payment.id);
}

/**
 * POST /api/payment/cancel: the payment sheet was cancelled or failed. Closes the WeChat
 * transaction (unless WeChat says it was paid after all: then it counts) and releases the card
 * hold; the order stays unpaid.
 */
export async function cancelPayment(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  paymentId: string,
  log: PaymentLog,
): Promise<PaymentStatusAnswer> {
  const payment = await findOwnPayment(deps, user, { paymentId });
  if (payment.method !== 'wechat' || payment.status !== 'pending')
    return answerFor(deps, payment.id);
  const provider = payProviderFor(deps, site);
  if (payment.prepay_id) {
    try {
      await provider.close(payment.out_trade_no);
    } catch (error) {
      // ORDERPAID: the user paid after all. Anything else: ask what happened and act on it.
      log.info({ err: error, outTradeNo: payment.out_trade_no }, 'close refused; querying');
      await reconcileWithProvider(deps, provider, site, payment, log);
      return answerFor(deps, payment.id);
    }
  }
  // Without a prepay id the transaction is still being opened: its opener sees the payment
  // cancelled and closes what it opened (openWechatTransaction).
  await giveUpWechatPayment(deps, payment.id, 'cancelled', 'payment cancelled by the user', {
    isClosedAtProvider: payment.prepay_id !== null,
  });
  return answerFor(deps, payment.id);
}
