import type { NameLang } from '@marquee/contracts';
import type { CounterPayAnswer, counterPayBodySchema } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import { findOrder, handOrderToMember, type OrderRow } from '../orders/index.js';
import {
  claimOrReplay,
  closeLiveAttemptFirst,
  counterWechatState,
  notifyUrlFor,
  openCounterWechatIn,
  openNativeTransaction,
  payProviderFor,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
  storeCounterAnswer,
  type PaymentDeps,
  type PaymentLog,
} from '../payment/index.js';
import { recordAudit } from '../staff/index.js';
import { lockCounterOrder, splitCardPart, verifyMember, type Deps } from './counter-pay.service.js';
import { counterUserOf, findCounterSale, readSale } from './counter-sale.service.js';
import { requireOpenShiftIn, type CinemaGuard } from './shifts.service.js';

type WechatBody = Extract<
  z.output<typeof counterPayBodySchema>,
  { method: 'wechatNative' | 'wechatMicropay' }
>;
type Context = { idempotencyKey: string | undefined; log: PaymentLog; lang: NameLang };

const FAILED_WORDS = {
  zh: '微信支付没有完成，请重新收款。',
  en: 'The WeChat payment did not go through; take the payment again.',
};

/** A counter WeChat payment recorded and pending, or the stored answer of its key (a replay). */
export type OpenedCounterWechat =
  | { replay: CounterPayAnswer }
  | {
      replay?: undefined;
      attemptId: string;
      order: OrderRow;
      paymentId: string;
      outTradeNo: string;
      /** What WeChat is to take: the total less a card part. */
      amountFen: number;
      toClose: string[];
    };

/**
 * The first steps of both WeChat ways at the till (Native QR, 付款码), top-down:
 *   1. the idempotency key; the sale is a counter sale of a cinema the caller covers; a split's
 *      card part is valid and the member's pay password checked (before anything is claimed)
 *   2. claim the key for the caller's counter customer (a replay answers the stored answer)
 *   3. close the live attempt's WeChat transaction first (money paid there counts)
 *   4. one transaction: lock the order; the caller's open shift at its cinema; a card part: the
 *      order becomes the member's and the card holds its part; the pending WeChat payment of the
 *      rest through the payment module (replacing the live attempt); the audit row
 * Anything refused after the claim gives the key back.
 */
export async function openCounterWechatPayment(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: WechatBody,
  context: Context,
  guard: CinemaGuard,
): Promise<OpenedCounterWechat> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  const sale = await findCounterSale(deps.db, site, body.orderId, guard);
  const cardPart = splitCardPart(body.cardPart, sale);
  const memberUserId = cardPart
    ? await verifyMember(deps, site, cardPart.cardId, body.cardPart!.password)
    : null;
  const attemptOwner = { id: await counterUserOf(deps, site, staff), siteId: site.id };
  const claim = await claimOrReplay<CounterPayAnswer>(deps, attemptOwner, {
    key,
    call: 'counter',
    orderId: sale.id,
    hash: requestHash({
      method: body.method,
      orderId: body.orderId,
      authCode: body.method === 'wechatMicropay' ? body.authCode : null,
      cardId: cardPart?.cardId ?? null,
      cardPartFen: cardPart?.amountFen ?? null,
    }),
  });
  if (claim.replay) return { replay: claim.replay };
  const attemptId = claim.attemptId;
  try {
    await closeLiveAttemptFirst(deps, () => payProviderFor(deps, site), site, sale.id, context.log);
    const now = deps.clock.now();
    return await deps.db.transaction().execute(async (trx) => {
      let order = await lockCounterOrder(trx, sale.id);
      const shift = await requireOpenShiftIn(trx, staff, order.cinema_id!);
      if (memberUserId) order = await handOrderToMember(trx, order, memberUserId, now);
      const opened = await openCounterWechatIn(trx, {
        order,
        shiftId: shift.id,
        attemptId,
        idempotencyKey: key,
        cardPart,
        now,
      });
      await recordAudit(trx, site, staff, now, {
        action: 'counter.wechat',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: {
          method: body.method,
          amountFen: order.amount_fen,
          shiftId: shift.id,
          ...(cardPart ? { cardId: cardPart.cardId, cardPartFen: cardPart.amountFen } : {}),
        },
      });
      return { attemptId, order, ...opened };
    });
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }
}

/**
 * POST /api/console/box-office/sale/pay with `wechatNative`: the customer scans a QR shown by the
 * till. Named steps, top-down:
 *   1. the pending WeChat payment (`openCounterWechatPayment`; a replay answers the stored answer)
 *   2. outside any transaction: open the Native transaction at WeChat (or the sandbox) for its
 *      code_url
 *   3. store and answer `waiting` with the code_url; the till asks pay-status until it ends
 * The order becomes paid when WeChat's notice (or a status query, or the sweep) says so.
 */
export async function payNativeAtCounter(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Extract<WechatBody, { method: 'wechatNative' }>,
  context: Context & { origin: string },
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  const step = await openCounterWechatPayment(deps, site, staff, body, context, guard);
  if (step.replay) return step.replay;
  const codeUrl = await openNativeTransaction(
    deps,
    site,
    {
      attemptId: step.attemptId,
      paymentId: step.paymentId,
      outTradeNo: step.outTradeNo,
      orderId: step.order.id,
      orderNo: step.order.order_no,
      amountFen: step.amountFen,
      expiresAt: step.order.pay_deadline_at,
      notifyUrl: notifyUrlFor(context.origin, site),
    },
    step.toClose,
    context.log,
  );
  const answer: CounterPayAnswer = {
    status: 'waiting',
    sale: await readSale(deps.db, site, step.order.id, context.lang),
    tendered: null,
    change: null,
    codeUrl,
    failure: null,
  };
  await deps.db.transaction().execute((trx) => storeCounterAnswer(trx, step.attemptId, answer));
  return answer;
}

/**
 * GET /api/console/box-office/sale/pay-status: how the sale's WeChat payment stands. `paid` once
 * the order is paid (with the sale's ticket codes); `waiting` while WeChat has not settled it
 * (WeChat is asked after a few seconds, and its answer settled as online); `failed` when the
 * payment failed or was closed. A sale with no WeChat payment answers its state as it is.
 */
export async function counterPayStatus(
  deps: PaymentDeps,
  site: SiteRow,
  orderId: string,
  context: { log: PaymentLog; lang: NameLang },
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  const sale = await findCounterSale(deps.db, site, orderId, guard);
  const state = await counterWechatState(deps, site, sale, context.log);
  const order = (await findOrder(deps.db, sale.id))!;
  const isPaid = ['paid', 'ticketed', 'ready', 'used'].includes(order.status);
  if (!state && !isPaid) {
    throw notFound('The WeChat payment', '微信支付');
  }
  const status: CounterPayAnswer['status'] = isPaid
    ? 'paid'
    : state?.status === 'pending'
      ? 'waiting'
      : 'failed';
  return {
    status,
    sale: await readSale(deps.db, site, sale.id, context.lang),
    tendered: null,
    change: null,
    codeUrl: status === 'waiting' ? (state?.codeUrl ?? null) : null,
    failure: status === 'failed' ? FAILED_WORDS[context.lang === 'en' ? 'en' : 'zh'] : null,
  };
}
