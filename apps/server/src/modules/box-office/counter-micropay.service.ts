import type { NameLang } from '@marquee/contracts';
import type { CounterPayAnswer, counterPayBodySchema } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import {
  claimOrReplay,
  closeLiveAttemptFirst,
  openCounterWechatIn,
  payProviderFor,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
  storeCounterAnswer,
  takeMicropay,
  type PaymentDeps,
  type PaymentLog,
} from '../payment/index.js';
import { recordAudit } from '../staff/index.js';
import { lockCounterOrder } from './counter-pay.service.js';
import { counterUserOf, findCounterSale, readSale } from './counter-sale.service.js';
import { requireOpenShiftIn, type CinemaGuard } from './shifts.service.js';

type Body = Extract<z.output<typeof counterPayBodySchema>, { method: 'wechatMicropay' }>;
type Context = { idempotencyKey: string | undefined; log: PaymentLog; lang: NameLang };

/** What the till reads when a payment code was refused (WeChat's own reason follows). */
const REFUSED_WORDS = {
  zh: (reason: string) => `微信付款码支付未成功：${reason}。请让顾客刷新付款码或换一种方式付款。`,
  en: (reason: string) =>
    `The WeChat payment code did not pay: ${reason}. Ask for a fresh code or another way to pay.`,
};

/**
 * POST /api/console/box-office/sale/pay with `wechatMicropay`: the till scanned the customer's
 * 付款码. Named steps, top-down:
 *   1. the idempotency key; the sale is a counter sale of a cinema the caller covers
 *   2. claim the key for the caller's counter customer (a replay answers the stored answer)
 *   3. close the live attempt's WeChat transaction first (money paid there counts)
 *   4. one transaction: lock the order; the caller's open shift at its cinema; the pending WeChat
 *      payment through the payment module (as for Native); the audit row
 *   5. outside it: payment's `takeMicropay` (micropay; USERPAYING asked again up to 30 s, then
 *      reversed), settling through the notices' path
 *   6. store and answer `paid` with the sale's codes, or `failed` with why
 */
export async function payMicropayAtCounter(
  deps: PaymentDeps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  context: Context,
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  const key = requireIdempotencyKey(context.idempotencyKey);
  const sale = await findCounterSale(deps.db, site, body.orderId, guard);
  const attemptOwner = { id: await counterUserOf(deps, site, staff), siteId: site.id };
  const claim = await claimOrReplay<CounterPayAnswer>(deps, attemptOwner, {
    key,
    call: 'counter',
    orderId: sale.id,
    hash: requestHash({ method: body.method, orderId: body.orderId, authCode: body.authCode }),
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

  const end = await takeMicropay(
    deps,
    site,
    {
      paymentId: step.paymentId,
      outTradeNo: step.outTradeNo,
      orderNo: step.order.order_no,
      amountFen: step.order.amount_fen,
      authCode: body.authCode,
    },
    context.log,
  );
  const answer: CounterPayAnswer = {
    status: end.status,
    sale: await readSale(deps.db, site, step.order.id, context.lang),
    tendered: null,
    change: null,
    codeUrl: null,
    failure:
      end.status === 'failed'
        ? REFUSED_WORDS[context.lang === 'en' ? 'en' : 'zh'](end.reason)
        : null,
  };
  await deps.db.transaction().execute((trx) => storeCounterAnswer(trx, attemptId, answer));
  return answer;
}
