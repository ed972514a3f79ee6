import { filmShowsCall, type CallQuery } from '@marquee/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

export type FilmShowsQuery = CallQuery<typeof filmShowsCall>;

/** GET /film/shows: the cinemas showing a film on a date (nearest first when located). */
export function getFilmShows(query: FilmShowsQuery) {
  return api(filmShowsCall, { query });
}

export const filmShowsQuery = (query: FilmShowsQuery) =>
  queryOptions({ queryKey: queryKeys.films.shows(query), queryFn: () => getFilmShows(query) });

export function useFilmShows(query: FilmShowsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...filmShowsQuery(query),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
