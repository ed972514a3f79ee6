import type { CallBody, WechatPay, wechatPayCall } from '@marquee/contracts';
import type { SignedInUser } from '../auth/index.js';
import type { SiteRow } from '../site/index.js';
import {
  claimOrReplay,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
} from './idempotency.js';
import { lockPayableOrder, requirePhoneFor } from './payable-order.js';
import { closeQuietly, newOutTradeNo, supersedePendingPayments } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { notifyUrlFor, openWechatTransaction, type PaymentLog } from './wechat-prepay.js';

/**
 * POST /api/wxpay/wechatPay: pay the whole order with WeChat Pay.
 *   1. claim the idempotency key (or replay its answer)
 *   2. one transaction: lock the order, replace an earlier pending attempt, record a pending
 *      payment whose expiry is the order's pay deadline (never later than the seat hold)
 *   3. outside it: open the WeChat transaction (time_expire = that deadline) and sign it
 *   4. store the answer for replays
 * The order becomes paid when WeChat's notification (or a status query) says so.
 */
export async function payByWechat(
  deps: PaymentDeps,
  site: SiteRow,
  user: SignedInUser,
  body: CallBody<typeof wechatPayCall> & { phone?: string },
  context: { idempotencyKey: string | undefined; origin: string; log: PaymentLog },
): Promise<WechatPay> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  requirePhoneFor(body.param, body.phone);
  const hash = requestHash({ param: body.param });
  const provider = payProviderFor(deps, site);
  const claim = await claimOrReplay<WechatPay>(deps, user, {
    key,
    call: 'wechat',
    orderId: body.param.orderId,
    hash,
  });
  if (claim.replay) return claim.replay;
  const attemptId = claim.attemptId;
  const now = deps.clock.now();

  let step;
  try {
    step = await deps.db.transaction().execute(async (trx) => {
      const order = await lockPayableOrder(trx, user, body.param, now);
      const toClose = await supersedePendingPayments(trx, order.id, now);
      if (body.phone) {
        await trx
          .updateTable('orders')
          .set({ phone: body.phone })
          .where('id', '=', order.id)
          .execute();
      }
      const payment = await paymentRepository.insertPayment(trx, {
        order_id: order.id,
        site_id: user.siteId,
        user_id: user.id,
        attempt_id: attemptId,
        idempotency_key: key,
        method: 'wechat',
        amount_fen: order.amount_fen,
        out_trade_no: newOutTradeNo(now),
        created_at: now,
        updated_at: now,
        expires_at: order.pay_deadline_at,
      });
      return { order, payment, toClose };
    });
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }

  await closeQuietly(provider, step.toClose, (message, err) => context.log.warn({ err }, message));
  const answer = await openWechatTransaction(
    deps,
    provider,
    site,
    user,
    {
      attemptId,
      paymentId: step.payment.id,
      outTradeNo: step.payment.out_trade_no,
      orderId: step.order.id,
      orderNo: step.order.order_no,
      amountFen: step.payment.amount_fen,
      expiresAt: step.order.pay_deadline_at,
      notifyUrl: notifyUrlFor(context.origin, site),
    },
    context.log,
  );
  await deps.db
    .transaction()
    .execute((trx) => paymentRepository.storeAnswer(trx, attemptId, answer));
  return answer;
}
