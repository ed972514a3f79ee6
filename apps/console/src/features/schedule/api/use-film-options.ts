import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleFilmListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The site's films for the add-show form (the same call as the films page, its own key). */
export const filmOptionsQuery = () =>
  queryOptions({
    queryKey: ['console', 'films', 'list'],
    queryFn: () => api(consoleFilmListCall),
  });

export const useFilmOptions = () => useQuery(filmOptionsQuery());
