import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { composeShowSeats } from '../show-seats-model';
import { getShowAvailability } from './get-show-availability';
import { showLayoutQuery } from './get-show-layout';

/** Availability goes stale fast while people choose seats: without the live stream, refresh every 10 s and on focus. */
export const SEAT_REFRESH_MS = 10_000;
const FRESH_ON_MOUNT_MS = 3_000;

/**
 * The seat map (the `/show/seats` shape, composed by `composeShowSeats`) from the layout and the
 * availability, read in parallel. The layout comes from the query cache once read (and from the
 * browser's cache, revalidated by ETag, on a new visit), so a refresh reads only the availability;
 * the layout is read again only when the availability follows a newer layout version.
 */
export async function getShowSeats(client: QueryClient, showId: string) {
  const [layout, availability] = await Promise.all([
    client.ensureQueryData(showLayoutQuery(showId)),
    getShowAvailability(showId),
  ]);
  if (availability.layoutVersion === layout.layoutVersion) {
    return composeShowSeats(layout, availability);
  }
  const fresh = await client.fetchQuery({
    ...showLayoutQuery(showId, { isRevalidated: true }),
    staleTime: 0,
  });
  return composeShowSeats(fresh, availability);
}

export const showSeatsQuery = (showId: string) =>
  queryOptions({
    queryKey: queryKeys.shows.seats(showId),
    queryFn: ({ client }) => getShowSeats(client, showId),
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
