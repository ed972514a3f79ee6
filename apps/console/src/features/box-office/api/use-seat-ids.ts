import { useQuery } from '@tanstack/react-query';
import { showSeatsCall } from '@marquee/contracts';
import { api } from '@/lib/api/api-client';

/**
 * The show's seat ids by label: the counter hold names seats by id, while the till's map (layout
 * and availability, as moviegoers read it) knows them by label. Read once per show; a hall redrawn
 * meanwhile is read again when a label is missing.
 */
export function useSeatIds(showId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['console', 'box-office', 'seat-ids', showId],
    queryFn: async () => {
      const map = await api(showSeatsCall, { query: { showId } });
      return new Map(map.rows.flatMap((row) => row.seats.map((seat) => [seat.label, seat.id])));
    },
    enabled: isEnabled,
    staleTime: 30 * 60_000,
  });
}
