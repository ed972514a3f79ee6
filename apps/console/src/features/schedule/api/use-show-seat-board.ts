import { queryOptions, useQuery } from '@tanstack/react-query';
import { showSeatBoardCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const showSeatBoardQuery = (showId: string) =>
  queryOptions({
    queryKey: ['console', 'schedule', 'seats', showId],
    queryFn: () => api(showSeatBoardCall, { query: { showId } }),
  });

export const useShowSeatBoard = (showId: string | undefined) =>
  useQuery({ ...showSeatBoardQuery(showId ?? ''), enabled: Boolean(showId) });
