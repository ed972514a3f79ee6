import { showLayoutCall } from '@marquee/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /show/layout: the seat map's unchanging half (hall, prices, rules' settings). A plain GET
 * with no cache-busting, so the browser keeps it and revalidates it with its ETag (304).
 */
export function getShowLayout(showId: string) {
  return api(showLayoutCall, { query: { showId } });
}

/** Kept for the page's life: availability says when it changed (its `layoutVersion`). */
export const showLayoutQuery = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.layout(showId),
    queryFn: () => getShowLayout(showId),
    staleTime: Infinity,
  });
