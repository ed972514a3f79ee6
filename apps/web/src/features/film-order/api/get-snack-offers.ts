import { snackOffersCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /goods/offers: the snack step's combos and popular goods with their variants. */
export function getSnackOffers() {
  return api(snackOffersCall, {});
}

export const snackOffersQuery = queryOptions({
  queryKey: queryKeys.goods.offers,
  queryFn: getSnackOffers,
  // Stock moves: asked again each time the step opens.
  staleTime: 0,
});

export function useSnackOffers() {
  return useQuery(snackOffersQuery);
}
