import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const salesReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'sales', query],
    queryFn: () => api(salesReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useSalesReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...salesReportQuery(query), enabled: isEnabled });
