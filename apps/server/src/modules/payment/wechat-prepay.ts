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
 * Outside any transaction: open the JSAPI transaction of a pending payment and sign it for the
 * page (`openAtProvider`: nothing is lost when WeChat refuses). Returns the signing fields; the
 * caller stores its answer with them.
 */
export async function openWechatTransaction(
  deps: PaymentDeps,
  provider: PayProvider,
  site: SiteRow,
  user: SignedInUser,
  input: PrepayInput,
  log: PaymentLog,
): Promise<WechatPay> {
  const prepayId = await openAtProvider(deps, provider, site, input, log, async () => {
    const { prepayId: opened } = await provider.createJsapiTransaction({
      outTradeNo: input.outTradeNo,
      description: orderDescription(site, input.orderNo),
      amountFen: input.amountFen,
      payerOpenid: user.openid,
      expiresAt: input.expiresAt,
      notifyUrl: input.notifyUrl,
    });
    return opened;
  });
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

/** What the customer's WeChat shows as the goods (the provider cuts it to WeChat's bytes). */
export function orderDescription(site: Pick<SiteRow, 'name'>, orderNo: string): string {
  return `${site.name} 订单 ${orderNo}`;
}

/**
 * Outside any transaction: `open` the WeChat transaction of a pending payment (JSAPI's prepay
 * id, Native's code_url) and record what it answered on the payment (`prepay_id`). WeChat
 * refusing or unreachable: the payment fails, the held card part of its attempt is released, the
 * idempotency key is given back and the caller gets PAYMENT_PROVIDER_FAILED. Given up meanwhile
 * (cancelled, or replaced after OPENING_GRACE_SECONDS): the new transaction is closed at once and
 * the caller gets CONFLICT.
 */
export async function openAtProvider(
  deps: PaymentDeps,
  provider: PayProvider,
  site: SiteRow,
  input: Pick<PrepayInput, 'attemptId' | 'paymentId' | 'outTradeNo' | 'orderId'>,
  log: PaymentLog,
  open: () => Promise<string>,
): Promise<string> {
  let opened: string;
  try {
    opened = await open();
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
    .execute((trx) => paymentRepository.setPrepayId(trx, input.paymentId, opened));
  if (status !== 'pending') {
    await closeGivenUp(deps, () => provider, site, [input.outTradeNo], log);
    await releaseAttempt(deps, input.attemptId);
    throw new AppError('CONFLICT', {
      reason: 'the payment was cancelled or replaced while WeChat Pay was opening it',
      paymentId: input.paymentId,
    });
  }
  return opened;
}
