import type { AppDeps } from '../../app-deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import * as paymentRepository from './payment.repository.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
import { resolvePendingRefund } from './refund-execution.js';
import { reconcileWithProvider } from './payment-status.service.js';
import { closeGivenUp } from './provider-close.js';
import { giveUpWechatPayment } from './settle.service.js';
import type { PaymentLog } from './payment-log.js';

const BATCH = 50;
const UNCLOSED_GRACE_MS = 60_000;

/**
 * One pass of the payment sweep:
 * - WeChat payments still pending past their expiry (= the seat hold's end): closed at WeChat and
 *   cancelled here, releasing the card hold of a combined payment; when WeChat refuses to close
 *   because it was paid after all, settled (usually an automatic refund, the hold being over);
 * - WeChat payments we gave up (superseded, cancelled, failed) whose close WeChat never confirmed
 *   (unreachable at the time): closed now, and settled at once (an automatic refund) when WeChat
 *   says the user paid after all;
 * - refunds still pending (WeChat busy, PROCESSING, no REFUND.* notice yet): looked up with WeChat's
 *   refund query, and sent again only when WeChat never received them.
 */
export async function sweepPayments(
  deps: PaymentDeps & Pick<AppDeps, 'sites'>,
  log: PaymentLog,
): Promise<{ expired: number; closed: number; refundsRetried: number }> {
  const now = deps.clock.now();
  const expired = await paymentRepository.listPendingWechatExpiredBefore(deps.db, now, BATCH);
  for (const payment of expired) {
    const site = await deps.sites.resolve(payment.site_code);
    const provider = payProviderFor(deps, site);
    try {
      // Closed at WeChat first, so it can no longer be paid while we give it up.
      await provider.close(payment.out_trade_no);
    } catch (error) {
      // ORDERPAID (paid after all) or WeChat unreachable: ask, and act on what it says.
      log.info({ err: error, outTradeNo: payment.out_trade_no }, 'close at expiry refused');
      await reconcileWithProvider(deps, provider, site, payment, log);
      continue;
    }
    await giveUpWechatPayment(deps, payment.id, 'cancelled', 'payment timed out', {
      isClosedAtProvider: true,
    });
  }
  // Left a minute to the request that gave them up, which closes them itself.
  const unclosed = await paymentRepository.listUnclosedGivenUpBefore(
    deps.db,
    new Date(now.getTime() - UNCLOSED_GRACE_MS),
    BATCH,
  );
  for (const payment of unclosed) {
    const site = await deps.sites.resolve(payment.site_code);
    await closeGivenUp(deps, () => payProviderFor(deps, site), site, [payment.out_trade_no], log);
  }
  const refunds = await paymentRepository.listPendingRefunds(deps.db, BATCH);
  for (const refund of refunds) {
    await resolvePendingRefund(
      deps,
      await deps.sites.resolve(refund.site_code),
      refund.out_refund_no,
      log,
    );
  }
  return { expired: expired.length, closed: unclosed.length, refundsRetried: refunds.length };
}

/** Run the sweep every `intervalMs` until the returned stop function is called (on app close). */
export function startPaymentSweep(
  deps: PaymentDeps & Pick<AppDeps, 'sites'>,
  log: PaymentLog,
  intervalMs: number,
): () => Promise<void> {
  return startPeriodic('payment sweep', () => sweepPayments(deps, log), intervalMs, log).stop;
}
