import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { todayCall, type TodayQuery } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Today's figures change as the day goes: read again every minute while the home is open. */
const REFRESH_MS = 60_000;

export const todayQuery = (query: TodayQuery) =>
  queryOptions({
    queryKey: ['console', 'today', query],
    queryFn: () => api(todayCall, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const useToday = (query: TodayQuery) => useQuery(todayQuery(query));
