import { refundOrderCall } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /order/refund {orderId}: refund a ticketed film order or a ready store order while allowed. */
export function refundOrder(orderId: string) {
  return api(refundOrderCall, { body: { orderId } });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (detail) => {
      queryClient.setQueryData(['orders', 'detail', detail.orderId], detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goods.all });
    },
  });
}
