import { cancelFilmOrderCall } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /filmOrder/cancel: releases the order's held seats. */
export function cancelFilmOrder(orderId: string) {
  return api(cancelFilmOrderCall, { body: { orderId } });
}

export function useCancelFilmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFilmOrder,
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.filmOrders.all });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.shows.seats(order.showInfo.showId),
      });
    },
  });
}
