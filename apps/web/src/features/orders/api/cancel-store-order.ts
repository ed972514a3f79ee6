import { cancelStoreOrderCall } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /storeOrder/cancel {orderId}: cancel an unpaid store order; its stock goes back at once. */
export function cancelStoreOrder(orderId: string) {
  return api(cancelStoreOrderCall, { body: { orderId } });
}

export function useCancelStoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStoreOrder,
    onSuccess: (detail) => {
      queryClient.setQueryData(['orders', 'detail', detail.orderId], detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
      // The stock is back: goods pages show it on their next look.
      void queryClient.invalidateQueries({ queryKey: queryKeys.goods.all });
    },
  });
}
