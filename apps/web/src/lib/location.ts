import { useEffect, useState } from 'react';
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
  | { status: 'unavailable' };

const TIMEOUT_MS = 8_000;
let cached: Promise<LocationState> | null = null;

export function locate(): Promise<LocationState> {
  cached ??= new Promise<LocationState>((resolve) => {
    // Some browsers (and web views) never answer when the prompt is dismissed: give up like a refusal.
    const timer = setTimeout(() => resolve({ status: 'unavailable' }), TIMEOUT_MS + 1_000);
    getLocation().then(
      ({ latitude, longitude }) => {
        clearTimeout(timer);
        resolve({ status: 'located', point: { lat: latitude, lng: longitude } });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ status: isMessengerError(error, 'denied') ? 'denied' : 'unavailable' });
      },
    );
  }).then((state) => {
    // A refusal may be reconsidered: ask again on the next page rather than never.
    if (state.status !== 'located') cached = null;
    return state;
  });
  return cached;
}

/** The visitor's location, asked for once per page load. */
export function useLocation(): LocationState {
  const [state, setState] = useState<LocationState>({ status: 'locating' });
  useEffect(() => {
    let isCurrent = true;
    void locate().then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}

/** Coordinates as query parameters, rounded to about 100 m so nearby requests share a cache. */
export function nearQueryOf(state: LocationState): { lat?: number; lng?: number } {
  if (state.status !== 'located') return {};
  return { lat: round3(state.point.lat), lng: round3(state.point.lng) };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
