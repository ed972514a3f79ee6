import { filmListCall, type FilmStatus } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** The films a phone shows before scrolling: their posters load at once, the rest lazily. */
export const FIRST_SCREEN_FILMS = 4;

/** GET /film/list: films showing (best rated first) or coming soon (soonest first). */
export function getFilmList(status: FilmStatus) {
  return api(filmListCall, { query: { status } });
}

export const filmListQuery = (status: FilmStatus) =>
  queryOptions({ queryKey: queryKeys.films.list(status), queryFn: () => getFilmList(status) });

export function useFilmList(status: FilmStatus) {
  return useQuery(filmListQuery(status));
}
