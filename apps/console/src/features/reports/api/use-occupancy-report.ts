import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { occupancyReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const occupancyReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'occupancy', query],
    queryFn: () => api(occupancyReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useOccupancyReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...occupancyReportQuery(query), enabled: isEnabled });
