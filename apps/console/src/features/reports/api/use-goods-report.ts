import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { goodsReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const goodsReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'goods', query],
    queryFn: () => api(goodsReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useGoodsReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...goodsReportQuery(query), enabled: isEnabled });
