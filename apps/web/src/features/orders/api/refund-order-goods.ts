import { refundOrderGoodsCall } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /order/refundGoods {orderId}: refund only a film order's snacks while not picked up. */
export function refundOrderGoods(orderId: string) {
  return api(refundOrderGoodsCall, { body: { orderId } });
}

export function useRefundOrderGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrderGoods,
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.orders.detail(detail.orderId), detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goods.all });
    },
  });
}
