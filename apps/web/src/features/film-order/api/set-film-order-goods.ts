import { setFilmOrderGoodsCall, type FilmOrder } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /filmOrder/goods: the held order's snacks become `items` (stock reserved with the seats). */
export function setFilmOrderGoods(body: {
  orderId: string;
  items: { goodsInfoId: string; quantity: number }[];
}) {
  return api(setFilmOrderGoodsCall, { body });
}

export function useSetFilmOrderGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFilmOrderGoods,
    onSuccess: (order: FilmOrder) => {
      queryClient.setQueryData(queryKeys.filmOrders.pending(order.showInfo.showId), {
        order,
        paidOrderId: null,
      });
      // The price changed: the coupon row asks the server again (decision 024).
      void queryClient.invalidateQueries({ queryKey: ['coupon', 'forOrder', order.id] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goods.offers });
    },
  });
}
