import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { advanceReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const advanceReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'advance', query],
    queryFn: () => api(advanceReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useAdvanceReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...advanceReportQuery(query), enabled: isEnabled });
