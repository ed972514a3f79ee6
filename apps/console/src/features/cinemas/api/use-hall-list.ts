import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleHallListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const hallListQuery = (cinemaId: string | undefined) =>
  queryOptions({
    queryKey: ['console', 'cinemas', 'halls', cinemaId],
    queryFn: () => api(consoleHallListCall, { query: { cinemaId: cinemaId! } }),
    enabled: cinemaId !== undefined,
  });

export const useHallList = (cinemaId: string | undefined) => useQuery(hallListQuery(cinemaId));
