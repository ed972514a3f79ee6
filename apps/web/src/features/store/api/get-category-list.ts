import { getCategoryListCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: GET /goods/getCategoryList. */
export function getCategoryList() {
  return api(getCategoryListCall);
}

export const categoryListQuery = queryOptions({
  queryKey: queryKeys.goods.categories,
  queryFn: getCategoryList,
  staleTime: 5 * 60_000,
});

export function useCategoryList() {
  return useQuery(categoryListQuery);
}
