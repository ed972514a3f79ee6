import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleOrderRefundCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { orderDetailQuery } from './use-order-detail';

/** A manager's or owner's refund with a reason; the detail and the search show it at once. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { orderId: string; reason: string }) =>
      api(consoleOrderRefundCall, { body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderDetailQuery(detail.orderId).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: ['console', 'orders', 'search'] });
    },
  });
}
