import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleWeekCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const scheduleWeekQuery = (cinemaId: string, from: string) =>
  queryOptions({
    queryKey: ['console', 'schedule', 'week', { cinemaId, from }],
    queryFn: () => api(scheduleWeekCall, { query: { cinemaId, from } }),
    placeholderData: keepPreviousData,
  });

export const useScheduleWeek = (cinemaId: string | undefined, from: string) =>
  useQuery({ ...scheduleWeekQuery(cinemaId ?? '', from), enabled: Boolean(cinemaId) });
