import { getGoodsListCall, GOODS_PAGE_SIZE, goodsListQuery } from '@marquee/contracts';
export { FIRST_SCREEN_GOODS, GOODS_PAGE_SIZE } from '@marquee/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Spec §7: GET /goods/getGoodsList; spec §5: categoryId only when it is set and not 0. With the
 * cart's pickup cinema, that cinema's stock and prices (decision 050).
 */
export function getGoodsList(params: {
  categoryId: string | null;
  pageNum: number;
  cinemaId?: string;
}) {
  const { cinemaId, ...page } = params;
  return api(getGoodsListCall, {
    query: {
      ...goodsListQuery({ ...page, pageSize: GOODS_PAGE_SIZE }),
      ...(cinemaId ? { cinemaId } : {}),
    },
  });
}

export const goodsListQueryOptions = (categoryId: string | null, cinemaId?: string) =>
  infiniteQueryOptions({
    // No pickup cinema yet: the key the server's first screen fills.
    queryKey: cinemaId
      ? [...queryKeys.goods.list(categoryId ?? '0'), cinemaId]
      : queryKeys.goods.list(categoryId ?? '0'),
    queryFn: ({ pageParam }) => getGoodsList({ categoryId, pageNum: pageParam, cinemaId }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
  });

export function useGoodsList(categoryId: string | null, cinemaId?: string) {
  return useInfiniteQuery(goodsListQueryOptions(categoryId, cinemaId));
}
