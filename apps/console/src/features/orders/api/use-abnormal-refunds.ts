import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleAbnormalRefundsCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export interface AbnormalRefundsPage {
  pageNum: number;
  pageSize: number;
}

export const abnormalRefundsQuery = (page: AbnormalRefundsPage) =>
  queryOptions({
    queryKey: ['console', 'orders', 'abnormal-refunds', page],
    queryFn: () => api(consoleAbnormalRefundsCall, { query: page }),
    placeholderData: keepPreviousData,
  });

/** Refunds WeChat did not pay back (ABNORMAL, CLOSED, refused), newest first. */
export const useAbnormalRefunds = (page: AbnormalRefundsPage) =>
  useQuery(abnormalRefundsQuery(page));
