import { getCardListCall } from '@marquee/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

const PAGE_SIZE = 10;

/** Spec §7: GET /useCardRecord/getCardList?pageNum&pageSize: the card transactions, newest first. */
export function getCardRecords(pageNum: number) {
  return api(getCardListCall, { query: { pageNum, pageSize: PAGE_SIZE } });
}

export const cardRecordsQuery = infiniteQueryOptions({
  queryKey: queryKeys.cards.records,
  queryFn: ({ pageParam }) => getCardRecords(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
});

export function useCardRecords() {
  return useInfiniteQuery(cardRecordsQuery);
}
