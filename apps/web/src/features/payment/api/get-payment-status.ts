import { paymentStatusCall } from '@marquee/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type PaymentRef = { paymentId: string } | { orderId: string };

export function getPaymentStatus(ref: PaymentRef) {
  return api(paymentStatusCall, { query: ref });
}

/** How often the page asks while a payment's result is not known yet. */
export const STATUS_POLL_MS = 1500;

/** One look at a payment's result; `usePayFlow` asks again every STATUS_POLL_MS until settled. */
export const paymentStatusQuery = (ref: PaymentRef) =>
  queryOptions({
    queryKey: queryKeys.payment.status(ref),
    queryFn: () => getPaymentStatus(ref),
  });
