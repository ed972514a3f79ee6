import type { NameLang } from '@marquee/contracts';
import type { CounterPayAnswer, counterPayBodySchema } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import { findOrder } from '../orders/index.js';
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
import { lockCounterOrder } from './counter-pay.service.js';
import { counterUserOf, findCounterSale, readSale } from './counter-sale.service.js';
import { requireOpenShiftIn, type CinemaGuard } from './shifts.service.js';

type Body = Extract<z.output<typeof counterPayBodySchema>, { method: 'wechatNative' }>;
type Context = { idempotencyKey: string | undefined; log: PaymentLog; lang: NameLang };

const FAILED_WORDS = {
  zh: '微信支付没有完成，请重新收款。',
  en: 'The WeChat payment did not go through; take the payment again.',
};

/**
 * POST /api/console/box-office/sale/pay with `wechatNative`: the customer scans a QR shown by the
 * till. Named steps, top-down:
 *   1. the idempotency key; the sale is a counter sale of a cinema the caller covers
 *   2. claim the key for the caller's counter customer (a replay answers the stored answer)
 *   3. close the live attempt's WeChat transaction first (money paid there counts)
 *   4. one transaction: lock the order; the caller's open shift at its cinema; the pending WeChat
 *      payment through the payment module (replacing the live attempt); the audit row
 *   5. outside it: open the Native transaction at WeChat (or the sandbox) for its code_url
 *   6. store and answer `waiting` with the code_url; the till asks pay-status until it ends
 * The order becomes paid when WeChat's notice (or a status query, or the sweep) says so.
 */
export async function payNativeAtCounter(
  deps: PaymentDeps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  context: Context & { origin: string },
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  const sale = await findCounterSale(deps.db, site, body.orderId, guard);
  const attemptOwner = { id: await counterUserOf(deps, site, staff), siteId: site.id };
  const claim = await claimOrReplay<CounterPayAnswer>(deps, attemptOwner, {
    key,
    call: 'counter',
    orderId: sale.id,
    hash: requestHash({ method: body.method, orderId: body.orderId }),
  });
  if (claim.replay) return claim.replay;
  const attemptId = claim.attemptId;

  let step;
  try {
    await closeLiveAttemptFirst(deps, () => payProviderFor(deps, site), site, sale.id, context.log);
    const now = deps.clock.now();
    step = await deps.db.transaction().execute(async (trx) => {
      const order = await lockCounterOrder(trx, sale.id);
      const shift = await requireOpenShiftIn(trx, staff, order.cinema_id!);
      const opened = await openCounterWechatIn(trx, {
        order,
        shiftId: shift.id,
        attemptId,
        idempotencyKey: key,
        now,
      });
      await recordAudit(trx, site, staff, now, {
        action: 'counter.wechat',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: { method: body.method, amountFen: order.amount_fen, shiftId: shift.id },
      });
      return { order, ...opened };
    });
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }

  const codeUrl = await openNativeTransaction(
    deps,
    site,
    {
      attemptId,
      paymentId: step.paymentId,
      outTradeNo: step.outTradeNo,
      orderId: step.order.id,
      orderNo: step.order.order_no,
      amountFen: step.order.amount_fen,
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
  await deps.db.transaction().execute((trx) => storeCounterAnswer(trx, attemptId, answer));
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
  const isPaid = ['paid', 'ticketed', 'used'].includes(order.status);
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
