import { showSeatsCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Availability goes stale fast while people choose seats: without the live stream, refresh every 10 s and on focus. */
export const SEAT_REFRESH_MS = 10_000;
const FRESH_ON_MOUNT_MS = 3_000;

/** GET /show/seats: the hall's layout with each seat's state, the prices and the seat limit. */
export function getShowSeats(showId: string) {
  return api(showSeatsCall, { query: { showId } });
}

export const showSeatsQuery = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.seats(showId),
    queryFn: () => getShowSeats(showId),
    staleTime: 0,
  });

/** `isLive`: seat changes arrive by the availability stream (useLiveSeats), so no polling. */
export function useShowSeats(showId: string, options: { isLive?: boolean } = {}) {
  return useQuery({
    ...showSeatsQuery(showId),
    enabled: showId !== '',
    refetchInterval: options.isLive ? false : SEAT_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A map fetched moments ago (the first screen's preload, app/first-screen.ts) is not fetched
    // a second time as the page mounts; anything older is.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > FRESH_ON_MOUNT_MS,
  });
}
