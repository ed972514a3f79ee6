import { cinemaDetailCall, type CallQuery } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type CinemaDetailQuery = CallQuery<typeof cinemaDetailCall>;

/** GET /cinema/detail: the cinema, its halls and the dates that have shows. */
export function getCinemaDetail(query: CinemaDetailQuery) {
  return api(cinemaDetailCall, { query });
}

export const cinemaDetailQuery = (query: CinemaDetailQuery) =>
  queryOptions({
    queryKey: queryKeys.cinemas.detail(query),
    queryFn: () => getCinemaDetail(query),
  });

export function useCinemaDetail(query: CinemaDetailQuery) {
  return useQuery(cinemaDetailQuery(query));
}
