import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export interface AuditFilter {
  pageNum: number;
  pageSize: number;
  staffId?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
}

export const auditListQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['console', 'audit', 'list', filter],
    queryFn: () => api(auditListCall, { query: filter }),
    placeholderData: keepPreviousData,
  });

export const useAuditList = (filter: AuditFilter) => useQuery(auditListQuery(filter));
