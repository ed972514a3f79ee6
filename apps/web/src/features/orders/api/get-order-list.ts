import { orderListCall, type OrderKind } from '@marquee/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

const PAGE_SIZE = 10;

/** GET /order/list?kind&pageNum&pageSize: the user's orders, newest first. */
export function getOrderList(kind: OrderKind, pageNum: number) {
  return api(orderListCall, { query: { kind, pageNum, pageSize: PAGE_SIZE } });
}

export const orderListQuery = (kind: OrderKind) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.list(kind),
    queryFn: ({ pageParam }) => getOrderList(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
  });

export function useOrderList(kind: OrderKind) {
  return useInfiniteQuery(orderListQuery(kind));
}
