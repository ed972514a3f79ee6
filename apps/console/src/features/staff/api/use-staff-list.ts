import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffListCall, type StaffRole } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export interface StaffListFilter {
  pageNum: number;
  pageSize: number;
  role?: StaffRole;
}

export const staffListQuery = (filter: StaffListFilter) =>
  queryOptions({
    queryKey: ['console', 'staff', 'list', filter],
    queryFn: () => api(staffListCall, { query: filter }),
    placeholderData: keepPreviousData,
  });

export const useStaffList = (filter: StaffListFilter) => useQuery(staffListQuery(filter));
