import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cardsReportCall, type ReportQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const cardsReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ['console', 'reports', 'cards', query],
    queryFn: () => api(cardsReportCall, { query }),
    placeholderData: keepPreviousData,
  });

export const useCardsReport = (query: ReportQuery, isEnabled = true) =>
  useQuery({ ...cardsReportQuery(query), enabled: isEnabled });
