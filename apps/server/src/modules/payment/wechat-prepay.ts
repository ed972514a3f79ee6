import { fenToYuan, type WechatPay } from '@marquee/contracts';
import { AppError } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { lockOrder } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { releaseAttempt } from './idempotency.js';
import type { PaymentLog } from './payment-log.js';
import { movePayment, releaseCardPartOf } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { closeGivenUp } from './provider-close.js';
import type { PayProvider } from './providers/pay-provider.js';
import type { PaymentDeps } from './providers/pay-providers.js';

export interface PrepayInput {
  attemptId: string;
  paymentId: string;
  outTradeNo: string;
  orderId: string;
  orderNo: string;
  amountFen: number;
  expiresAt: Date;
  notifyUrl: string;
}

/**
 * Outside any transaction: open the WeChat transaction of a pending payment and sign it for the
 * page. When WeChat refuses or cannot be reached, the payment fails, the held card part of its
 * attempt is released, the idempotency key is given back and the caller gets
 * PAYMENT_PROVIDER_FAILED: nothing is lost. When the payment was given up while WeChat was being
 * asked (cancelled by the user, or replaced after OPENING_GRACE_SECONDS), the new transaction is
 * closed at once and the caller gets CONFLICT. Returns the signing fields; the caller stores its
 * answer with them.
 */
export async function openWechatTransaction(
  deps: PaymentDeps,
  provider: PayProvider,
  site: SiteRow,
  user: SignedInUser,
  input: PrepayInput,
  log: PaymentLog,
): Promise<WechatPay> {
  let prepayId: string;
  try {
    ({ prepayId } = await provider.createJsapiTransaction({
      outTradeNo: input.outTradeNo,
      description: `${site.name} 订单 ${input.orderNo}`.slice(0, 127),
      amountFen: input.amountFen,
      payerOpenid: user.openid,
      expiresAt: input.expiresAt,
      notifyUrl: input.notifyUrl,
    }));
  } catch (error) {
    log.error({ err: error, outTradeNo: input.outTradeNo }, 'WeChat Pay refused the transaction');
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await lockOrder(trx, input.orderId);
      const payment = await paymentRepository.findByIdForUpdate(trx, input.paymentId);
      if (payment?.status !== 'pending') return;
      await movePayment(trx, payment, 'failed', now);
      await releaseCardPartOf(trx, payment, 'WeChat Pay unavailable', now);
    });
    await releaseAttempt(deps, input.attemptId);
    throw new AppError('PAYMENT_PROVIDER_FAILED', {});
  }
  const status = await deps.db
    .transaction()
    .execute((trx) => paymentRepository.setPrepayId(trx, input.paymentId, prepayId));
  if (status !== 'pending') {
    await closeGivenUp(deps, () => provider, site, [input.outTradeNo], log);
    await releaseAttempt(deps, input.attemptId);
    throw new AppError('CONFLICT', {
      reason: 'the payment was cancelled or replaced while WeChat Pay was opening it',
      paymentId: input.paymentId,
    });
  }
  const signature = provider.signForClient(prepayId);
  return {
    ...signature,
    paymentId: input.paymentId,
    outTradeNo: input.outTradeNo,
    orderId: input.orderId,
    amount: fenToYuan(input.amountFen),
    expiresAt: input.expiresAt.toISOString(),
    isSandbox: provider.mode === 'sandbox',
  };
}
