import { getUserInfoCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: GET /userInfo/getUserInfo with a `time` cache-buster. */
export function getUserInfo() {
  return api(getUserInfoCall, { query: { time: Date.now() } });
}

export const userInfoQuery = queryOptions({ queryKey: queryKeys.userInfo, queryFn: getUserInfo });

export function useUserInfo() {
  return useQuery(userInfoQuery);
}
