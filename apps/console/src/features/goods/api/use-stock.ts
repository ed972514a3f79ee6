import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  stockMoveCall,
  stockMovementsCall,
  type StockMovementReason,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const stockMovementsQuery = (goodsId: string) =>
  queryOptions({
    queryKey: ['console', 'goods', 'movements', goodsId],
    queryFn: () => api(stockMovementsCall, { query: { goodsId } }),
  });

export const useStockMovements = (goodsId: string | undefined) =>
  useQuery({ ...stockMovementsQuery(goodsId ?? ''), enabled: Boolean(goodsId) });

/** One movement; the goods list (stock) and the movement history refresh. */
export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      variantId: string;
      delta: number;
      reason: StockMovementReason;
      note: string;
    }) => api(stockMoveCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}
