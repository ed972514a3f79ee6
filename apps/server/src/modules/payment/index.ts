/**
 * Money of orders: paying them (cards, WeChat Pay, both), WeChat's notifications, refunds, the
 * payment sweep, and what order pages show of payments (`paymentMoneyReader`, given to orders).
 * Other modules import only from here.
 */
export { registerPaymentRoutes } from './payment.routes.js';
export { registerPaymentConsoleRoutes } from './payment.console.routes.js';
export { registerNotifyRoutes, NOTIFY_PATH } from './notify.routes.js';
export { registerSandboxPayRoutes, SANDBOX_CONFIRM_PATH } from './sandbox-pay.routes.js';
export { startPaymentSweep, sweepPayments } from './payment-sweep.js';
export { paymentMoneyReader } from './order-money.js';
export { exchangeMoneyOf } from './exchange-money.js';
export { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
export { buildSandboxNotification } from './providers/sandbox-pay.provider.js';
export { PayProviderError } from './providers/pay-provider-error.js';
export type { PayProvider, PaymentResult, RefundResult } from './providers/pay-provider.js';
export {
  refundOrderMoney,
  type RefundActor,
  type RefundedMoney,
  type RefundRequest,
} from './refund.service.js';
export {
  giveUpCounterAttempt,
  payCounterOrderIn,
  storeCounterAnswer,
  type CounterCardPart,
  type CounterPaymentInput,
  type CounterPaymentResult,
} from './counter-payment.js';
export {
  claimOrReplay,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
} from './idempotency.js';
export { closeGivenUp } from './provider-close.js';
export { closeLiveAttemptFirst } from './provider-close.js';
export { notifyUrlFor } from './notify-url.js';
export {
  counterWechatState,
  openCounterWechatIn,
  openNativeTransaction,
  type CounterWechatState,
} from './counter-wechat.js';
export { takeMicropay, type MicropayEnd } from './counter-micropay.js';
export { SANDBOX_PAYING_PREFIX } from './providers/micropay.provider.js';
export type { PaymentLog } from './payment-log.js';
export { settleOrderOfCancelledShow, type CancelledShowSettlement } from './refund.service.js';
