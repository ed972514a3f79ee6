import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleOrderSearchCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export interface OrderSearchFilter {
  q: string;
  pageNum: number;
  pageSize: number;
}

export const orderSearchQuery = (filter: OrderSearchFilter) =>
  queryOptions({
    queryKey: ['console', 'orders', 'search', filter],
    queryFn: () => api(consoleOrderSearchCall, { query: filter }),
    placeholderData: keepPreviousData,
    enabled: filter.q.trim().length > 0,
  });

/** Orders of the cinemas one covers, by order number, phone or code, newest first. */
export const useOrderSearch = (filter: OrderSearchFilter) => useQuery(orderSearchQuery(filter));
