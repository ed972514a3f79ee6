import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleHallLayoutCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** A hall's current layout as the editor paints it; always read fresh when the editor opens. */
export const hallLayoutQuery = (hallId: string | undefined) =>
  queryOptions({
    queryKey: ['console', 'cinemas', 'layout', hallId],
    queryFn: () => api(consoleHallLayoutCall, { query: { hallId: hallId! } }),
    enabled: hallId !== undefined,
    staleTime: 0,
  });

export const useHallLayout = (hallId: string | undefined) => useQuery(hallLayoutQuery(hallId));
