import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cinemaStockSettingsCall,
  stockMoveCall,
  stockMovementsCall,
  stockTransferCall,
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
      cinemaId: string;
      delta: number;
      reason: Exclude<StockMovementReason, 'transfer_out' | 'transfer_in'>;
      note: string;
    }) => api(stockMoveCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}

/** Units from one cinema to another (one transaction); the list and history refresh. */
export function useTransferStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      variantId: string;
      fromCinemaId: string;
      toCinemaId: string;
      quantity: number;
      note: string;
    }) => api(stockTransferCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}

/** A variant's reorder level, on/off sale and price at one cinema. */
export function useCinemaStockSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      variantId: string;
      cinemaId: string;
      reorderLevel: number;
      isOnSale: boolean;
      priceFen: number | null;
    }) => api(cinemaStockSettingsCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}
