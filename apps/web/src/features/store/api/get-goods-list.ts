import { getGoodsListCall, GOODS_PAGE_SIZE, goodsListQuery } from '@marquee/contracts';
export { FIRST_SCREEN_GOODS, GOODS_PAGE_SIZE } from '@marquee/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: GET /goods/getGoodsList; spec §5: categoryId only when it is set and not 0. */
export function getGoodsList(params: { categoryId: string | null; pageNum: number }) {
  return api(getGoodsListCall, {
    query: goodsListQuery({ ...params, pageSize: GOODS_PAGE_SIZE }),
  });
}

export const goodsListQueryOptions = (categoryId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.goods.list(categoryId ?? '0'),
    queryFn: ({ pageParam }) => getGoodsList({ categoryId, pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
  });

export function useGoodsList(categoryId: string | null) {
  return useInfiniteQuery(goodsListQueryOptions(categoryId));
}
