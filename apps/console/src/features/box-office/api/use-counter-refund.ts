import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { consoleOrderSearchCall, counterRefundCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { currentShiftQuery } from './use-shift';

/** Orders by order number, ticket code or a scanned ticket QR (the first page is enough here). */
export const useOrderLookup = () =>
  useMutation({
    mutationFn: (q: string) => api(consoleOrderSearchCall, { query: { q, pageSize: 10 } }),
  });

/** Refund at the counter; the shift's cash figures change when cash goes back. */
export function useCounterRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof counterRefundCall>) => api(counterRefundCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentShiftQuery.queryKey }),
  });
}
