import { showAvailabilityCall } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** GET /show/availability: each seat's state now, one short string per row (a few hundred bytes). */
export function getShowAvailability(showId: string) {
  return api(showAvailabilityCall, { query: { showId } });
}
