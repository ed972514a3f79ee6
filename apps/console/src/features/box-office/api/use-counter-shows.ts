import { queryOptions, useQuery } from '@tanstack/react-query';
import { counterShowsCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const counterShowsQuery = (cinemaId: string | undefined) =>
  queryOptions({
    queryKey: ['console', 'box-office', 'shows', cinemaId ?? 'mine'],
    queryFn: () => api(counterShowsCall, { query: { cinemaId } }),
  });

/** Today's shows of the till's cinema; seats left refresh every half minute and on focus. */
export const useCounterShows = (cinemaId: string | undefined) =>
  useQuery({ ...counterShowsQuery(cinemaId), refetchInterval: 30_000 });
