import { showLayoutCall } from '@marquee/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /show/layout: the seat map's unchanging half (hall, prices, rules' settings). A plain GET
 * with no cache-busting, so the browser keeps it and revalidates it with its ETag (304).
 */
export function getShowLayout(showId: string, options: { isRevalidated?: boolean } = {}) {
  return api(showLayoutCall, {
    query: { showId },
    ...(options.isRevalidated ? { cache: 'no-cache' as const } : {}),
  });
}

/**
 * Kept while in use: the availability says when it changed (its `layoutVersion`); then
 * `isRevalidated` asks the server past the browser's cache (which may keep the old one 60 s).
 */
export const showLayoutQuery = (showId: string, options: { isRevalidated?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.shows.layout(showId),
    queryFn: () => getShowLayout(showId, options),
    staleTime: Infinity,
  });
