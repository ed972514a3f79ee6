import { useQuery } from '@tanstack/react-query';
import { staffListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Who can be picked in the log's "by" filter: the site's staff, first 50 (owners only). */
export const useStaffOptions = () =>
  useQuery({
    queryKey: ['console', 'staff', 'list', { pageNum: 1, pageSize: 50 }],
    queryFn: () => api(staffListCall, { query: { pageNum: 1, pageSize: 50 } }),
    select: (page) =>
      page.list.map((staff) => ({
        value: staff.id,
        label: `${staff.displayName}（${staff.username}）`,
      })),
  });
