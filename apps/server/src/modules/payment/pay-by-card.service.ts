import {
  cardTypeForOrderKind,
  fenToYuan,
  splitPayment,
  yuanToFen,
  type CallBody,
  type CardPayAnswer,
  type cardPayCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import { chargeCards, verifyPayPassword } from '../cards/index.js';
import type { SiteRow } from '../site/index.js';
import {
  claimOrReplay,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
} from './idempotency.js';
import { completePaidOrder } from './order-completion.js';
import { findPayableOrder, lockPayableOrder, requirePhoneFor } from './payable-order.js';
import { closeQuietly, newOutTradeNo, supersedePendingPayments } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { openWechatTransaction, notifyUrlFor, type PaymentLog } from './wechat-prepay.js';

type Body = CallBody<typeof cardPayCall> & { phone?: string };
type Deps = PaymentDeps & Pick<AppDeps, 'payPasswordPepper'>;

/**
 * POST /api/expenseRecord/card/v2/order: pay an order with cards, or (with payDetailParam) the
 * cards hold a part and WeChat Pay takes the rest.
 *   1. replay the answer of an idempotency key already used
 *   2. the order is payable (checked before the password, so a lapsed hold costs no try); a store
 *      order needs a valid phone
 *   3. the pay password
 *   4. one transaction: claim the key, lock the order, charge (or hold) the cards, record the
 *      payment; card-only: the order becomes paid and ticketed (a store order: ready), and the
 *      answer is stored
 *   5. combined: open the WeChat transaction outside the transaction, store the answer
 */
export async function payByCard(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  body: Body,
  context: { idempotencyKey: string | undefined; origin: string; log: PaymentLog },
): Promise<CardPayAnswer> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  requirePhoneFor(body.param, body.phone);
  const hash = requestHash({
    param: body.param,
    cardIdList: body.cardIdList,
    payDetailParam: body.payDetailParam ?? null,
  });
  const orderId = body.param.orderId;
  // A retry of an answered attempt replays it before the password: its payload was used up.
  const earlier = await paymentRepository.findAttempt(deps.db, user.id, key);
  if (earlier?.answer && earlier.request_hash === hash) return earlier.answer as CardPayAnswer;

  const order = await findPayableOrder(deps.db, user, body.param, deps.clock.now());
  const split = body.payDetailParam
    ? splitPayment(order.amount_fen, yuanToFen(body.payDetailParam.wechatAmount))
    : null;
  if (split && !split.isValid) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.payDetailParam.wechatAmount'],
      reason: split.reason,
    });
  }
  // A combined payment needs WeChat Pay: a site that cannot offer it says so before anything is spent.
  const wechatProvider = split ? payProviderFor(deps, site) : null;
  await verifyPayPassword(deps, site, user, body.password);

  const claim = await claimOrReplay<CardPayAnswer>(deps, user, {
    key,
    call: 'card',
    orderId,
    hash,
  });
  if (claim.replay) return claim.replay;
  const attemptId = claim.attemptId;
  const now = deps.clock.now();
  const cardFen = split?.isValid ? split.cardFen : order.amount_fen;
  const wechatFen = split?.isValid ? split.wechatFen : 0;

  let step: {
    answer: CardPayAnswer;
    toClose: string[];
    wechat?: { paymentId: string; outTradeNo: string; expiresAt: Date };
  };
  try {
    step = await deps.db.transaction().execute(async (trx) => {
      const locked = await lockPayableOrder(trx, user, body.param, now);
      const toClose = await supersedePendingPayments(trx, locked.id, now);
      if (body.phone)
        await trx
          .updateTable('orders')
          .set({ phone: body.phone })
          .where('id', '=', locked.id)
          .execute();
      await chargeCards(trx, {
        siteId: user.siteId,
        userId: user.id,
        orderId: locked.id,
        cardType: cardTypeForOrderKind(locked.kind),
        cardIds: body.cardIdList,
        amountFen: cardFen,
        mode: wechatFen > 0 ? 'hold' : 'commit',
        clockNow: now,
      });
      const base = {
        order_id: locked.id,
        site_id: user.siteId,
        user_id: user.id,
        attempt_id: attemptId,
        idempotency_key: key,
        created_at: now,
        updated_at: now,
        expires_at: locked.pay_deadline_at,
      };
      await paymentRepository.insertPayment(trx, {
        ...base,
        method: 'card',
        amount_fen: cardFen,
        status: wechatFen > 0 ? 'pending' : 'succeeded',
        out_trade_no: newOutTradeNo(now),
      });
      if (wechatFen === 0) {
        const orderStatus = await completePaidOrder(trx, locked, now, 'paid by card');
        const answer: CardPayAnswer = {
          orderId: locked.id,
          orderStatus,
          paymentStatus: 'succeeded',
          cardAmount: fenToYuan(cardFen),
          wechatAmount: 0,
          wechatPay: null,
        };
        await paymentRepository.storeAnswer(trx, attemptId, answer);
        return { answer, toClose };
      }
      const wechat = await paymentRepository.insertPayment(trx, {
        ...base,
        method: 'wechat',
        amount_fen: wechatFen,
        out_trade_no: newOutTradeNo(now),
      });
      const answer: CardPayAnswer = {
        orderId: locked.id,
        orderStatus: 'pending_payment',
        paymentStatus: 'pending',
        cardAmount: fenToYuan(cardFen),
        wechatAmount: fenToYuan(wechatFen),
        wechatPay: null,
      };
      return {
        answer,
        toClose,
        wechat: {
          paymentId: wechat.id,
          outTradeNo: wechat.out_trade_no,
          expiresAt: locked.pay_deadline_at,
        },
      };
    });
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }

  const log = (message: string, err: unknown) => context.log.warn({ err }, message);
  if (!step.wechat) {
    if (step.toClose.length > 0) await closeQuietly(payProviderFor(deps, site), step.toClose, log);
    return step.answer;
  }
  const provider = wechatProvider!;
  await closeQuietly(provider, step.toClose, log);
  const wechatPay = await openWechatTransaction(
    deps,
    provider,
    site,
    user,
    {
      attemptId,
      paymentId: step.wechat.paymentId,
      outTradeNo: step.wechat.outTradeNo,
      orderId: order.id,
      orderNo: order.order_no,
      amountFen: wechatFen,
      expiresAt: step.wechat.expiresAt,
      notifyUrl: notifyUrlFor(context.origin, site),
    },
    context.log,
  );
  const answer = { ...step.answer, wechatPay };
  await deps.db
    .transaction()
    .execute((trx) => paymentRepository.storeAnswer(trx, attemptId, answer));
  return answer;
}
