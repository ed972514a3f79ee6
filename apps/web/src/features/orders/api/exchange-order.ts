import { exchangeFilmOrderCall, type CallBody } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type ExchangeOrderBody = CallBody<typeof exchangeFilmOrderCall>;

/** POST /order/exchange {orderId, showId, seatLabels}: 改签 a ticketed film order, once. */
export function exchangeOrder(body: ExchangeOrderBody) {
  return api(exchangeFilmOrderCall, { body });
}

export function useExchangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeOrder,
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.orders.detail(detail.orderId), detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards.all });
    },
  });
}
