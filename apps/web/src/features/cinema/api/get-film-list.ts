import { filmListCall, type FilmStatus } from '@marquee/contracts';
export { FIRST_SCREEN_FILMS } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /film/list: films showing (best rated first) or coming soon (soonest first). */
export function getFilmList(status: FilmStatus) {
  return api(filmListCall, { query: { status } });
}

export const filmListQuery = (status: FilmStatus) =>
  queryOptions({ queryKey: queryKeys.films.list(status), queryFn: () => getFilmList(status) });

export function useFilmList(status: FilmStatus) {
  return useQuery(filmListQuery(status));
}
