/**
 * Paying orders (cards, WeChat Pay, both), the payment notifications, refunds, the payment sweep,
 * and the user's order list and detail. Other modules import only from here.
 */
export { registerPaymentRoutes } from './payment.routes.js';
export { registerNotifyRoutes, NOTIFY_PATH } from './notify.routes.js';
export { registerSandboxPayRoutes, SANDBOX_CONFIRM_PATH } from './sandbox-pay.routes.js';
export { startPaymentSweep, sweepPayments } from './payment-sweep.js';
export { getOrderDetail } from './order-views.service.js';
export { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';
export { buildSandboxNotification } from './providers/sandbox-pay.provider.js';
export { PayProviderError } from './providers/pay-provider-error.js';
export type { PayProvider, PaymentResult, RefundResult } from './providers/pay-provider.js';
