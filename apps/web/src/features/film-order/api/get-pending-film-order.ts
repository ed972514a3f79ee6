import { pendingFilmOrderCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /filmOrder/pending: the user's unpaid, unexpired order for a show, or null. */
export function getPendingFilmOrder(showId: string) {
  return api(pendingFilmOrderCall, { query: { showId } });
}

export const pendingFilmOrderQuery = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.filmOrders.pending(showId),
    queryFn: () => getPendingFilmOrder(showId),
    staleTime: 0,
  });

export function usePendingFilmOrder(showId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...pendingFilmOrderQuery(showId),
    enabled: (options.enabled ?? true) && showId !== '',
  });
}
