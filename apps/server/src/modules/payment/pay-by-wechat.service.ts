import type { CallBody, WechatPay, wechatPayCall } from '@marquee/contracts';
import type { SignedInUser } from '../auth/index.js';
import { setOrderPhone } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import {
  claimOrReplay,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
} from './idempotency.js';
import { findPayableOrder, lockPayableOrder, requirePhoneFor } from './payable-order.js';
import { newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { closeGivenUp, closeLiveAttemptFirst } from './provider-close.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import type { PaymentLog } from './payment-log.js';
import { notifyUrlFor } from './notify-url.js';
import { openWechatTransaction } from './wechat-prepay.js';

/**
 * POST /api/wxpay/wechatPay: pay the whole order with WeChat Pay.
 *   1. claim the idempotency key (or replay its answer)
 *   2. close the live attempt's WeChat transaction, if it has one (money paid there counts)
 *   3. one transaction: lock the order, replace the live attempt (refused while another is still
 *      opening), record a pending payment whose expiry is the order's pay deadline
 *   4. outside it: close what was replaced, open the WeChat transaction (time_expire = that
 *      deadline) and sign it
 *   5. store the answer for replays
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
  const log = context.log;

  let step;
  try {
    // Only the buyer's own unpaid order: checked before anything at WeChat is touched.
    await findPayableOrder(deps.db, user, body.param, deps.clock.now());
    await closeLiveAttemptFirst(deps, () => provider, site, body.param.orderId, log);
    const now = deps.clock.now();
    step = await deps.db.transaction().execute(async (trx) => {
      const order = await lockPayableOrder(trx, user, body.param, now);
      const toClose = await supersedeLiveAttempt(trx, order.id, now);
      if (body.phone) await setOrderPhone(trx, order.id, body.phone);
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

  await closeGivenUp(deps, () => provider, site, step.toClose, log);
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
    log,
  );
  await deps.db
    .transaction()
    .execute((trx) => paymentRepository.storeAnswer(trx, attemptId, answer));
  return answer;
}
