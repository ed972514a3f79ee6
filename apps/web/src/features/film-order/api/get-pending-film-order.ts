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
    // phone): coming back to the page brings the answer up to date.
    refetchOnWindowFocus: true,
  });

/**
 * `isWatching` (the default, for pages that only mention the order, like the seat page's banner):
 * asks again every 10 s while an order is pending. /cinema/order turns it off: it runs its own
 * countdown and pays the order itself.
 */
export function usePendingFilmOrder(
  showId: string,
  options: { enabled?: boolean; isWatching?: boolean } = {},
) {
  const isWatching = options.isWatching ?? true;
  return useQuery({
    ...pendingFilmOrderQuery(showId),
    enabled: (options.enabled ?? true) && showId !== '',
    refetchInterval: (query) =>
      isWatching && query.state.data?.order ? PENDING_REFRESH_MS : false,
  });
}
