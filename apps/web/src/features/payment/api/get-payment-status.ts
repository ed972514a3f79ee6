import { paymentStatusCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type PaymentRef = { paymentId: string } | { orderId: string };

export function getPaymentStatus(ref: PaymentRef) {
  return api(paymentStatusCall, { query: ref });
}

/** How often the page asks while a payment's result is not known yet. */
export const STATUS_POLL_MS = 1500;

export const paymentStatusQuery = (ref: PaymentRef) =>
  queryOptions({
    queryKey: queryKeys.payment.status(ref),
    queryFn: () => getPaymentStatus(ref),
    refetchInterval: (query) => (query.state.data?.isSettled ? false : STATUS_POLL_MS),
    retry: true,
  });

/** Polls until the payment is settled (paid, failed, cancelled, refunded). */
export function usePaymentStatus(ref: PaymentRef | null) {
  return useQuery({
    ...paymentStatusQuery(ref ?? { paymentId: '' }),
    enabled: ref !== null,
  });
}
