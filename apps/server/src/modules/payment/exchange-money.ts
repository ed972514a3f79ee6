import type { ExchangeMoney } from '../exchange/index.js';
import type { PaymentDeps } from './providers/pay-providers.js';
import { exchangeRefundNoFor, executeRefund, refundPartIn } from './refund-execution.js';

/** The reason on the ledger and refund rows of a cheaper exchange's difference. */
const EXCHANGE_REFUND_REASON = '改签退差价';

/** A cheaper exchange's money (decision 025) on this app's deps, for the exchange module. */
export function exchangeMoneyOf(deps: PaymentDeps): ExchangeMoney {
  return {
    refundDifference: (trx, orderId, refundFen, now) =>
      refundPartIn(trx, orderId, refundFen, now, {
        kind: 'exchange',
        reason: EXCHANGE_REFUND_REASON,
        outRefundNoOf: exchangeRefundNoFor,
      }),
    sendRefund: (site, outRefundNo, log) => executeRefund(deps, site, outRefundNo, log),
  };
}
