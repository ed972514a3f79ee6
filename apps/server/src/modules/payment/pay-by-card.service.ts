import {
  type CallBody,
  type CardPayAnswer,
  type cardPayCall,
  cardTypeForOrderKind,
  fenToYuan,
  orderEventReasons,
  splitPayment,
  yuanToFen,
} from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { metrics } from '../../lib/metrics.js';
import type { SignedInUser } from '../auth/index.js';
import { chargeCards, verifyPayPassword } from '../cards/index.js';
import { fulfilPaidOrder, setOrderPhone } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import {
  claimOrReplay,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
} from './idempotency.js';
import {
  findPayableOrder,
  lockPayableOrder,
  requirePhoneFor,
  requireUnchangedPrice,
  type OrderRow,
} from './payable-order.js';
import type { PaymentLog } from './payment-log.js';
import { newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { closeGivenUp, closeLiveAttemptFirst } from './provider-close.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { notifyUrlFor } from './notify-url.js';
import { openWechatTransaction } from './wechat-prepay.js';

type Body = CallBody<typeof cardPayCall> & { phone?: string };
type Deps = PaymentDeps & Pick<AppDeps, 'payPasswordPepper'>;
type Context = { idempotencyKey: string | undefined; origin: string; log: PaymentLog };
/** What the cards pay and what WeChat Pay pays (0: cards only). */
type Split = { cardFen: number; wechatFen: number };

interface Charged {
  answer: CardPayAnswer;
  /** WeChat transactions of the replaced attempt, closed after commit. */
  toClose: string[];
  /** The pending WeChat part of a combined payment, opened after commit. */
  wechat?: { paymentId: string; outTradeNo: string; expiresAt: Date };
}

/**
 * POST /api/expenseRecord/card/v2/order: pay an order with cards, or (with payDetailParam) the
 * cards hold a part and WeChat Pay takes the rest. Named steps, top-down:
 *   1. replay the answer of an idempotency key already used (before the password: its payload
 *      was used up)
 *   2. the order is payable and the split valid (before the password, so a lapsed hold costs no
 *      try); a store order needs a valid phone; a combined payment needs WeChat Pay
 *   3. the pay password, then claim the idempotency key
 *   4. close the live attempt's WeChat transaction, if any (money paid there counts)
 *   5. one transaction (`chargeAndRecord`): lock the order, refuse it if its price changed since
 *      step 2 (a coupon applied or removed meanwhile: CONFLICT, nothing spent), replace the live
 *      attempt (refused while another is still opening), charge or hold the cards, record the
 *      parts; card-only: the order is paid and ticketed (a store order: ready) and the answer
 *      stored
 *   6. outside it: close what was replaced; combined: open the WeChat transaction, store the answer
 */
export async function payByCard(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  body: Body,
  context: Context,
): Promise<CardPayAnswer> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  requirePhoneFor(body.param, body.phone);
  const hash = requestHash({
    param: body.param,
    cardIdList: body.cardIdList,
    payDetailParam: body.payDetailParam ?? null,
  });
  const earlier = await paymentRepository.findAttempt(deps.db, user.id, key);
  if (earlier?.answer && earlier.request_hash === hash) return earlier.answer as CardPayAnswer;

  const order = await findPayableOrder(deps.db, user, body.param, deps.clock.now());
  const split = splitOf(order, body);
  const providerOf = () => payProviderFor(deps, site);
  // A site that cannot offer WeChat Pay says so before anything is spent.
  if (split.wechatFen > 0) providerOf();
  await verifyPayPassword(deps, site, user, body.password);

  const claim = await claimOrReplay<CardPayAnswer>(deps, user, {
    key,
    call: 'card',
    orderId: order.id,
    hash,
  });
  if (claim.replay) return claim.replay;
  const attemptId = claim.attemptId;

  let charged: Charged;
  try {
    await closeLiveAttemptFirst(deps, providerOf, site, order.id, context.log);
    const now = deps.clock.now();
    charged = await deps.db
      .transaction()
      .execute((trx) => chargeAndRecord(trx, { user, body, key, attemptId, priced: order, now }));
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }

  await closeGivenUp(deps, providerOf, site, charged.toClose, context.log);
  metrics.payments.inc({
    method: charged.wechat ? 'combined' : 'card',
    outcome: charged.wechat ? 'pending' : 'paid',
  });
  if (!charged.wechat) return charged.answer;
  const wechatPay = await openWechatTransaction(
    deps,
    providerOf(),
    site,
    user,
    {
      attemptId,
      paymentId: charged.wechat.paymentId,
      outTradeNo: charged.wechat.outTradeNo,
      orderId: order.id,
      orderNo: order.order_no,
      amountFen: split.wechatFen,
      expiresAt: charged.wechat.expiresAt,
      notifyUrl: notifyUrlFor(context.origin, site),
    },
    context.log,
  );
  const answer = { ...charged.answer, wechatPay };
  await deps.db
    .transaction()
    .execute((trx) => paymentRepository.storeAnswer(trx, attemptId, answer));
  return answer;
}

