import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleFilmListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const filmListQuery = () =>
  queryOptions({
    queryKey: ['console', 'films', 'list'],
    queryFn: () => api(consoleFilmListCall),
  });

export const useFilmList = () => useQuery(filmListQuery());
