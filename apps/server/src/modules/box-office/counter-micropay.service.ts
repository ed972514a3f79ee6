import type { NameLang } from '@marquee/contracts';
import type { CounterPayAnswer, counterPayBodySchema } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import { storeCounterAnswer, takeMicropay, type PaymentLog } from '../payment/index.js';
import type { Deps } from './counter-pay.service.js';
import { readSale } from './counter-sale.service.js';
import { openCounterWechatPayment } from './counter-wechat.service.js';
import type { CinemaGuard } from './shifts.service.js';

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
 *   1. the pending WeChat payment, as for Native (`openCounterWechatPayment`: the key, the sale,
 *      a split's card part held, the live attempt replaced; a replay answers the stored answer)
 *   2. outside any transaction: payment's `takeMicropay` (micropay; USERPAYING asked again up to
 *      30 s, then reversed), settling through the notices' path (a held card part is committed
 *      with it, or released when it fails)
 *   3. store and answer `paid` with the sale's codes, or `failed` with why
 */
export async function payMicropayAtCounter(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  context: Context,
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  const step = await openCounterWechatPayment(deps, site, staff, body, context, guard);
  if (step.replay) return step.replay;
  const end = await takeMicropay(
    deps,
    site,
    {
      paymentId: step.paymentId,
      outTradeNo: step.outTradeNo,
      orderNo: step.order.order_no,
      amountFen: step.amountFen,
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
  await deps.db.transaction().execute((trx) => storeCounterAnswer(trx, step.attemptId, answer));
  return answer;
}
