import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMeCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { getStaffToken } from '@/lib/api/staff-token';

/** Who is signed in: role, site and covered cinemas. Only asked when a staff token is kept. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['console', 'auth', 'me'],
    queryFn: () => api(staffMeCall),
    enabled: getStaffToken() !== undefined,
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQuery());
