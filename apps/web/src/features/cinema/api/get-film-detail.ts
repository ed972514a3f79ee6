import { filmDetailCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /film/detail: the film, its cast and the dates it has shows. */
export function getFilmDetail(filmId: string) {
  return api(filmDetailCall, { query: { filmId } });
}

export const filmDetailQuery = (filmId: string) =>
  queryOptions({ queryKey: queryKeys.films.detail(filmId), queryFn: () => getFilmDetail(filmId) });

export function useFilmDetail(filmId: string) {
  return useQuery({ ...filmDetailQuery(filmId), enabled: filmId !== '' });
}
