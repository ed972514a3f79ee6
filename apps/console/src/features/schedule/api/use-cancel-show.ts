import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { showCancelCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The week view refreshes after the change. */
export function useCancelShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof showCancelCall>) => api(showCancelCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
}
