import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCinemaListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const cinemaListQuery = () =>
  queryOptions({
    queryKey: ['console', 'cinemas', 'list'],
    queryFn: () => api(consoleCinemaListCall),
  });

export const useCinemaList = () => useQuery(cinemaListQuery());
