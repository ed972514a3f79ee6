import { useEffect, useMemo, useRef, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  availabilityStreamPath,
  showAvailabilityCall,
  showLayoutCall,
  type SeatChangeEvent,
  type ShowAvailability,
} from '@marquee/contracts';
import { api, siteFromHost } from '@/lib/api/api-client';
import { applyStreamChanges, tillSeatMap } from '../till-seats-model';

/** Without the live stream the till reads the seats again this often. */
const POLL_MS = 5_000;

export const showLayoutQuery = (showId: string) =>
  queryOptions({
    queryKey: ['console', 'box-office', 'layout', showId],
    queryFn: () => api(showLayoutCall, { query: { showId } }),
    staleTime: 5 * 60_000,
  });

export const showAvailabilityQuery = (showId: string) =>
  queryOptions({
    queryKey: ['console', 'box-office', 'availability', showId],
    queryFn: () => api(showAvailabilityCall, { query: { showId } }),
    staleTime: 0,
  });

/**
 * The show's seat map as moviegoers see it (the same layout, availability and stream): the
 * layout once, the availability on open and then from the stream's changes as they come, so a seat
 * sold online greys out on the till at once. While the stream is down, the availability is read
 * every few seconds. Holds answered by the server stay the only truth.
 */
export function useTillSeats(showId: string, isEnabled = true) {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  const layout = useQuery({ ...showLayoutQuery(showId), enabled: isEnabled });
  const availability = useQuery({
    ...showAvailabilityQuery(showId),
    enabled: isEnabled,
    refetchInterval: isLive ? false : POLL_MS,
  });
  const layoutData = layout.data;
  const isLayoutStale =
    layoutData !== undefined &&
    availability.data !== undefined &&
    availability.data.layoutVersion !== layoutData.layoutVersion;

  // The hall was redrawn since the layout was read: read it again, once per newer version.
  const { refetch: refetchLayout } = layout;
  const wantedVersion = isLayoutStale ? (availability.data?.layoutVersion ?? null) : null;
  const askedVersion = useRef<string | null>(null);
  useEffect(() => {
    if (wantedVersion === null || askedVersion.current === wantedVersion) return;
    askedVersion.current = wantedVersion;
    void refetchLayout();
  }, [wantedVersion, refetchLayout]);

  useEffect(() => {
    if (!isEnabled || !layoutData || typeof EventSource === 'undefined') return;
    const { queryKey } = showAvailabilityQuery(showId);
    const reread = () => void queryClient.invalidateQueries({ queryKey });
    const source = new EventSource(
      `/api${availabilityStreamPath(showId, siteFromHost(window.location.hostname))}`,
    );
    source.addEventListener('ready', (message) => {
      const { version } = JSON.parse((message as MessageEvent<string>).data) as {
        version: number;
      };
      // Changes made before the stream opened came by no event.
      const seen = queryClient.getQueryData<ShowAvailability>(queryKey);
      if (!seen || seen.version < version) reread();
      setLive(true);
    });
    source.addEventListener('seats', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as SeatChangeEvent;
      const seen = queryClient.getQueryData<ShowAvailability>(queryKey);
      if (!seen) return reread();
      const next = applyStreamChanges(layoutData, seen, event);
      if (next === null) reread();
      else if (next !== seen) queryClient.setQueryData(queryKey, next);
    });
    source.onerror = () => setLive(false);
    return () => {
      source.close();
      setLive(false);
    };
  }, [showId, isEnabled, layoutData, queryClient]);

  const map = useMemo(
    () =>
      layoutData && availability.data && !isLayoutStale
        ? tillSeatMap(layoutData, availability.data)
        : null,
    [layoutData, availability.data, isLayoutStale],
  );
  return {
    layout: layoutData ?? null,
    map,
    isLive,
    error: layout.error ?? availability.error,
    refresh: () => availability.refetch(),
  };
}
