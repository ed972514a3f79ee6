import type { SiteRow } from '../site/index.js';
import * as paymentRepository from './payment.repository.js';
import { reconcileWithProvider } from './payment-status.service.js';
import type { PayProvider } from './providers/pay-provider.js';
import { PayProviderError } from './providers/pay-provider-error.js';
import type { PaymentDeps } from './providers/pay-providers.js';
import type { PaymentLog } from './payment-log.js';

/**
 * Outside any transaction: make sure WeChat can no longer take money for transactions we gave up
 * (a superseded attempt, a payment cancelled or failed here). A close WeChat confirms is recorded;
 * when WeChat refuses because the transaction was paid meanwhile, its state is asked and settled
 * at once (the payment is no longer live, so the money is refunded automatically), without
 * waiting for a notification. WeChat unreachable: the payment sweep tries again later.
 */
export async function closeGivenUp(
  deps: PaymentDeps,
  providerOf: () => PayProvider,
  site: SiteRow,
  outTradeNos: readonly string[],
  log: PaymentLog,
): Promise<void> {
  // Made only when there is something to close: a card-only site may have no WeChat Pay at all.
  if (outTradeNos.length === 0) return;
  const provider = providerOf();
  for (const outTradeNo of outTradeNos) {
    try {
      await provider.close(outTradeNo);
      await paymentRepository.markProviderClosed(deps.db, outTradeNo, deps.clock.now());
      continue;
    } catch (error) {
      if (error instanceof PayProviderError && error.providerCode === 'ORDER_NOT_EXIST') {
        // Never opened at WeChat: nothing can be paid there.
        await paymentRepository.markProviderClosed(deps.db, outTradeNo, deps.clock.now());
        continue;
      }
      log.info({ err: error, outTradeNo }, 'close refused; asking WeChat what became of it');
    }
    const payment = await paymentRepository.findByOutTradeNo(deps.db, site.id, outTradeNo);
    if (!payment) continue;
    try {
      await reconcileWithProvider(deps, provider, site, payment, log);
    } catch (error) {
      log.warn({ err: error, outTradeNo }, 'settling a given-up payment failed; the sweep retries');
    }
  }
}

/**
 * Before a new attempt replaces the live one (outside any transaction): close the live attempt's
 * opened WeChat transaction first. Money the user paid there meanwhile then counts for that
 * attempt (it pays the order, and the new attempt is refused: the order is no longer unpaid)
 * instead of being refunded, and nothing can be paid there once the new attempt exists.
 */
export async function closeLiveAttemptFirst(
  deps: PaymentDeps,
  providerOf: () => PayProvider,
  site: SiteRow,
  orderId: string,
  log: PaymentLog,
): Promise<void> {
  const pending = await paymentRepository.listPendingByOrder(deps.db, orderId);
  const opened = pending.filter(
    (payment) =>
      payment.method === 'wechat' &&
      payment.prepay_id !== null &&
      payment.provider_closed_at === null,
  );
  await closeGivenUp(
    deps,
    providerOf,
    site,
    opened.map((payment) => payment.out_trade_no),
    log,
  );
}