/**
 * A film order with snacks is paid per part (decision 029): a film card pays only the tickets, a
 * goods card only the goods. Undefined for every other order (one card type pays it all).
 */
export function partsOf(order: OrderRow) {
  if (order.kind !== 'film' || order.goods_fen === 0) return undefined;
  const goodsFen = order.goods_fen - order.goods_discount_fen;
  return { filmFen: order.amount_fen - goodsFen, goodsFen };
}

/** The cards' part and WeChat's part of the order's total; VALIDATION_FAILED when impossible. */
function splitOf(order: OrderRow, body: Body): Split {
  if (!body.payDetailParam) return { cardFen: order.amount_fen, wechatFen: 0 };
  const split = splitPayment(order.amount_fen, yuanToFen(body.payDetailParam.wechatAmount));
  if (!split.isValid) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.payDetailParam.wechatAmount'],
      reason: split.reason,
    });
  }
  return { cardFen: split.cardFen, wechatFen: split.wechatFen };
}

/**
 * The paying transaction: the order locked and still at the price `priced` had (the split was
 * checked against it before the password), the live attempt replaced, the cards charged (card
 * only) or held (combined), the attempt's parts recorded. Card only: the order is paid now.
 */
async function chargeAndRecord(
  trx: Transaction<Database>,
  input: {
    user: SignedInUser;
    body: Body;
    key: string;
    attemptId: string;
    priced: OrderRow;
    now: Date;
  },
): Promise<Charged> {
  const { user, body, now } = input;
  const order = await lockPayableOrder(trx, user, body.param, now);
  requireUnchangedPrice(input.priced, order);
  const split = splitOf(order, body);
  const isCombined = split.wechatFen > 0;
  const toClose = await supersedeLiveAttempt(trx, order.id, now);
  if (body.phone) await setOrderPhone(trx, order.id, body.phone);
  await chargeCards(trx, {
    siteId: user.siteId,
    userId: user.id,
    orderId: order.id,
    cardType: cardTypeForOrderKind(order.kind),
    parts: partsOf(order),
    cardIds: body.cardIdList,
    amountFen: split.cardFen,
    mode: isCombined ? 'hold' : 'commit',
    clockNow: now,
  });
  const part = {
    order_id: order.id,
    site_id: user.siteId,
    user_id: user.id,
    attempt_id: input.attemptId,
    idempotency_key: input.key,
    created_at: now,
    updated_at: now,
    expires_at: order.pay_deadline_at,
  };
  await paymentRepository.insertPayment(trx, {
    ...part,
    method: 'card',
    amount_fen: split.cardFen,
    status: isCombined ? 'pending' : 'succeeded',
    out_trade_no: newOutTradeNo(now),
  });
  const answer: CardPayAnswer = {
    orderId: order.id,
    orderStatus: 'pending_payment',
    paymentStatus: isCombined ? 'pending' : 'succeeded',
    cardAmount: fenToYuan(split.cardFen),
    wechatAmount: fenToYuan(split.wechatFen),
    wechatPay: null,
  };
  if (!isCombined) {
    answer.orderStatus = await fulfilPaidOrder(trx, order, now, orderEventReasons.paidByCard);
    await paymentRepository.storeAnswer(trx, input.attemptId, answer);
    return { answer, toClose };
  }
  const wechat = await paymentRepository.insertPayment(trx, {
    ...part,
    method: 'wechat',
    amount_fen: split.wechatFen,
    out_trade_no: newOutTradeNo(now),
  });
  return {
    answer,
    toClose,
    wechat: {
      paymentId: wechat.id,
      outTradeNo: wechat.out_trade_no,
      expiresAt: order.pay_deadline_at,
    },
  };
}
