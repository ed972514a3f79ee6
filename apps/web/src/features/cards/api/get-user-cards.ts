import { getUserCareListCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: GET /storeCard/getUserCareList → { allTypeList, storeCard }. */
export function getUserCards() {
  return api(getUserCareListCall);
}

export const userCardsQuery = queryOptions({
  queryKey: queryKeys.cards.user,
  queryFn: getUserCards,
});

export function useUserCards() {
  return useQuery(userCardsQuery);
}
