import { useCallback, useEffect, useState } from 'react';
import { getLocation } from './messenger/messenger';
import { isMessengerError } from './messenger/messenger-errors';

/**
 * Where the visitor is, in gcj02 (spec §9): WeChat's getLocation inside WeChat, the browser's
 * Geolocation converted from WGS-84 elsewhere (lib/messenger).
 */
export interface Gcj02Point {
  lat: number;
  lng: number;
}

export type LocationState =
  | { status: 'locating' }
  | { status: 'located'; point: Gcj02Point }
  | { status: 'denied' }
  /** Asked, allowed or not, and no answer in time (WeChat's can take long): not a refusal. */
  | { status: 'timedOut' }
  | { status: 'unavailable' };

const TIMEOUT_MS = 8_000;
let cached: Promise<LocationState> | null = null;

/**
 * The last location this browser shared, so lists sort by it at once while a fresh one is asked
 * for (WeChat's and the browser's answers take seconds). Only a point rounded to about 100 m.
 */
export const LAST_LOCATION_KEY = 'marquee.lastLocation';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function rememberedPoint(store: Storage | undefined = storage()): Gcj02Point | null {
  try {
    const saved = JSON.parse(store?.getItem(LAST_LOCATION_KEY) ?? 'null') as unknown;
    if (
      saved &&
      typeof saved === 'object' &&
      typeof (saved as Gcj02Point).lat === 'number' &&
      typeof (saved as Gcj02Point).lng === 'number'
    ) {
      return { lat: (saved as Gcj02Point).lat, lng: (saved as Gcj02Point).lng };
    }
  } catch {
    // Unreadable: as if nothing was remembered.
  }
  return null;
}

export function rememberPoint(
  point: Gcj02Point | null,
  store: Storage | undefined = storage(),
): void {
  try {
    if (point) {
      store?.setItem(
        LAST_LOCATION_KEY,
        JSON.stringify({ lat: round3(point.lat), lng: round3(point.lng) }),
      );
    } else store?.removeItem(LAST_LOCATION_KEY);
  } catch {
    // Storage full or blocked: the next visit asks again, nothing more.
  }
}

export function locate(): Promise<LocationState> {
  cached ??= new Promise<LocationState>((resolve) => {
    // Some browsers (and web views) never answer, and WeChat may take longer than we wait: the
    // page says so and offers to try again, rather than advising to allow what may be allowed.
    const timer = setTimeout(() => resolve({ status: 'timedOut' }), TIMEOUT_MS + 1_000);
    getLocation().then(
      ({ latitude, longitude }) => {
        clearTimeout(timer);
        resolve({ status: 'located', point: { lat: latitude, lng: longitude } });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({
          status: isMessengerError(error, 'denied')
            ? 'denied'
            : /timeout/i.test(error instanceof Error ? error.message : '')
              ? 'timedOut'
              : 'unavailable',
        });
      },
    );
  }).then((state) => {
    // A refusal may be reconsidered: ask again on the next page rather than never.
    if (state.status !== 'located') cached = null;
    if (state.status === 'located') rememberPoint(state.point);
    // Refused: the remembered point is not used against the visitor's wish.
    if (state.status === 'denied') rememberPoint(null);
    return state;
  });
  return cached;
}

/** The visitor's location, asked for once per page load. */
export function useLocation(): LocationState {
  return useLocationWithRetry()[0];
}

/** The visitor's location, and a way to ask again after it was not had (timed out, failed). */
export function useLocationWithRetry(): [LocationState, () => void] {
  const [state, setState] = useState<LocationState>({ status: 'locating' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    void locate().then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'locating' });
    setAttempt((count) => count + 1);
  }, []);
  return [state, retry];
}

/**
 * Coordinates as query parameters, rounded to about 100 m so nearby requests share a cache. While
 * the location is being asked for (or could not be had), the last one shared stands in, so a list
 * shows at once and sorts again when the fresh one arrives; none after a refusal.
 */
export function nearQueryOf(
  state: LocationState,
  remembered: Gcj02Point | null = rememberedPoint(),
): { lat?: number; lng?: number } {
  const point =
    state.status === 'located' ? state.point : state.status === 'denied' ? null : remembered;
  if (!point) return {};
  return { lat: round3(point.lat), lng: round3(point.lng) };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
