import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { wechatReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const wechatReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'wechat', query],
    queryFn: () => api(wechatReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useWechatReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...wechatReportQuery(query), enabled: isEnabled });
