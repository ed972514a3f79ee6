import { snackOffersCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /goods/offers: the snack step's combos and popular goods with their variants, as the show's
 * cinema sells them (its stock and prices, decision 050).
 */
export function getSnackOffers(cinemaId: string) {
  return api(snackOffersCall, { query: { cinemaId } });
}

export const snackOffersQuery = (cinemaId: string) =>
  queryOptions({
    queryKey: [...queryKeys.goods.offers, cinemaId],
    queryFn: () => getSnackOffers(cinemaId),
    // Stock moves: asked again each time the step opens.
    staleTime: 0,
  });

export function useSnackOffers(cinemaId: string) {
  return useQuery(snackOffersQuery(cinemaId));
}
