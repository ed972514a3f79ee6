import { cinemaMessages } from '../cinema-messages';

/** "850m" under a kilometre, "1.2km" under 100 km, "123km" beyond. */
export function formatDistance(meters: number | null): string | null {
  if (meters === null) return null;
  const t = cinemaMessages.translate;
  if (meters < 1000) return t('distanceM', { value: Math.max(1, Math.round(meters)) });
  const km = meters / 1000;
  return t('distanceKm', { value: km < 100 ? km.toFixed(1) : String(Math.round(km)) });
}
