import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayCloseCall, dayCloseViewCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const dayCloseViewQuery = (cinemaId: string, businessDate: string) =>
  queryOptions({
    queryKey: ['console', 'day-close', cinemaId, businessDate],
    queryFn: () => api(dayCloseViewCall, { query: { cinemaId, businessDate } }),
  });

/** A cinema's business day as the close sees it: shifts, totals, whether it is closed. */
export const useDayCloseView = (cinemaId: string | undefined, businessDate: string) =>
  useQuery({
    ...dayCloseViewQuery(cinemaId ?? '', businessDate),
    enabled: cinemaId !== undefined,
  });

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { cinemaId: string; businessDate: string; note?: string }) =>
      api(dayCloseCall, { body }),
    onSuccess: (view) =>
      queryClient.setQueryData(dayCloseViewQuery(view.cinemaId, view.businessDate).queryKey, view),
  });
}
