import type { SiteRow } from '../site/index.js';
import type { PaymentLog } from './payment-log.js';
import { micropayProviderFor, type MicropayProvider } from './providers/micropay.provider.js';
import type { PaymentDeps } from './providers/pay-providers.js';
import { applyPaidResult, giveUpWechatPayment } from './settle.service.js';
import { orderDescription } from './wechat-prepay.js';

export type MicropayEnd = { status: 'paid' } | { status: 'failed'; code: string; reason: string };

/**
 * Outside any transaction: take the 付款码 payment of a pending counter WeChat payment (recorded
 * by `openCounterWechatIn`) and settle it through the same path as WeChat's notices:
 *   - SUCCESS: the payment is settled at once (`applyPaidResult`: paid once, or refunded if late)
 *   - USERPAYING, or an unknown answer (SYSTEMERROR, WeChat unreachable): asked again with
 *     orderquery every `micropayPollMs` (5 s), `micropayPolls` times (6); still not paid: reversed
 *     (money taken goes back) and the payment failed
 *   - a refusal (AUTHCODEEXPIRE, NOTENOUGH, …): the payment failed with WeChat's reason
 */
export async function takeMicropay(
  deps: PaymentDeps,
  site: SiteRow,
  input: {
    paymentId: string;
    outTradeNo: string;
    orderNo: string;
    amountFen: number;
    authCode: string;
  },
  log: PaymentLog,
): Promise<MicropayEnd> {
  let provider: MicropayProvider;
  try {
    provider = micropayProviderFor(deps, site);
  } catch (error) {
    log.error({ err: error }, 'no 付款码 payment for this site');
    return fail(deps, input.paymentId, 'NOT_CONFIGURED', 'WeChat Pay API v2 key not set');
  }
  const paid = async (transactionId: string): Promise<MicropayEnd> => {
    const outcome = await applyPaidResult(
      deps,
      site,
      {
        outTradeNo: input.outTradeNo,
        transactionId,
        state: 'SUCCESS',
        amountFen: input.amountFen,
        payerOpenid: null,
        successAt: deps.clock.now(),
      },
      log,
      'query',
    );
    return outcome === 'auto_refund'
      ? { status: 'failed', code: 'LATE', reason: 'paid too late; refunded' }
      : { status: 'paid' };
  };

  let first;
  try {
    first = await provider.micropay({
      outTradeNo: input.outTradeNo,
      description: orderDescription(site, input.orderNo),
      amountFen: input.amountFen,
      authCode: input.authCode,
    });
  } catch (error) {
    log.warn({ err: error, outTradeNo: input.outTradeNo }, 'micropay unanswered; asking');
    first = { kind: 'unknown' as const, reason: 'unanswered' };
  }
  if (first.kind === 'paid') return paid(first.transactionId);
  if (first.kind === 'failed') return fail(deps, input.paymentId, first.code, first.reason);

  const intervalMs = deps.wechat.endpoints.micropayPollMs ?? 5_000;
  const polls = deps.wechat.endpoints.micropayPolls ?? 6;
  for (let i = 0; i < polls; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    let state;
    try {
      state = await provider.query(input.outTradeNo);
    } catch (error) {
      log.warn({ err: error, outTradeNo: input.outTradeNo }, 'orderquery failed; asking again');
      continue;
    }
    if (state.state === 'SUCCESS' && state.transactionId) return paid(state.transactionId);
    if (['PAYERROR', 'REVOKED', 'CLOSED'].includes(state.state)) {
      return fail(deps, input.paymentId, state.state, `WeChat reports ${state.state}`);
    }
  }
  try {
    await provider.reverse(input.outTradeNo);
  } catch (error) {
    // Not reversed: the payment stays pending for the sweep (it asks WeChat and settles).
    log.error({ err: error, outTradeNo: input.outTradeNo }, 'reverse failed');
    return { status: 'failed', code: 'REVERSE_FAILED', reason: 'not confirmed in time' };
  }
  return fail(deps, input.paymentId, 'TIMEOUT', 'not confirmed in time; reversed');
}

async function fail(
  deps: PaymentDeps,
  paymentId: string,
  code: string,
  reason: string,
): Promise<MicropayEnd> {
  await giveUpWechatPayment(deps, paymentId, 'failed', `付款码: ${reason}`, {
    isClosedAtProvider: true,
  });
  return { status: 'failed', code, reason };
}
