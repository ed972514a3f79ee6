import { getUserCareListCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

/** Spec §7: GET /storeCard/getUserCareList → { allTypeList, storeCard }. */
export function getUserCards() {
  return api(getUserCareListCall);
}

export const userCardsQuery = queryOptions({ queryKey: ['cards', 'user'], queryFn: getUserCards });

export function useUserCards() {
  return useQuery(userCardsQuery);
}
