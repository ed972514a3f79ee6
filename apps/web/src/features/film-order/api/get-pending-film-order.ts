import { pendingFilmOrderCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

const PENDING_REFRESH_MS = 10_000;

/** GET /filmOrder/pending: the user's unpaid, unexpired order for a show, or null. */
export function getPendingFilmOrder(showId: string) {
  return api(pendingFilmOrderCall, { query: { showId } });
}

export const pendingFilmOrderQuery = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.filmOrders.pending(showId),
    queryFn: () => getPendingFilmOrder(showId),
    staleTime: 0,
    // Paid or cancelled elsewhere (WeChat's sheet finishing after its page was left, another
    // phone): coming back to the page, or a while on it, brings the answer up to date.
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.order ? PENDING_REFRESH_MS : false),
  });

export function usePendingFilmOrder(showId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...pendingFilmOrderQuery(showId),
    enabled: (options.enabled ?? true) && showId !== '',
  });
}
