import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { availabilityStreamPath, type SeatChangeEvent } from '@marquee/contracts';
import { apiBaseUrl, siteFromHost } from '@/lib/api/host';
import { showSeatsQuery } from '../api/get-show-seats';
import { applySeatChanges } from '../live-seats-model';

/**
 * While the seat page is open, follow the show's seat changes as they happen (Server-Sent Events
 * from `/api/show/availability/stream`): each change is applied to the seat map's query data, so a
 * seat someone else just took greys out at once (and leaves the choice, with a word, through the
 * seat picker's check of fresh data). Once subscribed (first time or after a reconnect) the
 * availability is read once more if the map is older than the stream's version, so nothing that
 * changed before the stream was open is missed. An event without its changes reads it too.
 * Answers whether the stream is live: while it is not, `useShowSeats` polls (every SEAT_REFRESH_MS).
 * Holds answered by the server remain the only truth: this only makes the map fresher.
 */
export function useLiveSeats(showId: string): boolean {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);

  useEffect(() => {
    if (!showId || typeof EventSource === 'undefined') return;
    const seatsQuery = showSeatsQuery(showId);
    const { queryKey } = seatsQuery;
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    /** Reads the availability again unless the map (the read in flight, if any) is as new. */
    const readIfOlder = async (newest: number) => {
      const map = await queryClient.ensureQueryData(seatsQuery).catch(() => undefined);
      if (!map || map.version < newest) refetch();
    };
    let version: number | null = null;

    const { hostname } = window.location;
    const base = apiBaseUrl(hostname, {
      test: import.meta.env.VITE_API_TEST_BASE,
      production: import.meta.env.VITE_API_PROD_BASE,
    });
    const url = `${base}${availabilityStreamPath(showId, siteFromHost(hostname))}`;
    const source = new EventSource(url);
    source.addEventListener('ready', (message) => {
      const ready = JSON.parse((message as MessageEvent<string>).data) as { version: number };
      // Changes before the stream opened (or while it was down) came by no event: read afresh
      // (only the availability; the layout stays), unless the map already shows this version.
      if (version === null || ready.version !== version) void readIfOlder(ready.version);
      version = ready.version;
      setLive(true);
    });
    source.addEventListener('seats', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as SeatChangeEvent;
      if (version !== null && event.version <= version) return;
      version = event.version;
      if (!event.changes) {
        refetch();
        return;
      }
      queryClient.setQueryData(queryKey, (map) => (map ? applySeatChanges(map, event) : map));
    });
    source.onerror = () => {
      // EventSource retries by itself; until it is back, the seat map polls.
      setLive(false);
    };
    return () => {
      source.close();
      setLive(false);
    };
  }, [showId, queryClient]);

  return isLive;
}
