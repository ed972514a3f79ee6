import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrderRow } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import {
  partRowOf,
  requirePayableCounterOrder,
  takeCardPart,
  type CounterCardPart,
} from './counter-payment.js';
import type { PaymentLog } from './payment-log.js';
import { QUERY_AFTER_SECONDS, reconcileWithProvider } from './payment-status.service.js';
import { newOutTradeNo, supersedeLiveAttempt } from './payment-steps.js';
import * as paymentRepository from './payment.repository.js';
import { closeGivenUp } from './provider-close.js';
import type { PayProvider } from './providers/pay-provider.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { openAtProvider, orderDescription, type PrepayInput } from './wechat-prepay.js';

/**
 * WeChat Pay at the counter (the box office's Native QR): the same pending `payments` row as an
 * online WeChat payment (method `wechat`, the paying attempt of the idempotency key), naming the
 * cashier's shift. It is settled exactly as online payments are, by WeChat's notice, a status
 * query or the sweep (settle.service.ts). For a Native payment the `prepay_id` column holds the
 * code_url WeChat answered: it marks the transaction as opened at WeChat, as a prepay id does.
 */
export interface CounterWechatInput {
  order: OrderRow;
  shiftId: string;
  attemptId: string;
  idempotencyKey: string;
  /** A split tender: the member's card holds this part (the order is the member's by now). */
  cardPart?: CounterCardPart;
  now: Date;
}

/**
 * Inside the box office's transaction (the order locked, checked a counter sale of the caller's
 * cinema): replace the live attempt and record the pending WeChat payment of what the card part
 * (held, pending) leaves. Returns it and the WeChat transactions of the replaced attempt, to close
 * after commit.
 */
export async function openCounterWechatIn(
  trx: Transaction<Database>,
  input: CounterWechatInput,
): Promise<{ paymentId: string; outTradeNo: string; amountFen: number; toClose: string[] }> {
  const { order, now } = input;
  requirePayableCounterOrder(order, now);
  const toClose = await supersedeLiveAttempt(trx, order.id, now);
  const cardFen = input.cardPart ? await takeCardPart(trx, input, input.cardPart, 'hold') : 0;
  const payment = await paymentRepository.insertPayment(trx, {
    ...partRowOf(input),
    method: 'wechat',
    amount_fen: order.amount_fen - cardFen,
    out_trade_no: newOutTradeNo(now),
  });
  return {
    paymentId: payment.id,
    outTradeNo: payment.out_trade_no,
    amountFen: payment.amount_fen,
    toClose,
  };
}

/**
 * Outside any transaction: open the Native transaction of a pending counter payment and answer
 * its code_url (`openAtProvider`: WeChat refusing fails the payment and releases a held card
 * part, PAYMENT_PROVIDER_FAILED; given up meanwhile, CONFLICT).
 */
export async function openNativeTransaction(
  deps: PaymentDeps,
  site: SiteRow,
  input: PrepayInput,
  toClose: readonly string[],
  log: PaymentLog,
): Promise<string> {
  const provider = payProviderFor(deps, site);
  await closeGivenUp(deps, () => provider, site, toClose, log);
  return openAtProvider(deps, provider, site, input, log, async () => {
    const { codeUrl } = await provider.createNativeTransaction({
      outTradeNo: input.outTradeNo,
      description: orderDescription(site, input.orderNo),
      amountFen: input.amountFen,
      expiresAt: input.expiresAt,
      notifyUrl: input.notifyUrl,
    });
    return codeUrl;
  });
}

export interface CounterWechatState {
  /** The latest WeChat payment of the order: pending, succeeded, failed, cancelled... */
  status: string;
  /** A pending Native payment's QR text. */
  codeUrl: string | null;
}

/**
 * The till asks how the order's latest WeChat payment stands. A pending one older than
 * QUERY_AFTER_SECONDS is asked at WeChat first and settled by what WeChat says (the same path as
 * the online status query). Undefined when the order has no WeChat payment.
 */
export async function counterWechatState(
  deps: PaymentDeps,
  site: SiteRow,
  order: Pick<OrderRow, 'id' | 'user_id'>,
  log: PaymentLog,
  provider?: PayProvider,
): Promise<CounterWechatState | undefined> {
  const latest = await paymentRepository.findLatestByOrder(deps.db, order.id, order.user_id);
  if (!latest || latest.method !== 'wechat') return undefined;
  const ageSeconds = (deps.clock.now().getTime() - latest.created_at.getTime()) / 1000;
  if (latest.status === 'pending' && latest.prepay_id && ageSeconds >= QUERY_AFTER_SECONDS) {
    await reconcileWithProvider(deps, provider ?? payProviderFor(deps, site), site, latest, log);
  }
  const payment = (await paymentRepository.findById(deps.db, latest.id))!;
  return {
    status: payment.status,
    codeUrl: payment.status === 'pending' ? payment.prepay_id : null,
  };
}
