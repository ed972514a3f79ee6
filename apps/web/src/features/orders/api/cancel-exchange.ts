import { cancelFilmOrderCall } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /filmOrder/cancel with a waiting exchange order's id (decision 031): the dearer exchange is
 * given up, its new seats released; the ticket stays as it is.
 */
export function cancelExchange(exchangeOrderId: string) {
  return api(cancelFilmOrderCall, { body: { orderId: exchangeOrderId } });
}

export function useCancelExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelExchange,
    onSuccess: (exchangeOrder) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.shows.seats(exchangeOrder.showInfo.showId),
      });
    },
  });
}
