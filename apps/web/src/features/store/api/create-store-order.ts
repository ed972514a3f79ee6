import { createStoreOrderCall, type CallBody } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /storeOrder/create: reserve the stock of every line and answer the order, unpaid. */
export function createStoreOrder(body: CallBody<typeof createStoreOrderCall>) {
  return api(createStoreOrderCall, { body });
}

export function useCreateStoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoreOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order.orderId], order);
      // Stock went down: lists and details show it on their next look.
      void queryClient.invalidateQueries({ queryKey: queryKeys.goods.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    },
  });
}
