import { cancelPaymentCall } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** The payment sheet was cancelled or failed: close the WeChat part, release a card hold. */
export function cancelPayment(paymentId: string) {
  return api(cancelPaymentCall, { body: { paymentId } });
}
