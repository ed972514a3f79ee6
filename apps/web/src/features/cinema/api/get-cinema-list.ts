import { cinemaListCall, type CallQuery } from '@marquee/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type CinemaListQuery = CallQuery<typeof cinemaListCall>;

/** GET /cinema/list: by distance when lat/lng are sent, else by name; `keyword` for search. */
export function getCinemaList(query: CinemaListQuery) {
  return api(cinemaListCall, { query });
}

export const cinemaListQuery = (query: CinemaListQuery) =>
  queryOptions({ queryKey: queryKeys.cinemas.list(query), queryFn: () => getCinemaList(query) });

export function useCinemaList(query: CinemaListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...cinemaListQuery(query),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
