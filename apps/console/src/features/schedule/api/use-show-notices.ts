import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showNoticeResendCall, showNoticesCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const showNoticesQuery = (showId: string) =>
  queryOptions({
    queryKey: ['console', 'schedule', 'notices', showId],
    queryFn: () => api(showNoticesCall, { query: { showId } }),
  });

export const useShowNotices = (showId: string | undefined) =>
  useQuery({ ...showNoticesQuery(showId ?? ''), enabled: Boolean(showId) });

/** Send one notice again; the list refreshes to show it pending. */
export function useResendShowNotice(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) => api(showNoticeResendCall, { body: { showId, noticeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: showNoticesQuery(showId).queryKey }),
  });
}
