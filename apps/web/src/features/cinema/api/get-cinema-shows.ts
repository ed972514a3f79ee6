import { cinemaShowsCall, type CallQuery } from '@marquee/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type CinemaShowsQuery = CallQuery<typeof cinemaShowsCall>;

/** GET /cinema/shows: the films a cinema shows on a date, each with its shows. */
export function getCinemaShows(query: CinemaShowsQuery) {
  return api(cinemaShowsCall, { query });
}

export const cinemaShowsQuery = (query: CinemaShowsQuery) =>
  queryOptions({ queryKey: queryKeys.cinemas.shows(query), queryFn: () => getCinemaShows(query) });

export function useCinemaShows(query: CinemaShowsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...cinemaShowsQuery(query),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
