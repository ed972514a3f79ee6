import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { showCopyCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The week view refreshes after the change. */
export function useCopyShows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof showCopyCall>) => api(showCopyCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
}
